import { graphql } from '@/graphql/gql.ts';
import type { MyBookingsQuery as MyBookingsAnswer } from '@/graphql/graphql.ts';
import { apiRequest } from '@/lib/api-client.ts';

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
      status
      expiresAt
      cancelReason
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

/** POST /bookings/{id}/cancel: the buyer cancels a pending booking; 409 says how it ended. */
export const cancelBooking = (idempotencyKey: string, bookingId: string) =>
  apiRequest<{ position?: number }>(`/bookings/${encodeURIComponent(bookingId)}/cancel`, {
    method: 'POST',
    idempotencyKey,
  });
