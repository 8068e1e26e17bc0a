import { describe, expect, it } from 'vitest';
import { assertValidEvent } from '../catalog.ts';
import { DomainError, eventMetadataFrom, evolveAll, type CommandMetadata } from '../decider.ts';
import type { ProductBooked } from '../product/events.ts';
import { bookingDecider, placeBookingFor, type BookingCommand } from './decider.ts';
import type { BookingEvent } from './events.ts';

const metadata: CommandMetadata = {
  actorUid: 'ann-uid',
  actorEmail: 'ann@example.com',
  now: '2026-11-21T10:00:00.000Z',
  correlationId: 'request-1',
  causationId: 'product-booked-event-id',
};

/** given(history).when(command): the events decided, each checked against the catalog. */
const given = (...history: BookingEvent[]) => ({
  when: (command: BookingCommand): BookingEvent[] => {
    const events = bookingDecider.decide(command, evolveAll(bookingDecider, history));
    for (const e of events)
      assertValidEvent(e.type, e.schemaVersion, e.data, eventMetadataFrom(metadata));
    return events;
  },
});

const productBooked: ProductBooked = {
  type: 'ProductBooked',
  schemaVersion: 2,
  data: {
    productId: 'galaxy-s21',
    bookingId: 'booking-1',
    buyerUid: 'ann-uid',
    buyerName: 'Ann',
    email: 'ann@example.com',
    phone: '',
    address: '',
    sellingPrice: 450,
    Brand: 'Samsung',
    productName: 'Galaxy S21',
    sellerUid: 'bob-uid',
    sellerEmail: 'bob@example.com',
    expiresAt: '2026-11-23T10:00:00.000Z',
  },
};
const placeBooking = placeBookingFor(productBooked, metadata);
const bookingPlaced: BookingEvent = {
  type: 'BookingPlaced',
  schemaVersion: 2,
  data: productBooked.data,
};

describe('Booking', () => {
  describe('when none', () => {
    it('is placed with everything the product stream accepted', () => {
      expect(given().when(placeBooking)).toEqual([bookingPlaced]);
    });
  });

  describe('when pending', () => {
    it('placing the same booking again changes nothing', () => {
      expect(given(bookingPlaced).when(placeBooking)).toEqual([]);
    });

    it('refuses another booking under the same id', () => {
      const other: BookingCommand = {
        ...placeBooking,
        data: { ...placeBooking.data, buyerUid: 'carl-uid' },
      };
      expect(() => given(bookingPlaced).when(other)).toThrow(
        new DomainError('conflict', 'This booking already exists with other details'),
      );
    });
  });

  describe("erasing a deleted user's personal data", () => {
    const erase = (uid: string): BookingCommand => ({
      type: 'EraseBookingPersonalData',
      data: { bookingId: 'booking-1', uid },
      metadata,
    });
    const erased = (uid: string): BookingEvent => ({
      type: 'BookingPersonalDataErased',
      schemaVersion: 1,
      data: { bookingId: 'booking-1', productId: 'galaxy-s21', uid },
    });

    it('records it for its buyer and its seller, whatever the booking became', () => {
      expect(given(bookingPlaced).when(erase('ann-uid'))).toEqual([erased('ann-uid')]);
      const accepted: BookingEvent = {
        type: 'BookingAccepted',
        schemaVersion: 1,
        data: { bookingId: 'booking-1', productId: 'galaxy-s21' },
      };
      expect(given(bookingPlaced, accepted).when(erase('bob-uid'))).toEqual([erased('bob-uid')]);
    });

    it('records nothing for anyone else, and is refused for a booking never placed', () => {
      expect(given(bookingPlaced).when(erase('carl-uid'))).toEqual([]);
      expect(() => given().when(erase('ann-uid'))).toThrow(
        new DomainError('not_found', 'This booking does not exist'),
      );
    });
  });
});
