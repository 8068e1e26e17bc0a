import { erasedValues, type AnyEvent, type EventType } from '@resale/events';
import type { IndexSpec, ReadModel } from '../projection.ts';
import {
  pricesOf,
  reportsOf,
  type ProductDocument,
  type ProductStatus,
} from './product-document.ts';

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
  'ProductSold',
  'ProductPriceChanged',
  'ProductConditionChanged',
  'ProductDescriptionChanged',
  'ProductPictureChanged',
  'ProductWithdrawn',
  'ProductSoldElsewhere',
  'CaseClaimed',
  'CaseReleased',
  'ReportsDismissed',
  'ProductHidden',
  'ProductRestored',
  'ReviewRequested',
  'ProductPersonalDataErased',
];

/**
 * The product with what it copied of an erased user as the log now reads it (their key is
 * destroyed): as its seller, as a reporter, as the admin holding its case.
 */
const erasedFrom = (doc: ProductDocument, uid: string): ProductDocument => ({
  ...doc,
  ...(doc.sellerUid === uid
    ? {
        sellerName: erasedValues.name,
        phone: erasedValues.phone,
        address: erasedValues.address,
        email: erasedValues.email,
        sellerEmail: erasedValues.email,
        reviewNote: doc.reviewNote === null ? null : erasedValues.text,
      }
    : {}),
  reports: JSON.stringify(
    reportsOf(doc).map((report) =>
      report.reporterUid === uid
        ? {
            ...report,
            reporterName: erasedValues.name,
            details: report.details === null ? null : erasedValues.text,
          }
        : report,
    ),
  ),
  ...(doc.claimedBy === uid ? { claimedByName: erasedValues.name } : {}),
});

/** At a new price from `at` on: the price history keeps every price. */
const repriced = (doc: ProductDocument, price: number, at: string): ProductDocument => ({
  ...doc,
  sellingPrice: price,
  priceHistory: JSON.stringify([...pricesOf(doc), { price, at }]),
});

/** Its seller withdrew it or sold it elsewhere: no longer on sale, nor in the public lists. */
const offSite = (doc: ProductDocument, status: 'withdrawn' | 'sold'): ProductDocument =>
  doc.status === 'available' || doc.status === 'unavailable'
    ? { ...doc, status, available: false, listed: false }
    : doc;

/** A case an admin acted on: its reports and review request closed, its claim let go. */
const caseClosed = (doc: ProductDocument, hidden: boolean): ProductDocument => ({
  ...doc,
  reported: hidden,
  reports: '[]',
  reportCount: 0,
  claimedBy: null,
  claimedByName: null,
  reviewRequested: false,
  reviewNote: null,
});

/** The product with a new status, when it is in one of the statuses it can leave that way. */
const moved = (
  doc: ProductDocument,
  from: readonly ProductStatus[],
  to: ProductStatus,
): ProductDocument => (from.includes(doc.status) ? { ...doc, status: to } : doc);

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
        reports: '[]',
        reportCount: 0,
        lastReportedAt: null,
        claimedBy: null,
        claimedByName: null,
        hidden: false,
        hiddenReason: null,
        reviewRequested: false,
        reviewNote: null,
        advertised: false,
        available: true,
        status: 'available',
        listed: true,
        priceHistory: JSON.stringify([{ price: fields.sellingPrice, at: fields.postTime }]),
      };
    }
    // One open report per user: the decider refuses a second, a replay may bring it again.
    case 'ProductReported': {
      if (!doc) return doc;
      const { productId: _product, ...report } = event.data;
      const reports = reportsOf(doc);
      if (reports.some((open) => open.reporterUid === report.reporterUid)) return doc;
      return {
        ...doc,
        reported: true,
        reports: JSON.stringify([...reports, report]),
        reportCount: reports.length + 1,
        lastReportedAt: report.reportedAt,
      };
    }
    case 'CaseClaimed':
      return doc && { ...doc, claimedBy: event.data.adminUid, claimedByName: event.data.adminName };
    case 'CaseReleased':
      return doc && { ...doc, claimedBy: null, claimedByName: null };
    case 'ReportsDismissed':
      return doc && caseClosed(doc, doc.hidden);
    // Out of every public list at once; its seller sees it hidden, with the reason.
    case 'ProductHidden':
      return (
        doc && {
          ...caseClosed(doc, true),
          hidden: true,
          hiddenReason: event.data.reason,
          listed: false,
        }
      );
    // Only a listing still on the site is restored (the decider's rule): it is listed again.
    case 'ProductRestored':
      return doc && { ...caseClosed(doc, false), hidden: false, hiddenReason: null, listed: true };
    case 'ReviewRequested':
      return doc && { ...doc, reported: true, reviewRequested: true, reviewNote: event.data.note };
    case 'ProductPersonalDataErased':
      return doc && erasedFrom(doc, event.data.uid);
    case 'ProductBooked':
      return (
        doc &&
        moved(
          { ...doc, booked: true, bookedBy: event.data.buyerUid },
          ['available', 'unavailable'],
          'booked',
        )
      );
    // Sold through its booking, it stays booked (`booked`, `bookedBy`), as lists always said.
    case 'ProductSold':
      return doc && moved(doc, ['booked'], 'sold');
    case 'ReportedProductDeleted':
      return null;
    case 'ProductPriceChanged':
      return doc && repriced(doc, event.data.sellingPrice, event.data.changedAt);
    case 'ProductConditionChanged':
      return doc && { ...doc, condition: event.data.condition };
    // The keyword search reads the description: its words follow (`searchText`).
    case 'ProductDescriptionChanged':
      return doc && { ...doc, about: event.data.about };
    case 'ProductPictureChanged':
      return doc && { ...doc, picture: event.data.picture };
    // Off the site for good: out of the public lists, still in its seller's own.
    case 'ProductWithdrawn':
      return doc && offSite(doc, 'withdrawn');
    case 'ProductSoldElsewhere':
      return doc && offSite(doc, 'sold');
    case 'ProductAdvertised':
      return doc && { ...doc, advertised: true };
    case 'ProductMarkedUnavailable':
      return doc && moved({ ...doc, available: false }, ['available'], 'unavailable');
    case 'ProductMarkedAvailable':
      return doc && moved({ ...doc, available: true }, ['unavailable'], 'available');
    // Its booking ended unsold: on sale again.
    case 'ProductReleased':
      return doc && moved({ ...doc, booked: false, bookedBy: null }, ['booked'], 'available');
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
    case 'ProductSold':
    case 'ProductPriceChanged':
    case 'ProductConditionChanged':
    case 'ProductDescriptionChanged':
    case 'ProductPictureChanged':
    case 'ProductWithdrawn':
    case 'ProductSoldElsewhere':
    case 'CaseClaimed':
    case 'CaseReleased':
    case 'ReportsDismissed':
    case 'ProductHidden':
    case 'ProductRestored':
    case 'ReviewRequested':
    case 'ProductPersonalDataErased':
      return event.data.productId;
    default:
      return null;
  }
}

