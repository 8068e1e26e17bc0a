import {
  bookingDecider,
  bookingStreamId,
  DomainError,
  erasedValues,
  handleCommand,
  productDecider,
  productStreamId,
  sellerDecider,
  sellerStreamId,
  type CommandStore,
  type EventStore,
  type RecordedEvent,
} from '@resale/events';
import type { BookingDocument } from '../projections/bookings/booking-document.ts';
import type { SellerDocument } from '../projections/sellers/seller-document.ts';
import { reportsOf, type ProductDocument } from '../projections/products/product-document.ts';
import type { ReadModelDocument, ReadModelName } from '../projections/projection.ts';
import { maxPageSize } from '../read-store/document-query.ts';
import type { DocumentQuery, ReadStore } from '../read-store/port.ts';
import { causedBy } from './account-deleted-reactor.ts';

/** What erasing needs of the log: deciding and appending, and destroying a person's key. */
export type ErasingStore = CommandStore & Pick<EventStore, 'erasePersonalData' | 'erasedAmong'>;

/**
 * When an admin deletes a user, their personal data becomes unreadable everywhere:
 * - their key is destroyed (crypto-shredding): every field of theirs in the log, stored or to
 *   come, reads as erased from then on, in every read and every replay;
 * - their seller record and each listing and booking whose documents still hold a copy of it
 *   records its part of the erasure (SellerPersonalDataErased, ProductPersonalDataErased,
 *   BookingPersonalDataErased), and the read models overwrite those fields with what the log now
 *   reads (the users read model drops the user on UserDeleted itself).
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
    await eraseRecordParts(eventStore, readStore, uid, events.slice(0, index), event);
  }
}

/** Each listing, booking and seller record of theirs whose document holds a copy, erased. */
async function eraseRecordParts(
  eventStore: ErasingStore,
  readStore: ReadStore,
  uid: string,
  earlier: readonly RecordedEvent[],
  event: RecordedEvent,
): Promise<void> {
  await eventStore.erasePersonalData(uid);
  const seller = await readStore.get<SellerDocument>('sellers', uid);
  const registeredEarlier = earlier.some(
    (e) => e.type === 'SellerRegistered' && dataOf(e)['sellerId'] === uid,
  );
  if ((seller && sellerHoldsData(seller)) || registeredEarlier)
    await recordErasure(eventStore, { document: 'seller', id: uid, uid }, event);
  for (const id of await productsHoldingDataOf(readStore, uid, earlier))
    await recordErasure(eventStore, { document: 'product', id, uid }, event);
  for (const id of await bookingsHoldingDataOf(readStore, uid, earlier))
    await recordErasure(eventStore, { document: 'booking', id, uid }, event);
}

type ErasedDocument = 'seller' | 'product' | 'booking';

/**
 * Records one document's part of the user's erasure, decided on its own stream. A stream not in
 * the log yet (a booking still to be placed) will read erased anyway.
 */
async function recordErasure(
  eventStore: ErasingStore,
  part: { readonly document: ErasedDocument; readonly id: string; readonly uid: string },
  cause: RecordedEvent,
): Promise<void> {
  const metadata = causedBy(cause);
  const { id, uid } = part;
  try {
    if (part.document === 'seller')
      await handleCommand(eventStore, sellerStreamId(id), sellerDecider, {
        type: 'EraseSellerPersonalData',
        data: { sellerId: id },
        metadata,
      });
    else if (part.document === 'product')
      await handleCommand(eventStore, productStreamId(id), productDecider, {
        type: 'ErasePersonalData',
        data: { productId: id, uid },
        metadata,
      });
    else
      await handleCommand(eventStore, bookingStreamId(id), bookingDecider, {
        type: 'EraseBookingPersonalData',
        data: { bookingId: id, uid },
        metadata,
      });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') return;
    throw error;
  }
}

/**
 * Where events copy a person's data into the documents: whose (the fields naming them) and the
 * stream deciding that document's erasure.
 */
const copies: Readonly<
  Record<string, { readonly people: readonly string[]; readonly document: ErasedDocument }>
> = {
  SellerRegistered: { people: ['sellerId'], document: 'seller' },
  ProductListed: { people: ['sellerUid'], document: 'product' },
  ProductReported: { people: ['reporterUid'], document: 'product' },
  CaseClaimed: { people: ['adminUid'], document: 'product' },
  ProductBooked: { people: ['buyerUid', 'sellerUid'], document: 'booking' },
  BookingPlaced: { people: ['buyerUid', 'sellerUid'], document: 'booking' },
};

