import { gql } from 'urql';

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

export const MyBookingsQuery = gql<{ myBookings: Booking[] }, { minPosition?: number }>`
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

export const MyBookingsChangedSubscription = gql`
  subscription MyBookingsChanged($after: Float) {
    myBookingsChanged(after: $after) {
      topic
      position
      ids
    }
  }
`;
