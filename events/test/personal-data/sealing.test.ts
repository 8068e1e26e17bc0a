import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { assertValidEvent, InvalidEventError } from '../../src/catalog.ts';
import { systemActor } from '../../src/envelope.ts';
import { erasedValues } from '../../src/personal-data/personal-fields.ts';
import {
  openPersonalData,
  personalSubjectsOf,
  sealedPartsMember,
  sealPersonalData,
  type KeyLookup,
} from '../../src/personal-data/sealing.ts';
import { metadata } from '../store/fixtures.ts';

const booking = {
  bookingId: 'b1',
  productId: 'p1',
  productName: 'Pixel 7',
  Brand: 'Google',
  buyerUid: 'buyer-1',
  buyerName: 'Bea Buyer',
  email: 'bea@example.com',
  phone: '+44 7700 900123',
  address: '12 Rosebank Road, Leeds',
  sellingPrice: 300,
  sellerUid: 'seller-1',
  sellerEmail: 'sam@example.com',
  expiresAt: '2026-11-23T10:00:00.000Z',
};
const byBuyer = metadata({ actorUid: 'buyer-1', actorEmail: 'bea@example.com' });

const keyring = (): { keys: Map<string, KeyObject | null>; lookup: KeyLookup } => {
  const keys = new Map<string, KeyObject | null>();
  return {
    keys,
    lookup: (subject) => {
      if (!keys.has(subject)) keys.set(subject, createSecretKey(randomBytes(32)));
      return keys.get(subject) ?? null;
    },
  };
};

describe('sealing personal data', () => {
  it('given a booking, when it is sealed, then no personal value is left in clear, one part per person', () => {
    const { lookup } = keyring();
    const stored = sealPersonalData('BookingPlaced', booking, byBuyer, lookup);
    const text = JSON.stringify(stored);
    for (const value of ['Bea Buyer', 'bea@example.com', '+44 7700', 'Rosebank', 'sam@example'])
      expect(text).not.toContain(value);
    // Ids, prices and what was booked stay readable.
    expect(stored.data).toMatchObject({ bookingId: 'b1', buyerUid: 'buyer-1', sellingPrice: 300 });
    expect(stored.metadata).toMatchObject({ actorUid: 'buyer-1', actorEmail: '' });
    const parts = (stored.data as Record<string, { subject: string; fields: string[] }[]>)[
      sealedPartsMember
    ];
    expect(parts?.map((part) => [part.subject, part.fields])).toEqual([
      [
        'buyer-1',
        ['data.buyerName', 'data.email', 'data.phone', 'data.address', 'metadata.actorEmail'],
      ],
      ['seller-1', ['data.sellerEmail']],
    ]);
    expect(personalSubjectsOf('BookingPlaced', booking, byBuyer)).toEqual(['buyer-1', 'seller-1']);
  });

  it('given a sealed event, when it is opened with the keys, then it is the event appended', () => {
    const { lookup } = keyring();
    const stored = sealPersonalData('BookingPlaced', booking, byBuyer, lookup);
    expect(openPersonalData('BookingPlaced', stored.data, stored.metadata, lookup)).toEqual({
      data: booking,
      metadata: byBuyer,
    });
  });

  it('given the buyer erased, when the event is opened, then their fields read erased and stay valid', () => {
    const { keys, lookup } = keyring();
    const stored = sealPersonalData('BookingPlaced', booking, byBuyer, lookup);
    keys.set('buyer-1', null);
    const opened = openPersonalData('BookingPlaced', stored.data, stored.metadata, lookup);
    expect(opened.data).toEqual({
      ...booking,
      buyerName: erasedValues.name,
      email: erasedValues.email,
      phone: erasedValues.phone,
      address: erasedValues.address,
    });
    expect(opened.metadata).toEqual({ ...byBuyer, actorEmail: erasedValues.email });
    expect(() => assertValidEvent('BookingPlaced', 2, opened.data, opened.metadata)).not.toThrow();
  });

  it('given a person already erased, when an event of theirs is sealed, then it is stored erased, in clear', () => {
    const { keys, lookup } = keyring();
    keys.set('buyer-1', null);
    const stored = sealPersonalData('BookingPlaced', booking, byBuyer, lookup);
    expect(stored.data).toMatchObject({ buyerName: 'erased', email: erasedValues.email });
    expect(JSON.stringify(stored)).not.toContain('bea@example.com');
  });

  it('given an event without personal data or by the system, when sealed, then it is stored as it is', () => {
    const { lookup } = keyring();
    const data = { productId: 'p1' };
    const system = metadata({ ...systemActor });
    const stored = sealPersonalData('ProductAdvertised', data, system, lookup);
    expect(stored).toEqual({ data, metadata: system });
    expect(openPersonalData('ProductAdvertised', data, system, lookup)).toEqual(stored);
  });

  it('given a tampered part, when it is opened, then the event is refused as invalid', () => {
    const { lookup } = keyring();
    const stored = sealPersonalData('BookingPlaced', booking, byBuyer, lookup);
    const parts = (stored.data as Record<string, { sealed: string }[]>)[sealedPartsMember] ?? [];
    const tampered = {
      ...stored.data,
      [sealedPartsMember]: parts.map((part) => ({ ...part, sealed: `A${part.sealed.slice(1)}` })),
    };
    expect(() => openPersonalData('BookingPlaced', tampered, stored.metadata, lookup)).toThrow(
      InvalidEventError,
    );
  });
});
