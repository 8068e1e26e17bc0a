import type { ListingStatus } from '@/components/ui/listing-status-badge.tsx';
import { apiRequest } from '@/lib/api-client.ts';
import type { Product } from './products.ts';

/** One price the listing had, from when it was set. */
export type PricePoint = { price: number; at: string };

/** Who sells the listing, as a buyer may read it. */
export type ListingSeller = {
  name: string;
  verified: boolean;
  /** When the seller's account was made; null when the server does not know it. */
  memberSince: string | null;
  listings: number;
  completedSales: number;
};

/** A product on its own page: every field of the card, its state, its prices and its seller. */
export type Listing = Product & {
  status: ListingStatus;
  /** Oldest first; the last one is the price now. */
  priceHistory: PricePoint[];
  seller: ListingSeller;
};

/**
 * GET /products/{id}; `minPosition` makes the answer include every change up to it. 404 when the
 * product does not exist or is off sale to whoever asks.
 */
export function fetchListing(id: string, minPosition: number, signal: AbortSignal) {
  return apiRequest<Listing>(`/products/${encodeURIComponent(id)}`, {
    query: { minPosition: minPosition > 0 ? minPosition : undefined },
    signal,
  });
}
