import type { EventType } from '../catalog.ts';

/**
 * Which fields of which events are a person's personal data, and whose: what the event stores
 * seal with that person's key (sealing.ts) and what erasing them makes unreadable.
 *
 * A field is named `data.<field>` (the payload) or `metadata.<field>` (who caused the event); a
 * person is named by the field holding their uid. Ids, times, prices and what a listing is stay
 * readable: the audit trail keeps its events, times and ids after an erasure.
 */

/** What kind of value a personal field holds: decides what it reads as once erased. */
export type PersonalValueKind = 'name' | 'email' | 'phone' | 'address' | 'text';

/** The fields of one person in one event. */
export interface PersonalPart {
  /** The field holding the person's uid; a part whose uid is null or empty is not personal. */
  readonly subject: `data.${string}` | `metadata.${string}`;
  readonly fields: Readonly<Record<`data.${string}` | `metadata.${string}`, PersonalValueKind>>;
}

/**
 * What each field reads as once its owner is erased: the same on every read and in every read
 * model, so a replay after an erasure yields the read models the erasure left. Each satisfies its
 * field's schema (an e-mail stays an e-mail address: `.invalid` is a reserved domain).
 */
export const erasedValues: Readonly<Record<PersonalValueKind, string>> = {
  name: 'erased',
  email: 'erased@erased.invalid',
  phone: 'erased',
  address: 'erased',
  text: 'erased',
};

/** The e-mail of whoever caused the event (empty for the system: nothing to seal). */
const actor: PersonalPart = {
  subject: 'metadata.actorUid',
  fields: { 'metadata.actorEmail': 'email' },
};

const buyer: PersonalPart = {
  subject: 'data.buyerUid',
  fields: {
    'data.buyerName': 'name',
    'data.email': 'email',
    'data.phone': 'phone',
    'data.address': 'address',
  },
};
const bookingSeller: PersonalPart = {
  subject: 'data.sellerUid',
  fields: { 'data.sellerEmail': 'email' },
};

/** Per event type, the personal parts besides the actor's (which every event has). */
const partsByType: { readonly [T in EventType]?: readonly PersonalPart[] } = {
  UserRegistered: [{ subject: 'data.uid', fields: { 'data.name': 'name', 'data.email': 'email' } }],
  SellerRegistered: [
    {
      subject: 'data.sellerId',
      fields: { 'data.name': 'name', 'data.email': 'email', 'data.sellerEmail': 'email' },
    },
  ],
  ProductListed: [
    {
      subject: 'data.sellerUid',
      fields: {
        'data.sellerName': 'name',
        'data.phone': 'phone',
        'data.address': 'address',
        'data.email': 'email',
        'data.sellerEmail': 'email',
      },
    },
  ],
  ProductReported: [
    {
      subject: 'data.reporterUid',
      fields: { 'data.reporterName': 'name', 'data.details': 'text' },
    },
  ],
  ProductBooked: [buyer, bookingSeller],
  BookingPlaced: [buyer, bookingSeller],
  CaseClaimed: [{ subject: 'data.adminUid', fields: { 'data.adminName': 'name' } }],
  // The seller's own words to the admins.
  ReviewRequested: [{ subject: 'metadata.actorUid', fields: { 'data.note': 'text' } }],
};

/** The personal parts of an event of this type: its own, then its actor's. */
export const personalPartsOf = (type: string): readonly PersonalPart[] => [
  ...(partsByType[type as EventType] ?? []),
  actor,
];

/** The kind of a personal field of this event type, or undefined when the field is not personal. */
export function personalKindOf(type: string, field: string): PersonalValueKind | undefined {
  for (const part of personalPartsOf(type)) {
    const kind = (part.fields as Record<string, PersonalValueKind | undefined>)[field];
    if (kind) return kind;
  }
  return undefined;
}
