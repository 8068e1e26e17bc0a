import { describe, expect, it } from 'vitest';
import { evolveBooking, type BookingDocument } from '../../src/projections/bookings/index.ts';
import {
  bookingAccepted,
  bookingCancelled,
  bookingDeclined,
  bookingDocument,
  bookingExpired,
  bookingPersonalDataErased,
  bookingPlaced,
  eventLog,
  productBooked,
  productListed,
} from './recorded-events.ts';
import { MemoryDocuments } from '../../src/read-store/memory-documents.ts';

const booking: BookingDocument = bookingDocument('p1', 'bk1');

describe('bookings projection', () => {
  it('ProductBooked creates the booking with every booking field', () => {
    expect(evolveBooking(null, productBooked('p1', 'bk1'))).toEqual(booking);
  });

  it('BookingPlaced creates the same booking', () => {
    expect(evolveBooking(null, bookingPlaced('p1', 'bk1'))).toEqual(booking);
  });

  it('the second of the two changes nothing', () => {
    expect(evolveBooking(booking, bookingPlaced('p1', 'bk1'))).toBe(booking);
    expect(evolveBooking(booking, productBooked('p1', 'bk1'))).toBe(booking);
  });

  it.each([
    ['ProductBooked first', [1, 2]],
    ['BookingPlaced first', [2, 1]],
  ])('a booking via ProductBooked and BookingPlaced is one document (%s)', (_, order) => {
    const log = eventLog();
    const events = log.recordAll(
      productListed('p1'),
      productBooked('p1', 'bk1'),
      bookingPlaced('p1', 'bk1'),
    );
    const documents = new MemoryDocuments();
    documents.apply([events[0]!, ...order.map((i) => events[i]!)]);
    expect(documents.documents('bookings')).toEqual([booking]);
    // Guard included: whichever came first, the stored record is the same.
    expect(documents.records('bookings')).toEqual([
      { id: 'bk1', position: 3, deleted: false, doc: booking },
    ]);
  });

  it.each([
    ['accepted', bookingAccepted('p1', 'bk1'), null],
    ['declined', bookingDeclined('p1', 'bk1'), null],
    ['cancelled', bookingCancelled('p1', 'bk1'), 'buyer-cancelled'],
    ['expired', bookingExpired('p1', 'bk1'), null],
  ] as const)('a pending booking ends %s', (status, event, cancelReason) => {
    expect(evolveBooking(booking, event)).toEqual({ ...booking, status, cancelReason });
  });

  it('a cancellation says why', () => {
    expect(evolveBooking(booking, bookingCancelled('p1', 'bk1', 'seller-deleted'))).toEqual({
      ...booking,
      status: 'cancelled',
      cancelReason: 'seller-deleted',
    });
  });

  it('an ended booking stays as it ended', () => {
    const accepted = evolveBooking(booking, bookingAccepted('p1', 'bk1'));
    for (const event of [
      bookingDeclined('p1', 'bk1'),
      bookingCancelled('p1', 'bk1'),
      bookingExpired('p1', 'bk1'),
    ])
      expect(evolveBooking(accepted, event)).toBe(accepted);
  });

  it("tells the buyer's and the seller's topics by account, never by e-mail", () => {
    const documents = new MemoryDocuments();
    const booked = productBooked('p1', 'bk2', 'b9');
    // b9 signed up with the e-mail of an account an admin deleted (b1).
    const changes = documents.apply(
      eventLog().recordAll(productListed('p1'), {
        ...booked,
        data: { ...booked.data, email: 'b1@example.com' },
      }),
    );
    expect(
      changes[1]?.filter(
        (change) => change.topic !== 'products' && change.topic !== 'sellerProducts',
      ),
    ).toEqual([
      { topic: 'bookings', key: 'b9', ids: ['bk2'], position: 2 },
      { topic: 'sellerBookings', key: 's1', ids: ['bk2'], position: 2 },
    ]);
  });

  it('an end without its booking makes none', () => {
    expect(evolveBooking(null, bookingAccepted('p1', 'bk1'))).toBeNull();
  });

  it("an erasure writes what the log reads of the erased buyer's or seller's data, nothing else", () => {
    expect(
      evolveBooking(booking, bookingPersonalDataErased('p1', 'bk1', booking.buyerUid)),
    ).toEqual({
      ...booking,
      buyerName: 'erased',
      email: 'erased@erased.invalid',
      phone: 'erased',
      address: 'erased',
    });
    expect(evolveBooking(booking, bookingPersonalDataErased('p1', 'bk1', 's1'))).toEqual({
      ...booking,
      sellerEmail: 'erased@erased.invalid',
    });
    expect(evolveBooking(booking, bookingPersonalDataErased('p1', 'bk1', 'someone'))).toEqual(
      booking,
    );
    expect(evolveBooking(null, bookingPersonalDataErased('p1', 'bk1', 's1'))).toBeNull();
  });
});
