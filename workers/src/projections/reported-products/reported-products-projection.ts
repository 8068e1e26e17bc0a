import type { EventType } from '@resale/events';
import {
  productIndexes,
  productsHandledEventTypes,
  verifiedSellerUpdate,
} from '../products/products-projection.ts';
import type { ProductDocument } from '../products/product-document.ts';
import type { DerivedProjection } from '../projection.ts';

/** Spec section 3: a reported product has the same fields as a product. */
export type ReportedProductDocument = ProductDocument;

export const reportedProductsCollection = 'reportedProducts';

/** The product events (it follows every change of a reported product) and the seller fan-out. */
export const reportedProductsHandledEventTypes: readonly EventType[] = productsHandledEventTypes;

/** A product is in the reported list while it is reported and not deleted. */
export function selectReportedProduct(
  product: ProductDocument | null,
): ReportedProductDocument | null {
  return product?.reported ? product : null;
}

export const reportedProductsProjection: DerivedProjection<
  ReportedProductDocument,
  ProductDocument
> = {
  kind: 'derived',
  name: 'reportedProducts',
  source: 'products',
  collection: reportedProductsCollection,
  handledEventTypes: reportedProductsHandledEventTypes,
  select: selectReportedProduct,
  updateMatching: verifiedSellerUpdate,
  matchFields: ['sellerUid'],
  topicsOf: () => [{ topic: 'reportedProducts', key: null }],
  indexes: [
    {
      name: 'newest_first',
      fields: [
        ['postTime', -1],
        ['_id', -1],
      ],
    },
    ...productIndexes.filter((index) => index.name === 'by_seller_uid'),
  ],
};
