import { graphql } from '@/graphql/gql.ts';
import type { ListingQuery as ListingAnswer } from '@/graphql/graphql.ts';

/** A product on its own page: every field of the card, its state, its prices and its seller. */
export type Listing = NonNullable<ListingAnswer['product']>;

/** One price the listing had, from when it was set. */
export type PricePoint = Listing['priceHistory'][number];

/** Who sells the listing, as a buyer may read it. */
export type ListingSeller = Listing['seller'];

/**
 * A product's page: null for an unknown product, and for one off sale to whoever asks (only its
 * seller and the admins see it then).
 */
export const ListingQuery = graphql(`
  query Listing($id: ID!, $minPosition: Float) {
    product(id: $id, minPosition: $minPosition) {
      ...ProductFields
      priceHistory {
        price
        at
      }
      seller {
        name
        verified
        memberSince
        listings
        completedSales
      }
    }
  }
`);

/** The product, or another of its seller's products (their counts), or the seller changed. */
export const ListingChangedSubscription = graphql(`
  subscription ListingChanged($id: ID!, $after: Float) {
    productChanged(id: $id, after: $after) {
      topic
      position
      ids
    }
  }
`);
