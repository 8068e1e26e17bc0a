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

/** The bookings of a seller's products, newest first; without `page`, all of them. */
export const sellerBookings: ReadModelQuery<
  { readonly sellerEmail: string; readonly page?: PageRequest | undefined },
  Page<BookingDocument>
> = {
  sources: ({ sellerEmail }) => [{ topic: 'sellerBookings', key: sellerEmail }],
  run: (store, { sellerEmail, page }) =>
    store.find<BookingDocument>('bookings', {
      where: { sellerEmail },
      orderBy: [['_id', 'desc']],
      page,
    }),
};

/** Pending bookings, oldest first, a page at a time: what the expiry scheduler looks through. */
export function listPendingBookings(
  store: ReadStore,
  page: PageRequest,
): Promise<Page<BookingDocument>> {
  return store.find<BookingDocument>('bookings', {
    where: { status: 'pending' },
    orderBy: [['_id', 'asc']],
    page,
  });
}

/** The pending bookings a user made as buyer, or received as seller. */
export async function listPendingBookingsOf(
  store: ReadStore,
  uid: string,
): Promise<BookingDocument[]> {
  const [asBuyer, asSeller] = await Promise.all(
    (['buyerUid', 'sellerUid'] as const).map((field) =>
      store.find<BookingDocument>('bookings', {
        where: { [field]: uid, status: 'pending' },
        orderBy: [['_id', 'asc']],
      }),
    ),
  );
  return [...(asBuyer?.items ?? []), ...(asSeller?.items ?? [])];
}
