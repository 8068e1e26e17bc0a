import { graphql } from '@/graphql/gql.ts';
import type { MyProductsQuery as MyProductsAnswer } from '@/graphql/graphql.ts';

export type MyProduct = MyProductsAnswer['myProducts'][number];

export const MyProductsQuery = graphql(`
  query MyProducts($minPosition: Float) {
    myProducts(minPosition: $minPosition) {
      _id
      productName
      picture
      Brand
      sellingPrice
      condition
      about
      status
      booked
      advertised
      available
      reported
      hidden
      hiddenReason
      reviewRequested
    }
  }
`);

export const MyProductsChangedSubscription = graphql(`
  subscription MyProductsChanged($after: Float) {
    myProductsChanged(after: $after) {
      topic
      position
      ids
    }
  }
`);
