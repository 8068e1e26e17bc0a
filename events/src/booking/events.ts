import Type, { type Static } from 'typebox';
import { Email, Id, Money, Name, Timestamp } from '../fields.ts';

export const bookingStreamId = (bookingId: string): string => `booking-${bookingId}`;

/** Field names follow the spec's Booking entity (section 3), plus the booked product and buyer. */
export const BookingPlacedV1 = Type.Object(
  {
    bookingId: Id,
    productId: Id,
    productName: Name,
    Brand: Name,
    buyerUid: Id,
    buyerName: Name,
    email: Email,
    phone: Type.String({ maxLength: 40 }),
    address: Type.String({ maxLength: 500 }),
    sellingPrice: Money,
  },
  { additionalProperties: false },
);
/**
 * Version 2 adds who answers the booking and until when: the product's seller, and the moment a
 * booking nobody answered expires. A version 1 booking is read with no seller (null: its product's
 * stream names them) and expiring `legacyBookingExpiryHours` after it was placed.
 */
export const BookingPlacedV2 = Type.Object(
  {
    ...BookingPlacedV1.properties,
    sellerUid: Type.Union([Id, Type.Null()]),
    sellerEmail: Type.Union([Email, Type.Null()]),
    expiresAt: Timestamp,
  },
  { additionalProperties: false },
);

const BookingEnd = { bookingId: Id, productId: Id };

/** The seller accepted the booking: the phone is sold to its buyer. */
export const BookingAcceptedV1 = Type.Object(BookingEnd, { additionalProperties: false });
/** The seller declined the booking: the phone is on sale again. */
export const BookingDeclinedV1 = Type.Object(BookingEnd, { additionalProperties: false });

/** Why a booking was cancelled: by its buyer, or because an admin deleted the buyer or the seller. */
export const CancellationReason = Type.Union([
  Type.Literal('buyer-cancelled'),
  Type.Literal('buyer-deleted'),
  Type.Literal('seller-deleted'),
]);
export const BookingCancelledV1 = Type.Object(
  { ...BookingEnd, reason: CancellationReason },
  { additionalProperties: false },
);
/** Nobody answered the booking before `expiresAt`: the phone is on sale again. */
export const BookingExpiredV1 = Type.Object(
  { ...BookingEnd, expiresAt: Timestamp },
  { additionalProperties: false },
);

/** A deleted user's personal data in this booking (as its buyer or seller) is erased. */
export const BookingPersonalDataErasedV1 = Type.Object(
  { ...BookingEnd, uid: Id },
  { additionalProperties: false },
);

type Event<T extends string, S, V extends number = 1> = { type: T; schemaVersion: V; data: S };
export type BookingPlaced = Event<'BookingPlaced', Static<typeof BookingPlacedV2>, 2>;
export type BookingAccepted = Event<'BookingAccepted', Static<typeof BookingAcceptedV1>>;
export type BookingDeclined = Event<'BookingDeclined', Static<typeof BookingDeclinedV1>>;
export type BookingCancelled = Event<'BookingCancelled', Static<typeof BookingCancelledV1>>;
export type BookingExpired = Event<'BookingExpired', Static<typeof BookingExpiredV1>>;
export type BookingPersonalDataErased = Event<
  'BookingPersonalDataErased',
  Static<typeof BookingPersonalDataErasedV1>
>;
export type CancellationReason = Static<typeof CancellationReason>;

export type BookingEvent =
  | BookingPlaced
  | BookingAccepted
  | BookingDeclined
  | BookingCancelled
  | BookingExpired
  | BookingPersonalDataErased;

/** How long a booking placed before bookings could expire (version 1) stays pending. */
export const legacyBookingExpiryHours = 48;
