import { erasedValues, type AnyEvent, type EventType } from '@resale/events';
import type { ReadModel } from '../projection.ts';
import type { BookingDocument, BookingStatus } from './booking-document.ts';

export const bookingsCollection = 'bookings';

/**
 * ProductBooked and BookingPlaced both carry every booking field: whichever is applied first
 * creates the booking. The others end it.
 */
export const bookingsHandledEventTypes: readonly EventType[] = [
  'ProductBooked',
  'BookingPlaced',
  'BookingAccepted',
  'BookingDeclined',
  'BookingCancelled',
  'BookingExpired',
  'BookingPersonalDataErased',
];

/** A pending booking takes its end once; an ended one stays as it ended. */
const ended = (
  doc: BookingDocument | null,
  status: Exclude<BookingStatus, 'pending'>,
  cancelReason: string | null = null,
): BookingDocument | null =>
  doc && doc.status === 'pending' ? { ...doc, status, cancelReason } : doc;

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
        sellerUid: d.sellerUid,
        sellerEmail: d.sellerEmail,
        status: 'pending',
        expiresAt: d.expiresAt,
        cancelReason: null,
      };
    }
    case 'BookingAccepted':
      return ended(doc, 'accepted');
    case 'BookingDeclined':
      return ended(doc, 'declined');
    case 'BookingCancelled':
      return ended(doc, 'cancelled', event.data.reason);
    case 'BookingExpired':
      return ended(doc, 'expired');
    case 'BookingPersonalDataErased':
      return doc && erasedFrom(doc, event.data.uid);
    default:
      return doc;
  }
}

/** The booking with what it copied of an erased user as the log now reads it. */
const erasedFrom = (doc: BookingDocument, uid: string): BookingDocument => ({
  ...doc,
  ...(doc.buyerUid === uid
    ? {
        buyerName: erasedValues.name,
        email: erasedValues.email,
        phone: erasedValues.phone,
        address: erasedValues.address,
      }
    : {}),
  ...(doc.sellerUid === uid && doc.sellerEmail !== null ? { sellerEmail: erasedValues.email } : {}),
});

export function bookingDocumentId(event: AnyEvent): string | null {
  switch (event.type) {
    case 'ProductBooked':
    case 'BookingPlaced':
    case 'BookingAccepted':
    case 'BookingDeclined':
    case 'BookingCancelled':
    case 'BookingExpired':
    case 'BookingPersonalDataErased':
      return event.data.bookingId;
    default:
      return null;
  }
}

export const bookingsReadModel: ReadModel<BookingDocument> = {
  name: 'bookings',
  collection: bookingsCollection,
  handledEventTypes: bookingsHandledEventTypes,
  documentId: bookingDocumentId,
  evolve: evolveBooking,
  // By account, never by e-mail: a new account with a deleted one's e-mail sees none of them.
  topics: {
    bookings: { key: (doc) => doc.buyerUid },
    // A booking made before bookings named their seller is in no seller's list.
    sellerBookings: { key: (doc) => doc.sellerUid ?? undefined },
  },
  // A user's pending bookings (cancelled when an admin deletes the account) are read along
  // by_buyer and by_seller: a booking's status is in no index but the expiry's, so a booking and
  // each change of its status rewrite as few index entries as the lists need.
  indexes: [
    {
      name: 'by_buyer',
      fields: [
        ['buyerUid', 1],
        ['_id', 1],
      ],
    },
    {
      name: 'by_seller',
      fields: [
        ['sellerUid', 1],
        ['_id', -1],
      ],
    },
    {
      name: 'by_status',
      fields: [
        ['status', 1],
        ['_id', 1],
      ],
    },
  ],
};
