import { describe, expect, it } from 'vitest';
import { assertValidEvent } from '../catalog.ts';
import { DomainError, eventMetadataFrom, evolveAll, type CommandMetadata } from '../decider.ts';
import { productDecider } from '../product/decider.ts';
import type { ProductEvent } from '../product/events.ts';
import { decideBookingMove, type BookingMove, type BookingMoveDecision } from './booking-moves.ts';
import { bookingDecider } from './decider.ts';
import type { BookingEvent, CancellationReason } from './events.ts';

const bob = 'bob-uid'; // the seller
const ann = 'ann-uid'; // the buyer
const carl = 'carl-uid'; // someone else
const system = 'system';

const expiresAt = '2026-11-23T10:00:00.000Z';
const beforeExpiry = '2026-11-22T10:00:00.000Z';
const afterExpiry = '2026-11-23T10:00:01.000Z';

const by = (actorUid: string, now = beforeExpiry): CommandMetadata => ({
  actorUid,
  actorEmail: actorUid === system ? '' : `${actorUid}@example.com`,
  now,
  correlationId: 'request-1',
  causationId: 'request-1',
});

/**
 * given(booking's history, product's history).when(move): the events decided on each stream,
 * each checked against the catalog.
 */
const given = (booking: BookingEvent[], product: ProductEvent[] = productHistory) => ({
  when: (move: BookingMove): BookingMoveDecision => {
    const decided = decideBookingMove(move, {
      booking: evolveAll(bookingDecider, booking),
      product: evolveAll(productDecider, product),
    });
    for (const e of [...decided.booking, ...decided.product])
      assertValidEvent(e.type, e.schemaVersion, e.data, eventMetadataFrom(move.metadata));
    return decided;
  },
});

const productId = 'galaxy-s21';
const bookingId = 'booking-1';
const ids = { bookingId, productId };

const listed: ProductEvent = {
  type: 'ProductListed',
  schemaVersion: 2,
  data: {
    productId,
    productName: 'Galaxy S21',
    picture: 'a3f0c9d2-6b1e-4c7a-8d5f-2e9b0a1c3d4e.jpg',
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
    sellerUid: bob,
  },
};
const bookingData = {
  ...ids,
  buyerUid: ann,
  buyerName: 'Ann',
  email: 'ann@example.com',
  phone: '',
  address: '',
  sellingPrice: 450,
  Brand: 'Samsung',
  productName: 'Galaxy S21',
  sellerUid: bob,
  sellerEmail: 'bob@example.com',
  expiresAt,
};
const productBooked: ProductEvent = { type: 'ProductBooked', schemaVersion: 2, data: bookingData };
const productHistory = [listed, productBooked];
const placed: BookingEvent = { type: 'BookingPlaced', schemaVersion: 2, data: bookingData };

const accepted: BookingEvent = { type: 'BookingAccepted', schemaVersion: 1, data: ids };
const declined: BookingEvent = { type: 'BookingDeclined', schemaVersion: 1, data: ids };
const cancelled = (reason: CancellationReason = 'buyer-cancelled'): BookingEvent => ({
  type: 'BookingCancelled',
  schemaVersion: 1,
  data: { ...ids, reason },
});
const expired: BookingEvent = {
  type: 'BookingExpired',
  schemaVersion: 1,
  data: { ...ids, expiresAt },
};
const sold: ProductEvent = { type: 'ProductSold', schemaVersion: 1, data: ids };
const released = (reason: 'declined' | 'cancelled' | 'expired'): ProductEvent => ({
  type: 'ProductReleased',
  schemaVersion: 1,
  data: { ...ids, reason },
});

const accept = (actor = bob, now = beforeExpiry): BookingMove => ({
  type: 'AcceptBooking',
  data: { bookingId },
  metadata: by(actor, now),
});
const decline = (actor = bob, now = beforeExpiry): BookingMove => ({
  type: 'DeclineBooking',
  data: { bookingId },
  metadata: by(actor, now),
});
const cancel = (actor = ann, now = beforeExpiry): BookingMove => ({
  type: 'CancelBooking',
  data: { bookingId, reason: 'buyer-cancelled' },
  metadata: by(actor, now),
});
const cancelFor = (reason: 'buyer-deleted' | 'seller-deleted'): BookingMove => ({
  type: 'CancelBooking',
  data: { bookingId, reason },
  metadata: by(system),
});
const expire = (now = afterExpiry): BookingMove => ({
  type: 'ExpireBooking',
  data: { bookingId },
  metadata: by(system, now),
});

