import { apiRequest } from '@/lib/api-client.ts';

export type BookingRequest = {
  productId: string;
  Brand: string;
  buyerName: string;
  email: string;
  phone: string;
  address: string;
  sellingPrice: number;
};

export type BookingAnswer = { acknowledged: boolean; insertedId: string; position: number };

/** POST /bookings; 409 answers 'This product is already booked'. */
export function placeBooking(booking: BookingRequest, idempotencyKey: string) {
  return apiRequest<BookingAnswer>('/bookings', { method: 'POST', json: booking, idempotencyKey });
}
