import type { AnyEvent, EventType } from '@resale/events';
import type { ReadModel } from '../projection.ts';
import type { BookingDocument } from './booking-document.ts';

export const bookingsCollection = 'bookings';

/** Both carry every booking field: whichever is applied first creates the booking. */
export const bookingsHandledEventTypes: readonly EventType[] = ['ProductBooked', 'BookingPlaced'];

export function evolveBooking(
  doc: BookingDocument | null,
  event: AnyEvent,
): BookingDocument | null {
  switch (event.type) {
    case 'ProductBooked':
    case 'BookingPlaced': {
      if (doc) return doc;
      const d = event.data;
      return {
        _id: d.bookingId,
        Brand: d.Brand,
        buyerName: d.buyerName,
        email: d.email,
        phone: d.phone,
        address: d.address,
        sellingPrice: d.sellingPrice,
        productId: d.productId,
        productName: d.productName,
        buyerUid: d.buyerUid,
      };
    }
    default:
      return doc;
  }
}

export const bookingsReadModel: ReadModel<BookingDocument> = {
  name: 'bookings',
  collection: bookingsCollection,
  handledEventTypes: bookingsHandledEventTypes,
  documentId: (event) =>
    event.type === 'ProductBooked' || event.type === 'BookingPlaced' ? event.data.bookingId : null,
  evolve: evolveBooking,
  topics: { bookings: { key: (doc) => doc.email } },
  indexes: [
    {
      name: 'by_email',
      fields: [
        ['email', 1],
        ['_id', 1],
      ],
    },
  ],
};
