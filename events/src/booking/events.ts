import Type, { type Static } from 'typebox';
import type { EventOf } from '../envelope.ts';
import { BookedPhone, BookingAnswer, Id, Timestamp } from '../fields.ts';

export const bookingStreamId = (bookingId: string): string => `booking-${bookingId}`;

/** Field names follow the spec's Booking entity (section 3), plus the booked product and buyer. */
export const BookingPlacedV1 = Type.Object(BookedPhone, { additionalProperties: false });
/**
 * Version 2 adds who answers the booking and until when. A version 1 booking is read with no
 * seller and expiring `legacyBookingExpiryHours` after it was placed.
 */
export const BookingPlacedV2 = Type.Object(
  { ...BookedPhone, ...BookingAnswer },
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

export type BookingPlaced = EventOf<'BookingPlaced', Static<typeof BookingPlacedV2>, 2>;
export type BookingAccepted = EventOf<'BookingAccepted', Static<typeof BookingAcceptedV1>>;
export type BookingDeclined = EventOf<'BookingDeclined', Static<typeof BookingDeclinedV1>>;
export type BookingCancelled = EventOf<'BookingCancelled', Static<typeof BookingCancelledV1>>;
export type BookingExpired = EventOf<'BookingExpired', Static<typeof BookingExpiredV1>>;
export type BookingPersonalDataErased = EventOf<
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
