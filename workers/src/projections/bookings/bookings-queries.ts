import type { Page, PageRequest, ReadStore } from '../../read-store/port.ts';
import type { ReadModelQuery } from '../query.ts';
import type { BookingDocument } from './booking-document.ts';

/** The bookings made with a buyer's e-mail, by id; without `page`, all of them. */
export function listBookingsByEmail(
  store: ReadStore,
  email: string,
  page?: PageRequest,
): Promise<Page<BookingDocument>> {
  return store.find<BookingDocument>('bookings', {
    where: { email },
    orderBy: [['_id', 'asc']],
    page,
  });
}

export function getBooking(store: ReadStore, id: string): Promise<BookingDocument | null> {
  return store.get<BookingDocument>('bookings', id);
}

/** A buyer's bookings, by the buyer's e-mail; without `page`, all of them. */
export const buyerBookings: ReadModelQuery<
  { readonly email: string; readonly page?: PageRequest | undefined },
  Page<BookingDocument>
> = {
  sources: ({ email }) => [{ topic: 'bookings', key: email }],
  run: (store, { email, page }) => listBookingsByEmail(store, email, page),
};
