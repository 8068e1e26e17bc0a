import { graphql } from '@/graphql/gql.ts';
import type { MyBookingsQuery as MyBookingsAnswer } from '@/graphql/graphql.ts';

export type Booking = MyBookingsAnswer['myBookings'][number];

export const MyBookingsQuery = graphql(`
  query MyBookings($minPosition: Float) {
    myBookings(minPosition: $minPosition) {
      _id
      Brand
      buyerName
      email
      phone
      address
      sellingPrice
      productId
      productName
    }
  }
`);

export const MyBookingsChangedSubscription = graphql(`
  subscription MyBookingsChanged($after: Float) {
    myBookingsChanged(after: $after) {
      topic
      position
      ids
    }
  }
`);
