import { graphql } from '@/graphql/gql.ts';
import type { ProductFieldsFragment, ProductsQuery as ProductsAnswer } from '@/graphql/graphql.ts';

/** The fields of a product every product read of the web selects: its card, its page. */
export const ProductFields = graphql(`
  fragment ProductFields on ListedProduct {
    _id
    productName
    picture
    address
    year
    buyingPrice
    sellingPrice
    sellerName
    condition
    phone
    about
    postTime
    Brand
    email
    sellerEmail
    status
    reported
    advertised
    sellerVerified
  }
`);

/** A product as the web reads it (ProductFields). */
export type Product = ProductFieldsFragment;

export type ProductPage = ProductsAnswer['products'];

/** One page of a brand's products: `after` is the previous page's `nextCursor`. */
export const ProductsQuery = graphql(`
  query Products($brand: String!, $limit: Int, $after: String, $minPosition: Float) {
    products(brand: $brand, limit: $limit, after: $after, minPosition: $minPosition) {
      items {
        ...ProductFields
      }
      nextCursor
    }
  }
`);

export const ProductsChangedSubscription = graphql(`
  subscription ProductsChanged($brand: String!, $after: Float) {
    productsChanged(brand: $brand, after: $after) {
      topic
      position
      ids
    }
  }
`);

export const AdvertisedProductsQuery = graphql(`
  query AdvertisedProducts {
    advertisedProducts {
      ...ProductFields
    }
  }
`);
