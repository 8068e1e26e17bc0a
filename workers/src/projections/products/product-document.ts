import type { ReportReason } from '@resale/events';

/**
 * Where a product stands: on sale ('available'), held by a pending booking ('booked'), sold
 * (through a booking its seller accepted, or outside the site), taken off sale by its seller for
 * now ('unavailable') or for good ('withdrawn').
 */
export type ProductStatus = 'available' | 'booked' | 'sold' | 'unavailable' | 'withdrawn';

/** One open report on a product, as the admins' queue shows it. */
export interface OpenReport {
  readonly reporterUid: string;
  readonly reporterName: string;
  readonly reason: ReportReason;
  readonly details: string | null;
  readonly reportedAt: string;
}

/** One price a product was listed at, from `at` on. */
export interface PricePoint {
  readonly price: number;
  readonly at: string;
}

/**
 * Spec section 3: Product as stored, plus what the product needs: the seller's uid, the booked,
 * reported, advertised and available states, where it stands (`status`) and its prices.
 */
export type ProductDocument = {
  _id: string;
  productName: string;
  picture: string;
  address: string;
  year: number;
  buyingPrice: number;
  sellingPrice: number;
  sellerName: string;
  condition: 'Good' | 'Excelent' | 'Fair';
  phone: string;
  about: string;
  postTime: string;
  Brand: string;
  email: string;
  sellerEmail: string;
  sellerUid: string;
  booked: boolean;
  bookedBy: string | null;
  /**
   * Whether its case is before the admins (the Reported Items queue): it has open reports, or an
   * admin hid it. Dismissing the reports or restoring the listing takes it out.
   */
  reported: boolean;
  /** Its open reports, oldest first, as JSON (documents are flat): OpenReport[]. */
  reports: string;
  reportCount: number;
  /** When its latest report was made: the queue is newest first by it. */
  lastReportedAt: string | null;
  /** The admin reviewing its case now (uid and name), if one claimed it. */
  claimedBy: string | null;
  claimedByName: string | null;
  /** Hidden from every public page by an admin, and why. */
  hidden: boolean;
  hiddenReason: string | null;
  /** Its seller asked the admins to look at its hiding again, with this note. */
  reviewRequested: boolean;
  reviewNote: string | null;
  advertised: boolean;
  available: boolean;
  status: ProductStatus;
  /**
   * Whether the public lists (category pages, search, advertised) show it: not once its seller
   * withdrew it or sold it outside the site, nor while an admin hides it. The seller's own list
   * always does.
   */
  listed: boolean;
  /** Every price it was listed at, oldest first, as JSON (documents are flat): PricePoint[]. */
  priceHistory: string;
};

/** A product as answered: whether its seller is verified is read from the sellers read model. */
export type Product = ProductDocument & { sellerVerified: boolean };

/** The prices a product document holds, oldest first. */
export const pricesOf = (doc: Pick<ProductDocument, 'priceHistory'>): PricePoint[] =>
  JSON.parse(doc.priceHistory) as PricePoint[];

/** The open reports a product document holds, oldest first. */
export const reportsOf = (doc: Pick<ProductDocument, 'reports'>): OpenReport[] =>
  JSON.parse(doc.reports) as OpenReport[];

/** A product under review as the admins' queue answers it: its reports decoded, its claim. */
export type ReportedProduct = Omit<Product, 'reports' | 'claimedBy' | 'claimedByName'> & {
  readonly reports: OpenReport[];
  readonly claimedBy: { readonly uid: string; readonly name: string } | null;
};

export function reportedProductOf(product: Product): ReportedProduct {
  const { reports, claimedBy, claimedByName, ...rest } = product;
  return {
    ...rest,
    reports: reportsOf({ reports }),
    claimedBy: claimedBy === null ? null : { uid: claimedBy, name: claimedByName ?? '' },
  };
}
