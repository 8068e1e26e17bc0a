import { describe, expect, it } from 'vitest';
import {
  assertValidEvent,
  currentSchemaVersion,
  eventTypes,
  InvalidEventError,
  upcastEvent,
} from './catalog.ts';

const metadata = {
  actorUid: 'u1',
  actorEmail: 'a@example.com',
  occurredAt: '2026-11-21T10:00:00.000Z',
  correlationId: 'c1',
  causationId: 'c1',
};

describe('event catalog', () => {
  it('names every state change the spec implies', () => {
    expect(eventTypes).toEqual(
      expect.arrayContaining([
        'UserRegistered',
        'UserPromoted',
        'UserDeleted',
        'SellerRegistered',
        'SellerVerified',
        'SellerDeleted',
        'CategoryCreated',
        'ProductListed',
        'ProductReported',
        'ProductBooked',
        'ReportedProductDeleted',
        'ProductAdvertised',
        'ProductMarkedAvailable',
        'ProductSold',
        'ProductReleased',
        'ProductPriceChanged',
        'ProductConditionChanged',
        'ProductDescriptionChanged',
        'ProductPictureChanged',
        'ProductWithdrawn',
        'ProductSoldElsewhere',
        'BookingPlaced',
        'BookingAccepted',
        'BookingDeclined',
        'BookingCancelled',
        'BookingExpired',
      ]),
    );
  });

  it('accepts a valid payload with metadata', () => {
    expect(() =>
      assertValidEvent(
        'UserRegistered',
        1,
        { uid: 'u1', name: 'Ann', email: 'ann@example.com', role: 'buyer' },
        metadata,
      ),
    ).not.toThrow();
  });

  it('refuses admin as a registration role, unknown fields and missing metadata', () => {
    const data = { uid: 'u1', name: 'Ann', email: 'ann@example.com', role: 'admin' };
    expect(() => assertValidEvent('UserRegistered', 1, data, metadata)).toThrow(InvalidEventError);
    expect(() => assertValidEvent('UserDeleted', 1, { uid: 'u1', extra: true }, metadata)).toThrow(
      /must not have additional properties|additional/i,
    );
    expect(() => assertValidEvent('UserDeleted', 1, { uid: 'u1' }, {})).toThrow(/metadata/);
  });

  it('refuses unknown types and versions', () => {
    expect(() => assertValidEvent('UserTeleported', 1, {}, metadata)).toThrow(/unknown/);
    expect(() => assertValidEvent('UserDeleted', 9, { uid: 'u1' }, metadata)).toThrow(/unknown/);
  });
});

