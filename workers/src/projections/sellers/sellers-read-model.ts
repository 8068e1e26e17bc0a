import { erasedValues, type AnyEvent, type EventType } from '@resale/events';
import type { ReadModel } from '../projection.ts';
import type { SellerDocument } from './seller-document.ts';

export const sellersCollection = 'sellers';

export const sellersHandledEventTypes: readonly EventType[] = [
  'SellerRegistered',
  'SellerVerified',
  'SellerDeleted',
  'SellerPersonalDataErased',
];

export function evolveSeller(
  doc: SellerDocument | null,
  event: AnyEvent,
  occurredAt: string,
): SellerDocument | null {
  switch (event.type) {
    case 'SellerRegistered': {
      const { sellerId, name, email, sellerEmail } = event.data;
      return {
        _id: sellerId,
        name,
        email,
        sellerEmail,
        verified: doc?.verified ?? false,
        memberSince: doc?.memberSince ?? occurredAt,
      };
    }
    case 'SellerVerified':
      return doc && { ...doc, verified: true };
    case 'SellerDeleted':
      return null;
    // The user behind the record is erased (their key is destroyed): what it copied of them
    // reads as the log now reads it.
    case 'SellerPersonalDataErased':
      return (
        doc && {
          ...doc,
          name: erasedValues.name,
          email: erasedValues.email,
          sellerEmail: erasedValues.email,
        }
      );
    default:
      return doc;
  }
}

export const sellersReadModel: ReadModel<SellerDocument> = {
  name: 'sellers',
  collection: sellersCollection,
  handledEventTypes: sellersHandledEventTypes,
  documentId: (event) =>
    event.type === 'SellerRegistered' ||
    event.type === 'SellerVerified' ||
    event.type === 'SellerDeleted' ||
    event.type === 'SellerPersonalDataErased'
      ? event.data.sellerId
      : null,
  evolve: evolveSeller,
  topics: { sellers: { key: () => null } },
  indexes: [
    {
      name: 'by_seller_email',
      fields: [
        ['sellerEmail', 1],
        ['_id', 1],
      ],
    },
    {
      name: 'by_email',
      fields: [
        ['email', 1],
        ['_id', 1],
      ],
    },
    {
      // A search for verified sellers' products reads their ids first (verifiedSellerIds).
      name: 'verified',
      fields: [
        ['verified', 1],
        ['_id', 1],
      ],
    },
  ],
};
