import { gql } from 'urql';

export type Condition = 'Good' | 'Excelent' | 'Fair';

export type Product = {
  _id: string;
  productName: string;
  picture: string;
  address: string;
  year: number;
  buyingPrice: number;
  sellingPrice: number;
  sellerName: string;
  condition: Condition;
  phone: string;
  about: string;
  postTime: string;
  Brand: string;
  email: string;
  sellerEmail: string;
  booked: boolean;
  reported: boolean;
  advertised: boolean;
  available: boolean;
  sellerVerified: boolean;
};

export const ProductFields = gql`
  fragment ProductFields on Product {
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
    booked
    reported
    advertised
    available
    sellerVerified
  }
`;

export type ProductPage = { items: Product[]; nextCursor: string | null };

/** One page of a brand's products: `after` is the previous page's `nextCursor`. */
export const ProductsQuery = gql<
  { products: ProductPage },
  { brand: string; limit: number; after?: string; minPosition?: number }
>`
  query Products($brand: String!, $limit: Int, $after: String, $minPosition: Float) {
    products(brand: $brand, limit: $limit, after: $after, minPosition: $minPosition) {
      items {
        ...ProductFields
      }
      nextCursor
    }
  }
  ${ProductFields}
`;

export const ProductsChangedSubscription = gql`
  subscription ProductsChanged($brand: String!, $after: Float) {
    productsChanged(brand: $brand, after: $after) {
      topic
      position
      ids
    }
  }
`;

export const AdvertisedProductsQuery = gql<
  { advertisedProducts: Product[] },
  Record<string, never>
>`
  query AdvertisedProducts {
    advertisedProducts {
      ...ProductFields
    }
  }
  ${ProductFields}
`;