/**
 * Copies made late: with several partitions, an event read from the log before its person's key
 * was destroyed may be projected after the erasure looked for their documents, leaving a copy in
 * clear. So once a run is projected, each of its events that copied the data of a person erased
 * by now has its document's erasure recorded as well. (Either the key was destroyed before this
 * check, which then sees it, or after the copy was committed, and the erasure found the copy.)
 */
export async function eraseLateCopies(
  eventStore: ErasingStore,
  readStore: ReadStore,
  events: readonly RecordedEvent[],
): Promise<void> {
  const copying = events.flatMap((event) => {
    const copy = copies[event.type];
    if (!copy) return [];
    const data = dataOf(event);
    return copy.people
      .map((field) => data[field])
      .filter((uid): uid is string => typeof uid === 'string' && uid !== '')
      .map((uid) => ({ event, uid, document: copy.document }));
  });
  if (copying.length === 0) return;
  const erased = await eventStore.erasedAmong([...new Set(copying.map(({ uid }) => uid))]);
  // A booking is copied by its ProductBooked and its BookingPlaced: one part each document.
  const recorded = new Set<string>();
  for (const { event, uid, document } of copying) {
    if (!erased.has(uid)) continue;
    const id = documentIdOf(document, uid, dataOf(event));
    const part = `${document} ${id} ${uid}`;
    if (id === undefined || recorded.has(part)) continue;
    if (!(await holdsDataOf(readStore, document, id, uid))) continue;
    recorded.add(part);
    await recordErasure(eventStore, { document, id, uid }, event);
  }
}

/** The id of the document an event copied a person's data into. */
function documentIdOf(
  document: ErasedDocument,
  uid: string,
  data: Readonly<Record<string, unknown>>,
): string | undefined {
  const id = document === 'seller' ? uid : data[document === 'product' ? 'productId' : 'bookingId'];
  return typeof id === 'string' ? id : undefined;
}

/** Whether the document still holds a clear copy of the user's data. */
async function holdsDataOf(
  readStore: ReadStore,
  document: ErasedDocument,
  id: string,
  uid: string,
): Promise<boolean> {
  if (document === 'seller') {
    const seller = await readStore.get<SellerDocument>('sellers', id);
    return seller !== null && sellerHoldsData(seller);
  }
  if (document === 'product') {
    const product = await readStore.get<ProductDocument>('products', id);
    return product !== null && productHoldsDataOf(product, uid);
  }
  const booking = await readStore.get<BookingDocument>('bookings', id);
  return booking !== null && bookingHoldsDataOf(booking, uid);
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

/** Whether a seller record's document still holds its user's data in clear. */
const sellerHoldsData = (doc: SellerDocument): boolean => doc.email !== erasedValues.email;

/** Whether the listing's document still holds the user's data in clear. */
const productHoldsDataOf = (doc: ProductDocument, uid: string): boolean =>
  (doc.sellerUid === uid && doc.sellerEmail !== erasedValues.email) ||
  reportsOf(doc).some(
    (report) => report.reporterUid === uid && report.reporterName !== erasedValues.name,
  ) ||
  (doc.claimedBy === uid && doc.claimedByName !== erasedValues.name);

/** Whether the booking's document still holds the user's data in clear. */
const bookingHoldsDataOf = (doc: BookingDocument, uid: string): boolean =>
  (doc.buyerUid === uid && doc.email !== erasedValues.email) ||
  (doc.sellerUid === uid && doc.sellerEmail !== null && doc.sellerEmail !== erasedValues.email);

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
  for (const doc of [...sold, ...underReview]) if (productHoldsDataOf(doc, uid)) ids.add(doc._id);
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
  for (const doc of [...bought, ...received]) if (bookingHoldsDataOf(doc, uid)) ids.add(doc._id);
  for (const event of earlier) {
    const data = dataOf(event);
    const theirs =
      (event.type === 'ProductBooked' || event.type === 'BookingPlaced') &&
      (data['buyerUid'] === uid || data['sellerUid'] === uid);
    if (theirs && typeof data['bookingId'] === 'string') ids.add(data['bookingId']);
  }
  return ids;
}
