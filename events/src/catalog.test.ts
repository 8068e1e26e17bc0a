import { describe, expect, it } from 'vitest';
import { assertValidEvent, eventTypes, InvalidEventError } from './catalog.ts';

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
        'BookingPlaced',
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