/**
 * What searches filter by, after the fields of each search order: a walk of the order checks
 * them in the index and reads only the documents that pass them (the cheapest first in a
 * condition, or of the newest phones, pass over tens of thousands of others).
 */
const searchFilters: IndexSpec['fields'] = [
  ['listed', 1],
  ['available', 1],
  ['booked', 1],
  ['year', 1],
  ['condition', 1],
];

/** Lists are newest first; `_id` breaks ties so the paging cursor is stable. */
export const productIndexes: readonly IndexSpec[] = [
  {
    name: 'by_brand_with_filters',
    fields: [['Brand', 1], ['postTime', -1], ['_id', -1], ...searchFilters, ['sellingPrice', 1]],
  },
  // A seller's own list, by their account: never by e-mail, which a new account may reuse.
  {
    name: 'by_seller',
    fields: [
      ['sellerUid', 1],
      ['postTime', -1],
      ['_id', -1],
    ],
  },
  // The home page's: few products are advertised, and a booking of another rewrites none of it.
  {
    name: 'advertised_newest',
    fields: [
      ['advertised', 1],
      ['available', 1],
      ['booked', 1],
      ['postTime', -1],
      ['_id', -1],
    ],
    only: { advertised: true },
  },
  // The admins' queue: the cases before them, the latest reported first.
  {
    name: 'reported_by_latest',
    fields: [
      ['reported', 1],
      ['lastReportedAt', -1],
      ['_id', -1],
    ],
    only: { reported: true },
  },
  // A seller's products by status: what they have on sale and have sold (sellerCounts).
  {
    name: 'by_seller_uid_status',
    fields: [
      ['sellerUid', 1],
      ['status', 1],
      ['_id', 1],
    ],
  },
  // Search (searchProducts): every product newest first or by price, all or of one brand.
  {
    name: 'newest_with_filters',
    fields: [['postTime', -1], ['_id', -1], ...searchFilters, ['sellingPrice', 1]],
  },
  {
    name: 'by_price_with_filters',
    fields: [['sellingPrice', 1], ['_id', 1], ...searchFilters],
  },
  {
    name: 'by_brand_price_with_filters',
    fields: [['Brand', 1], ['sellingPrice', 1], ['_id', 1], ...searchFilters],
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
    sellerProducts: { key: (doc) => doc.sellerUid },
    // The admins' list of reported products is the products with `reported` set.
    reportedProducts: { key: (doc) => (doc.reported ? null : undefined) },
  },
  indexes: productIndexes,
  searchText: productSearchText,
  // A brand and words of another brand's products: none of the brand's products has them.
  searchFilterFields: ['Brand'],
  // The cheapest phones are the oldest: the cheapest first of the newer ones pass over many.
  // The newest at a price, or in a condition, pass over as many (the newest are the dearest).
  searchListedFields: ['year', 'condition', 'sellingPrice'],
};
