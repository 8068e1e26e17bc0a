import { gql } from 'urql';
import { apiRequest } from '@/lib/api-client.ts';
import { changesSubscription, type LiveVariables } from '@/lib/live-query.ts';

export type User = { _id: string; name: string; email: string; role: 'buyer' | 'seller' | 'admin' };
export type Seller = {
  _id: string;
  name: string;
  email: string;
  sellerEmail: string;
  verified: boolean;
};
export type ReportedProduct = {
  _id: string;
  productName: string;
  picture: string;
  Brand: string;
  sellerName: string;
  sellerEmail: string;
  sellingPrice: number;
};

type Answer = { position?: number };
const id = encodeURIComponent;

export const makeAdmin = (key: string, userId: string) =>
  apiRequest<Answer>(`/users/admin/${id(userId)}`, { method: 'PUT', idempotencyKey: key });
export const deleteUser = (key: string, userId: string) =>
  apiRequest<Answer>(`/users/${id(userId)}`, { method: 'DELETE', idempotencyKey: key });
export const verifySeller = (key: string, sellerEmail: string) =>
  apiRequest<Answer>(`/users/sellers/${id(sellerEmail)}`, { method: 'PUT', idempotencyKey: key });
export const deleteSeller = (key: string, sellerId: string) =>
  apiRequest<Answer>(`/sellers/${id(sellerId)}`, { method: 'DELETE', idempotencyKey: key });
export const deleteReportedProduct = (key: string, productId: string) =>
  apiRequest<Answer>(`/reportedProducts/${id(productId)}`, {
    method: 'DELETE',
    idempotencyKey: key,
  });

export const UsersQuery = gql<{ users: User[] }, LiveVariables>`
  query Users($minPosition: Float) {
    users(minPosition: $minPosition) {
      _id
      name
      email
      role
    }
  }
`;
export const UsersChangedSubscription = changesSubscription('usersChanged');

export const SellersQuery = gql<{ sellers: Seller[] }, LiveVariables>`
  query Sellers($minPosition: Float) {
    sellers(minPosition: $minPosition) {
      _id
      name
      email
      sellerEmail
      verified
    }
  }
`;
export const SellersChangedSubscription = changesSubscription('sellersChanged');

export const ReportedProductsQuery = gql<{ reportedProducts: ReportedProduct[] }, LiveVariables>`
  query ReportedProducts($minPosition: Float) {
    reportedProducts(minPosition: $minPosition) {
      _id
      productName
      picture
      Brand
      sellerName
      sellerEmail
      sellingPrice
    }
  }
`;
export const ReportedProductsChangedSubscription = changesSubscription('reportedProductsChanged');