const nothing: BookingMoveDecision = { booking: [], product: [] };
const refusal = (message: string) => new DomainError('illegal_state', message);
const expiredRefusal = refusal('This booking has expired: the seller did not answer in time');

describe('Booking moves', () => {
  describe('when none', () => {
    it.each([
      ['accepted', accept()],
      ['declined', decline()],
      ['cancelled', cancel()],
      ['expired', expire()],
    ])('cannot be %s', (_, move) => {
      expect(() => given([], [listed]).when(move)).toThrow(
        new DomainError('not_found', 'This booking does not exist'),
      );
    });
  });

  describe('when pending', () => {
    it('is accepted by the seller: the phone is sold', () => {
      expect(given([placed]).when(accept())).toEqual({ booking: [accepted], product: [sold] });
    });

    it('is declined by the seller: the phone is on sale again', () => {
      expect(given([placed]).when(decline())).toEqual({
        booking: [declined],
        product: [released('declined')],
      });
    });

    it('is cancelled by the buyer: the phone is on sale again', () => {
      expect(given([placed]).when(cancel())).toEqual({
        booking: [cancelled()],
        product: [released('cancelled')],
      });
    });

    it.each(['buyer-deleted', 'seller-deleted'] as const)(
      'is cancelled by the system, saying why (%s)',
      (reason) => {
        expect(given([placed]).when(cancelFor(reason))).toEqual({
          booking: [cancelled(reason)],
          product: [released('cancelled')],
        });
      },
    );

    it('expires once its time is up: the phone is on sale again', () => {
      expect(given([placed]).when(expire())).toEqual({
        booking: [expired],
        product: [released('expired')],
      });
      expect(given([placed]).when(expire(expiresAt)).booking).toEqual([expired]);
    });

    it('does not expire before its time', () => {
      expect(() => given([placed]).when(expire(beforeExpiry))).toThrow(
        refusal('This booking has not expired yet'),
      );
    });

    it('takes no answer from the seller once its time is up, recorded or not', () => {
      expect(() => given([placed]).when(accept(bob, afterExpiry))).toThrow(expiredRefusal);
      expect(() => given([placed]).when(decline(bob, afterExpiry))).toThrow(expiredRefusal);
      expect(() => given([placed]).when(cancel(ann, afterExpiry))).toThrow(expiredRefusal);
    });

    it.each([
      ['the buyer', ann],
      ['someone else', carl],
    ])('cannot be accepted or declined by %s', (_, actor) => {
      expect(() => given([placed]).when(accept(actor))).toThrow(
        new DomainError('forbidden', 'Only the seller of this product can accept this booking'),
      );
      expect(() => given([placed]).when(decline(actor))).toThrow(
        new DomainError('forbidden', 'Only the seller of this product can decline this booking'),
      );
    });

    it.each([
      ['the seller', bob],
      ['someone else', carl],
    ])('cannot be cancelled by %s', (_, actor) => {
      expect(() => given([placed]).when(cancel(actor))).toThrow(
        new DomainError('forbidden', 'Only the buyer can cancel this booking'),
      );
    });

    it('of version 1, names no seller: the seller is the product’s', () => {
      const legacy: BookingEvent = {
        type: 'BookingPlaced',
        schemaVersion: 2,
        data: { ...bookingData, sellerUid: null, sellerEmail: null },
      };
      expect(given([legacy]).when(accept())).toEqual({ booking: [accepted], product: [sold] });
      expect(() => given([legacy]).when(accept(carl))).toThrow(DomainError);
    });

    it('whose product was deleted meanwhile cannot be accepted, but can be declined', () => {
      const deletedProduct: ProductEvent[] = [
        ...productHistory,
        {
          type: 'ProductReported',
          schemaVersion: 2,
          data: {
            productId,
            reporterUid: 'carl-uid',
            reporterName: 'Carl',
            reason: 'wrong-price',
            details: null,
            reportedAt: '2026-11-21T10:00:00.000Z',
          },
        },
        {
          type: 'ReportedProductDeleted',
          schemaVersion: 2,
          data: { productId, adminUid: 'admin-uid', reason: 'Fake listing' },
        },
      ];
      expect(() => given([placed], deletedProduct).when(accept())).toThrow(
        refusal('This product has been deleted'),
      );
      expect(given([placed], deletedProduct).when(decline())).toEqual({
        booking: [declined],
        product: [],
      });
    });
  });

  describe('when accepted', () => {
    const history = [placed, accepted];
    const acceptedAlready = refusal('The seller has already accepted this booking');

    it('accepting again changes nothing', () => {
      expect(given(history, [...productHistory, sold]).when(accept())).toEqual(nothing);
    });

    it('completes a product its store left booked (streams appended one by one)', () => {
      expect(given(history).when(accept())).toEqual({ booking: [], product: [sold] });
    });

    it('cannot be declined, nor cancelled by the buyer', () => {
      expect(() => given(history).when(decline())).toThrow(acceptedAlready);
      expect(() => given(history).when(cancel())).toThrow(acceptedAlready);
    });

    it('does not expire, nor is it cancelled when an account is deleted', () => {
      const soldHistory = [...productHistory, sold];
      expect(given(history, soldHistory).when(expire())).toEqual(nothing);
      expect(given(history, soldHistory).when(cancelFor('buyer-deleted'))).toEqual(nothing);
    });
  });

  describe('when cancelled', () => {
    const history = [placed, cancelled()];
    const releasedHistory = [...productHistory, released('cancelled')];

    it('cannot be accepted (the loser of accept against cancel is told why)', () => {
      expect(() => given(history, releasedHistory).when(accept())).toThrow(
        refusal('The buyer cancelled this booking'),
      );
    });

    it('says so when the cancellation came from a deleted account', () => {
      expect(() =>
        given([placed, cancelled('seller-deleted')], releasedHistory).when(decline()),
      ).toThrow(refusal("This booking was cancelled: the seller's account was deleted"));
    });

    it('cancelling again changes nothing', () => {
      expect(given(history, releasedHistory).when(cancel())).toEqual(nothing);
    });

    it('does not expire', () => {
      expect(given(history, releasedHistory).when(expire())).toEqual(nothing);
    });
  });

  describe('when declined', () => {
    const history = [placed, declined];
    const releasedHistory = [...productHistory, released('declined')];

    it('declining again changes nothing', () => {
      expect(given(history, releasedHistory).when(decline())).toEqual(nothing);
    });

    it('cannot be accepted nor cancelled', () => {
      const declinedAlready = refusal('The seller has already declined this booking');
      expect(() => given(history, releasedHistory).when(accept())).toThrow(declinedAlready);
      expect(() => given(history, releasedHistory).when(cancel())).toThrow(declinedAlready);
    });
  });

  describe('when expired', () => {
    const history = [placed, expired];
    const releasedHistory = [...productHistory, released('expired')];

    it('cannot be accepted, declined or cancelled (accept after expiry)', () => {
      for (const move of [accept(), decline(), cancel()])
        expect(() => given(history, releasedHistory).when(move)).toThrow(expiredRefusal);
    });

    it('expiring again changes nothing (a late or duplicate job)', () => {
      expect(given(history, releasedHistory).when(expire())).toEqual(nothing);
    });

    it('leaves a product booked again by someone else as it is', () => {
      const rebooked: ProductEvent = {
        type: 'ProductBooked',
        schemaVersion: 2,
        data: { ...bookingData, bookingId: 'booking-2', buyerUid: carl },
      };
      expect(
        given([placed], [...productHistory, released('expired'), rebooked]).when(expire()),
      ).toEqual({ booking: [expired], product: [] });
    });
  });
});
