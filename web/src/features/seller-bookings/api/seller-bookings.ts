import { graphql } from '@/graphql/gql.ts';
import type { SellerBookingsQuery as SellerBookingsAnswer } from '@/graphql/graphql.ts';
import { apiRequest } from '@/lib/api-client.ts';

export type ReceivedBooking = SellerBookingsAnswer['sellerBookings'][number];

export const SellerBookingsQuery = graphql(`
  query SellerBookings($minPosition: Float) {
    sellerBookings(minPosition: $minPosition) {
      _id
      productId
      productName
      Brand
      sellingPrice
      buyerName
      email
      phone
      address
      status
      expiresAt
      cancelReason
    }
  }
`);

export const SellerBookingsChangedSubscription = graphql(`
  subscription SellerBookingsChanged($after: Float) {
    sellerBookingsChanged(after: $after) {
      topic
      position
      ids
    }
  }
`);

type Answer = { position?: number };
const answer = (what: 'accept' | 'decline') => (idempotencyKey: string, bookingId: string) =>
  apiRequest<Answer>(`/bookings/${encodeURIComponent(bookingId)}/${what}`, {
    method: 'POST',
    idempotencyKey,
  });

/** POST /bookings/{id}/accept: the phone is sold; 409 says how the booking ended otherwise. */
export const acceptBooking = answer('accept');
/** POST /bookings/{id}/decline: the phone is on sale again. */
export const declineBooking = answer('decline');
