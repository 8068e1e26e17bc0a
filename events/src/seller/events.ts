import Type, { type Static } from 'typebox';
import type { EventOf } from '../envelope.ts';
import { Email, Id, Name } from '../fields.ts';

/** A seller record shares its id with the seller's user account (the Firebase uid). */
export const sellerStreamId = (sellerId: string): string => `seller-${sellerId}`;

export const SellerRegisteredV1 = Type.Object(
  { sellerId: Id, name: Name, email: Email, sellerEmail: Email },
  { additionalProperties: false },
);
export const SellerVerifiedV1 = Type.Object({ sellerId: Id }, { additionalProperties: false });
export const SellerDeletedV1 = Type.Object({ sellerId: Id }, { additionalProperties: false });
/** The user behind the seller record was deleted: the record's copy of their data is erased. */
export const SellerPersonalDataErasedV1 = Type.Object(
  { sellerId: Id },
  { additionalProperties: false },
);

export type SellerRegistered = EventOf<'SellerRegistered', Static<typeof SellerRegisteredV1>>;
export type SellerVerified = EventOf<'SellerVerified', Static<typeof SellerVerifiedV1>>;
export type SellerDeleted = EventOf<'SellerDeleted', Static<typeof SellerDeletedV1>>;
export type SellerPersonalDataErased = EventOf<
  'SellerPersonalDataErased',
  Static<typeof SellerPersonalDataErasedV1>
>;
export type SellerEvent =
  SellerRegistered | SellerVerified | SellerDeleted | SellerPersonalDataErased;
