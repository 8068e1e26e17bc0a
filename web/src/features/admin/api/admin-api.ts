import { graphql } from '@/graphql/gql.ts';
import type {
  ReportedProductsQuery as ReportedProductsAnswer,
  SellersQuery as SellersAnswer,
  UsersQuery as UsersAnswer,
} from '@/graphql/graphql.ts';
import { apiRequest } from '@/lib/api-client.ts';

export type User = UsersAnswer['users'][number];
export type Seller = SellersAnswer['sellers'][number];
export type ReportedProduct = ReportedProductsAnswer['reportedProducts'][number];

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
export const deleteReportedProduct = (key: string, productId: string, reason: string) =>
  apiRequest<Answer>(`/reportedProducts/${id(productId)}`, {
    method: 'DELETE',
    json: { reason },
    idempotencyKey: key,
  });

/** An admin's move on a listing's case: claim or release it, or act on it with a reason. */
export type CaseAction = 'claim' | 'release' | 'dismiss' | 'hide' | 'restore';
export const actOnCase = (key: string, productId: string, action: CaseAction, reason?: string) =>
  apiRequest<Answer>(`/reportedProducts/${id(productId)}/${action}`, {
    method: 'POST',
    ...(reason === undefined ? {} : { json: { reason } }),
    idempotencyKey: key,
  });

export const UsersQuery = graphql(`
  query Users($minPosition: Float) {
    users(minPosition: $minPosition) {
      _id
      name
      email
      role
    }
  }
`);
export const UsersChangedSubscription = graphql(`
  subscription UsersChanged($after: Float) {
    usersChanged(after: $after) {
      topic
      position
      ids
    }
  }
`);

export const SellersQuery = graphql(`
  query Sellers($minPosition: Float) {
    sellers(minPosition: $minPosition) {
      _id
      name
      email
      sellerEmail
      verified
    }
  }
`);
export const SellersChangedSubscription = graphql(`
  subscription SellersChanged($after: Float) {
    sellersChanged(after: $after) {
      topic
      position
      ids
    }
  }
`);

export const ReportedProductsQuery = graphql(`
  query ReportedProducts($minPosition: Float) {
    reportedProducts(minPosition: $minPosition) {
      _id
      productName
      picture
      Brand
      sellerName
      sellerEmail
      sellingPrice
      hidden
      hiddenReason
      reviewRequested
      reviewNote
      reportCount
      lastReportedAt
      reports {
        reporterUid
        reporterName
        reason
        details
        reportedAt
      }
      claimedBy {
        uid
        name
      }
    }
  }
`);
/** The admin using the page: whether a claimed case is theirs. */
export const ModeratorQuery = graphql(`
  query Moderator {
    me {
      uid
    }
  }
`);
export const ReportedProductsChangedSubscription = graphql(`
  subscription ReportedProductsChanged($after: Float) {
    reportedProductsChanged(after: $after) {
      topic
      position
      ids
    }
  }
`);
