import type { AnyEvent } from '@resale/events';
import { describe, expect, it } from 'vitest';
import { evolveSeller, type SellerDocument } from '../../src/projections/sellers/index.ts';
import { sellerDeleted, sellerRegistered, sellerVerified } from './recorded-events.ts';

const registeredAt = '2026-10-02T08:12:00.000Z';
const later = '2026-11-20T09:30:00.000Z';

const seller: SellerDocument = {
  _id: 's1',
  name: 'Sam',
  email: 'sam@example.com',
  sellerEmail: 'shop@example.com',
  verified: false,
  memberSince: registeredAt,
};

describe('sellers projection', () => {
  it('creates an unverified seller record from SellerRegistered, a member since its time', () => {
    expect(
      evolveSeller(
        null,
        sellerRegistered('s1', {
          name: 'Sam',
          email: 'sam@example.com',
          sellerEmail: 'shop@example.com',
        }),
        registeredAt,
      ),
    ).toEqual(seller);
  });

  describe('when registered', () => {
    it('SellerVerified marks the seller verified', () => {
      expect(evolveSeller(seller, sellerVerified('s1'), later)).toEqual({
        ...seller,
        verified: true,
      });
    });

    it('SellerDeleted removes the record', () => {
      expect(evolveSeller(seller, sellerDeleted('s1'), later)).toBeNull();
    });

    it("SellerPersonalDataErased writes what the log reads of its erased user's data", () => {
      const erased: AnyEvent = {
        type: 'SellerPersonalDataErased',
        schemaVersion: 1,
        data: { sellerId: 's1' },
      };
      expect(evolveSeller(seller, erased, later)).toEqual({
        ...seller,
        name: 'erased',
        email: 'erased@erased.invalid',
        sellerEmail: 'erased@erased.invalid',
      });
    });
  });

  it('registering again keeps the verification and the first registration time', () => {
    expect(
      evolveSeller({ ...seller, verified: true }, sellerRegistered('s1'), later),
    ).toMatchObject({ verified: true, memberSince: registeredAt });
  });
});