describe('upcasting, as the stores apply it to every event they read', () => {
  const name = '0b9e4c1a-5d7e-4f3b-9a2c-7e1f0d3b5a6c.png';
  const listingV1 = {
    productId: 'p1',
    productName: 'Galaxy S21',
    picture: `http://127.0.0.1:5000/images/${name}`,
    address: 'Dhaka',
    year: 2,
    buyingPrice: 800,
    sellingPrice: 450,
    sellerName: 'Bob',
    condition: 'Good',
    phone: '01700000000',
    about: 'Works well',
    postTime: '2026-11-20T09:00:00.000Z',
    Brand: 'Samsung',
    email: 'bob@example.com',
    sellerEmail: 'bob@example.com',
    sellerUid: 'bob-uid',
  };

  it('writes images by name from version 2 of CategoryCreated and ProductListed on', () => {
    expect(currentSchemaVersion('CategoryCreated')).toBe(2);
    expect(currentSchemaVersion('ProductListed')).toBe(2);
    const category = { categoryId: 'samsung', title: 'Samsung', image: name };
    expect(() => assertValidEvent('CategoryCreated', 2, category, metadata)).not.toThrow();
    expect(() =>
      assertValidEvent(
        'CategoryCreated',
        2,
        { ...category, image: `http://h/images/${name}` },
        metadata,
      ),
    ).toThrow(InvalidEventError);
    expect(() => assertValidEvent('ProductListed', 1, listingV1, metadata)).not.toThrow();
  });

  it('reduces a version 1 picture URL of any host, port or prefix to the image name', () => {
    for (const url of [
      `http://127.0.0.1:5000/images/${name}`,
      `http://localhost:5123/images/${name}`,
      `https://market.example/api/images/${name}`,
    ])
      expect(
        upcastEvent({
          type: 'ProductListed',
          schemaVersion: 1,
          data: { ...listingV1, picture: url },
        }),
      ).toEqual({ type: 'ProductListed', schemaVersion: 2, data: { ...listingV1, picture: name } });
    expect(
      upcastEvent({
        type: 'CategoryCreated',
        schemaVersion: 1,
        data: { categoryId: 'oppo', title: 'Oppo', image: `http://127.0.0.1:4000/images/${name}` },
      }),
    ).toEqual({
      type: 'CategoryCreated',
      schemaVersion: 2,
      data: { categoryId: 'oppo', title: 'Oppo', image: name },
    });
  });

  it('keeps the rest of the recorded event, and a picture elsewhere as it was', () => {
    const recorded = {
      eventId: 'e1',
      position: 7,
      type: 'ProductListed',
      schemaVersion: 1,
      data: { ...listingV1, picture: 'https://img.example/s21.jpg' },
    };
    expect(upcastEvent(recorded)).toEqual({ ...recorded, schemaVersion: 2 });
  });

  it('hands out a current event itself, unchanged', () => {
    const current = { type: 'UserDeleted', schemaVersion: 1, data: { uid: 'u1' } };
    expect(upcastEvent(current)).toBe(current);
    const listed = {
      type: 'ProductListed',
      schemaVersion: 2,
      data: { ...listingV1, picture: name },
    };
    expect(upcastEvent(listed)).toBe(listed);
  });
});

describe('bookings made before bookings ended (version 1)', () => {
  const booking = {
    productId: 'p1',
    bookingId: 'b1',
    buyerUid: 'ann1',
    buyerName: 'Ann',
    email: 'ann@example.com',
    phone: '',
    address: '',
    sellingPrice: 400,
    Brand: 'Apple',
    productName: 'iPhone 12',
  };

  it.each(['ProductBooked', 'BookingPlaced'])(
    '%s is read pending, without a seller, expiring 48 hours after it was made',
    (type) => {
      assertValidEvent(type, 1, booking, metadata);
      const upcast = upcastEvent({ type, schemaVersion: 1, data: booking, metadata });
      expect(upcast).toEqual({
        type,
        schemaVersion: 2,
        data: {
          ...booking,
          sellerUid: null,
          sellerEmail: null,
          expiresAt: '2026-11-23T10:00:00.000Z',
        },
        metadata,
      });
      expect(currentSchemaVersion(type)).toBe(2);
      expect(() => assertValidEvent(type, 2, upcast.data, metadata)).not.toThrow();
    },
  );

  it('cannot be read without the time it occurred', () => {
    expect(() => upcastEvent({ type: 'BookingPlaced', schemaVersion: 1, data: booking })).toThrow(
      InvalidEventError,
    );
  });
});

describe('reports and deletions made before reasons (version 1)', () => {
  it("a report is read as its actor's, with the reason 'not-given', at the time it occurred", () => {
    const upcast = upcastEvent({
      type: 'ProductReported',
      schemaVersion: 1,
      data: { productId: 'p1' },
      metadata,
    });
    expect(upcast.data).toEqual({
      productId: 'p1',
      reporterUid: 'u1',
      reporterName: 'a@example.com',
      reason: 'not-given',
      details: null,
      reportedAt: '2026-11-21T10:00:00.000Z',
    });
    expect(currentSchemaVersion('ProductReported')).toBe(2);
    expect(() => assertValidEvent('ProductReported', 2, upcast.data, metadata)).not.toThrow();
  });

  it("a deletion is read as its actor's, with the reason 'not given'", () => {
    const upcast = upcastEvent({
      type: 'ReportedProductDeleted',
      schemaVersion: 1,
      data: { productId: 'p1' },
      metadata,
    });
    expect(upcast.data).toEqual({ productId: 'p1', adminUid: 'u1', reason: 'not given' });
    expect(() =>
      assertValidEvent('ReportedProductDeleted', 2, upcast.data, metadata),
    ).not.toThrow();
  });
});
