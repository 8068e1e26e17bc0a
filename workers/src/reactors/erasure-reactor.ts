import {
  bookingDecider,
  bookingStreamId,
  DomainError,
  erasedValues,
  handleCommand,
  productDecider,
  productStreamId,
  type CommandStore,
  type EventStore,
  type RecordedEvent,
} from '@resale/events';
import type { BookingDocument } from '../projections/bookings/booking-document.ts';
import { reportsOf, type ProductDocument } from '../projections/products/product-document.ts';
import type { ReadModelDocument, ReadModelName } from '../projections/projection.ts';
import { maxPageSize } from '../read-store/document-query.ts';
import type { DocumentQuery, ReadStore } from '../read-store/port.ts';
import { causedBy } from './account-deleted-reactor.ts';

/** What erasing needs of the log: deciding and appending, and destroying a person's key. */
export type ErasingStore = CommandStore & Pick<EventStore, 'erasePersonalData'>;

/**
 * When an admin deletes a user, their personal data becomes unreadable everywhere:
 * - their key is destroyed (crypto-shredding): every field of theirs in the log, stored or to
 *   come, reads as erased from then on, in every read and every replay;
 * - each listing and booking whose documents still hold a copy of it records its part of the
 *   erasure (ProductPersonalDataErased, BookingPersonalDataErased), and the read models overwrite
 *   those fields with what the log now reads. The users and sellers read models do it on
 *   UserDeleted itself.
 * The documents are the read models' plus those of earlier events of the same run (not projected
 * yet). Documents already erased are left alone, so a redelivered deletion records nothing again.
 */
export async function eraseDeletedUsers(
  eventStore: ErasingStore,
  readStore: ReadStore,
  events: readonly RecordedEvent[],
): Promise<void> {
  for (const [index, event] of events.entries()) {
    if (event.type !== 'UserDeleted') continue;
    const { uid } = event.data as { uid: string };
    await eventStore.erasePersonalData(uid);
    const earlier = events.slice(0, index);
    for (const productId of await productsHoldingDataOf(readStore, uid, earlier))
      await unlessUnknown(() =>
        handleCommand(eventStore, productStreamId(productId), productDecider, {
          type: 'ErasePersonalData',
          data: { productId, uid },
          metadata: causedBy(event),
        }),
      );
    for (const bookingId of await bookingsHoldingDataOf(readStore, uid, earlier))
      await unlessUnknown(() =>
        handleCommand(eventStore, bookingStreamId(bookingId), bookingDecider, {
          type: 'EraseBookingPersonalData',
          data: { bookingId, uid },
          metadata: causedBy(event),
        }),
      );
  }
}

/** One stream's part; a stream not in the log yet (a booking still to be placed) reads erased anyway. */
async function unlessUnknown(decide: () => Promise<unknown>): Promise<void> {
  try {
    await decide();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') return;
    throw error;
  }
}

/** Every document a query finds, page after page. */
async function allOf<D extends ReadModelDocument>(
  readStore: ReadStore,
  collection: ReadModelName,
  query: DocumentQuery,
): Promise<D[]> {
  const documents: D[] = [];
  let after: string | undefined;
  do {
    const found = await readStore.find<D>(collection, {
      ...query,
      page: { limit: maxPageSize, ...(after === undefined ? {} : { after }) },
    });
    documents.push(...found.items);
    after = found.nextCursor ?? undefined;
  } while (after !== undefined);
  return documents;
}

const dataOf = (event: RecordedEvent): Readonly<Record<string, unknown>> =>
  event.data as Readonly<Record<string, unknown>>;

/** Listings whose documents hold the user's data: as seller, open report's author, case holder. */
async function productsHoldingDataOf(
  readStore: ReadStore,
  uid: string,
  earlier: readonly RecordedEvent[],
): Promise<Set<string>> {
  const [sold, underReview] = await Promise.all([
    allOf<ProductDocument>(readStore, 'products', {
      where: { sellerUid: uid },
      orderBy: [
        ['postTime', 'desc'],
        ['_id', 'desc'],
      ],
    }),
    allOf<ProductDocument>(readStore, 'products', {
      where: { reported: true },
      orderBy: [
        ['lastReportedAt', 'desc'],
        ['_id', 'desc'],
      ],
    }),
  ]);
  const ids = new Set<string>();
  for (const doc of sold) if (doc.sellerEmail !== erasedValues.email) ids.add(doc._id);
  for (const doc of underReview) {
    const reportedByThem = reportsOf(doc).some(
      (report) => report.reporterUid === uid && report.reporterName !== erasedValues.name,
    );
    const heldByThem = doc.claimedBy === uid && doc.claimedByName !== erasedValues.name;
    if (reportedByThem || heldByThem) ids.add(doc._id);
  }
  for (const event of earlier) {
    const data = dataOf(event);
    const theirs =
      (event.type === 'ProductListed' && data['sellerUid'] === uid) ||
      (event.type === 'ProductReported' && data['reporterUid'] === uid) ||
      (event.type === 'CaseClaimed' && data['adminUid'] === uid);
    if (theirs && typeof data['productId'] === 'string') ids.add(data['productId']);
  }
  return ids;
}

/** Bookings whose documents hold the user's data: as buyer, or as seller (their e-mail). */
async function bookingsHoldingDataOf(
  readStore: ReadStore,
  uid: string,
  earlier: readonly RecordedEvent[],
): Promise<Set<string>> {
  const [bought, received] = await Promise.all([
    allOf<BookingDocument>(readStore, 'bookings', {
      where: { buyerUid: uid },
      orderBy: [['_id', 'asc']],
    }),
    allOf<BookingDocument>(readStore, 'bookings', {
      where: { sellerUid: uid },
      orderBy: [['_id', 'desc']],
    }),
  ]);
  const ids = new Set<string>();
  for (const doc of bought) if (doc.email !== erasedValues.email) ids.add(doc._id);
  for (const doc of received)
    if (doc.sellerEmail !== null && doc.sellerEmail !== erasedValues.email) ids.add(doc._id);
  for (const event of earlier) {
    const data = dataOf(event);
    const theirs =
      (event.type === 'ProductBooked' || event.type === 'BookingPlaced') &&
      (data['buyerUid'] === uid || data['sellerUid'] === uid);
    if (theirs && typeof data['bookingId'] === 'string') ids.add(data['bookingId']);
  }
  return ids;
}
