import type { Page, PageRequest, ReadStore } from '../../read-store/port.ts';
import type { ReadModelQuery } from '../query.ts';
import type { BookingDocument } from './booking-document.ts';

/**
 * The bookings a buyer's account made, by id; without `page`, all of them. By account, never by
 * e-mail: a new account signed up with a deleted one's e-mail is another person.
 */
export function listBookingsOfBuyer(
  store: ReadStore,
  buyerUid: string,
  page?: PageRequest,
): Promise<Page<BookingDocument>> {
  return store.find<BookingDocument>('bookings', {
    where: { buyerUid },
    orderBy: [['_id', 'asc']],
    page,
  });
}

export function getBooking(store: ReadStore, id: string): Promise<BookingDocument | null> {
  return store.get<BookingDocument>('bookings', id);
}

/** A buyer's bookings, by the buyer's account (uid); without `page`, all of them. */
export const buyerBookings: ReadModelQuery<
  { readonly buyerUid: string; readonly page?: PageRequest | undefined },
  Page<BookingDocument>
> = {
  sources: ({ buyerUid }) => [{ topic: 'bookings', key: buyerUid }],
  run: (store, { buyerUid, page }) => listBookingsOfBuyer(store, buyerUid, page),
};

/**
 * The bookings of a seller's products, by the seller's account (uid), newest first; without
 * `page`, all of them.
 */
export const sellerBookings: ReadModelQuery<
  { readonly sellerUid: string; readonly page?: PageRequest | undefined },
  Page<BookingDocument>
> = {
  sources: ({ sellerUid }) => [{ topic: 'sellerBookings', key: sellerUid }],
  run: (store, { sellerUid, page }) =>
    store.find<BookingDocument>('bookings', {
      where: { sellerUid },
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
