import { gql } from 'urql';
import { changesSubscription, type LiveVariables } from '@/lib/live-query.ts';

export type Booking = {
  _id: string;
  Brand: string;
  buyerName: string;
  email: string;
  phone: string;
  address: string;
  sellingPrice: number;
  productId: string;
  productName: string;
};

export const MyBookingsQuery = gql<{ myBookings: Booking[] }, LiveVariables>`
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
`;

export const MyBookingsChangedSubscription = changesSubscription('myBookingsChanged');
