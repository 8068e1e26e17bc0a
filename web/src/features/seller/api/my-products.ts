import { gql } from 'urql';

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

export const MyProductsQuery = gql<{ myProducts: MyProduct[] }, { minPosition?: number }>`
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

export const MyProductsChangedSubscription = gql`
  subscription MyProductsChanged($after: Float) {
    myProductsChanged(after: $after) {
      topic
      position
      ids
    }
  }
`;
