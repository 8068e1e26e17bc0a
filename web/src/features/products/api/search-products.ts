import { graphql } from '@/graphql/gql.ts';
import type { ProductSearch, SearchProductsQuery as SearchAnswer } from '@/graphql/graphql.ts';

export type { ProductSearch };
export type SearchPage = SearchAnswer['searchProducts'];

/** One page of a search: `after` is the previous page's `nextCursor`. */
export const SearchProductsQuery = graphql(`
  query SearchProducts($search: ProductSearch!, $limit: Int, $after: String, $minPosition: Float) {
    searchProducts(search: $search, limit: $limit, after: $after, minPosition: $minPosition) {
      items {
        ...ProductFields
      }
      nextCursor
    }
  }
`);

/** The products a search reads changed: one brand's, or any brand's without one. */
export const ProductSearchChangedSubscription = graphql(`
  subscription ProductSearchChanged($brand: String, $after: Float) {
    productSearchChanged(brand: $brand, after: $after) {
      topic
      position
      ids
    }
  }
`);
