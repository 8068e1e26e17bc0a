/**
 * Where a product stands: on sale ('available'), held by a pending booking ('booked'), sold
 * (through a booking its seller accepted, or outside the site), taken off sale by its seller for
 * now ('unavailable') or for good ('withdrawn').
 */
export type ProductStatus = 'available' | 'booked' | 'sold' | 'unavailable' | 'withdrawn';

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
  reported: boolean;
  advertised: boolean;
  available: boolean;
  status: ProductStatus;
  /**
   * Whether the public lists (category pages, search, advertised) show it: not once its seller
   * withdrew it or sold it outside the site. The seller's own list always does.
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
