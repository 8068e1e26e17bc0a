import type { AnyEvent, EventType } from '@resale/events';
import type { IndexSpec, ReadModel } from '../projection.ts';
import type { ProductDocument } from './product-document.ts';

export const productsCollection = 'products';

export const productsHandledEventTypes: readonly EventType[] = [
  'ProductListed',
  'ProductReported',
  'ProductBooked',
  'ReportedProductDeleted',
  'ProductAdvertised',
  'ProductMarkedUnavailable',
  'ProductMarkedAvailable',
  'ProductReleased',
];

export function evolveProduct(
  doc: ProductDocument | null,
  event: AnyEvent,
): ProductDocument | null {
  switch (event.type) {
    case 'ProductListed': {
      const { productId, ...fields } = event.data;
      return {
        _id: productId,
        ...fields,
        booked: false,
        bookedBy: null,
        reported: false,
        advertised: false,
        available: true,
      };
    }
    case 'ProductReported':
      return doc && { ...doc, reported: true };
    case 'ProductBooked':
      return doc && { ...doc, booked: true, bookedBy: event.data.buyerUid };
    case 'ReportedProductDeleted':
      return null;
    case 'ProductAdvertised':
      return doc && { ...doc, advertised: true };
    case 'ProductMarkedUnavailable':
      return doc && { ...doc, available: false };
    case 'ProductMarkedAvailable':
      return doc && { ...doc, available: true };
    // Its booking ended unsold: on sale again. (Sold through its booking, it stays booked.)
    case 'ProductReleased':
      return doc && { ...doc, booked: false, bookedBy: null };
    default:
      return doc;
  }
}

export function productDocumentId(event: AnyEvent): string | null {
  switch (event.type) {
    case 'ProductListed':
    case 'ProductReported':
    case 'ProductBooked':
    case 'ReportedProductDeleted':
    case 'ProductAdvertised':
    case 'ProductMarkedUnavailable':
    case 'ProductMarkedAvailable':
    case 'ProductReleased':
      return event.data.productId;
    default:
      return null;
  }
}

/** Lists are newest first; `_id` breaks ties so the paging cursor is stable. */
export const productIndexes: readonly IndexSpec[] = [
  {
    name: 'by_brand',
    fields: [
      ['Brand', 1],
      ['postTime', -1],
      ['_id', -1],
    ],
  },
  {
    name: 'by_seller_email',
    fields: [
      ['sellerEmail', 1],
      ['postTime', -1],
      ['_id', -1],
    ],
  },
  {
    name: 'advertised',
    fields: [
      ['advertised', 1],
      ['available', 1],
      ['booked', 1],
      ['postTime', -1],
      ['_id', -1],
    ],
  },
  {
    name: 'reported',
    fields: [
      ['reported', 1],
      ['postTime', -1],
      ['_id', -1],
    ],
  },
  // Search (searchProducts): every product newest first or by price, all or of one brand.
  {
    name: 'newest',
    fields: [
      ['postTime', -1],
      ['_id', -1],
    ],
  },
  {
    name: 'by_price',
    fields: [
      ['sellingPrice', 1],
      ['_id', 1],
    ],
  },
  {
    name: 'by_brand_price',
    fields: [
      ['Brand', 1],
      ['sellingPrice', 1],
      ['_id', 1],
    ],
  },
];

/** What a keyword search reads of a product: its name, brand and description. */
export const productSearchText = (doc: ProductDocument): string =>
  `${doc.productName} ${doc.Brand} ${doc.about}`;

export const productsReadModel: ReadModel<ProductDocument> = {
  name: 'products',
  collection: productsCollection,
  handledEventTypes: productsHandledEventTypes,
  documentId: productDocumentId,
  evolve: evolveProduct,
  topics: {
    products: { key: (doc) => doc.Brand },
    sellerProducts: { key: (doc) => doc.sellerEmail },
    // The admins' list of reported products is the products with `reported` set.
    reportedProducts: { key: (doc) => (doc.reported ? null : undefined) },
  },
  indexes: productIndexes,
  searchText: productSearchText,
};
