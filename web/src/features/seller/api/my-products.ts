import { gql } from 'urql';
import { changesSubscription, type LiveVariables } from '@/lib/live-query.ts';

export type MyProduct = {
  _id: string;
  productName: string;
  picture: string;
  Brand: string;
  sellingPrice: number;
  condition: string;
  booked: boolean;
  advertised: boolean;
  available: boolean;
  reported: boolean;
};

export const MyProductsQuery = gql<{ myProducts: MyProduct[] }, LiveVariables>`
  query MyProducts($minPosition: Float) {
    myProducts(minPosition: $minPosition) {
      _id
      productName
      picture
      Brand
      sellingPrice
      condition
      booked
      advertised
      available
      reported
    }
  }
`;

export const MyProductsChangedSubscription = changesSubscription('myProductsChanged');
