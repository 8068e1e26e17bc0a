import Type, { type Static } from 'typebox';
import { Email, Id, Money, Name } from '../fields.ts';

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

export type BookingPlaced = {
  type: 'BookingPlaced';
  schemaVersion: 1;
  data: Static<typeof BookingPlacedV1>;
};
export type BookingEvent = BookingPlaced;
