import { sellerStreamId, type RecordedEvent } from '@resale/events';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReadModelName } from '../../src/projections/projection.ts';
import { readModelNames } from '../../src/projections/registry.ts';
import {
  getBooking,
  getCategory,
  getProduct,
  getSellerByEmail,
  getSellerById,
  getUserByEmail,
  getUserById,
  InvalidCursorError,
  advertisedProducts,
  buyerBookings,
  listBookingsOfBuyer,
  listCategories,
  listPendingBookings,
  listPendingBookingsOf,
  sellerBookings,
  productsByBrand,
  sellerProducts,
  reportedProducts,
  searchProducts,
  listSellers,
  listUsers,
  projectEvent,
  projectEvents,
  RebuildBehindLiveError,
  type Page,
  type PageRequest,
  type ProductSearch,
  type ReadStore,
  reportsOf,
} from '../../src/read-models.ts';

// The products' queries, called as the gateway calls them.
export const listProductsByBrand = (store: ReadStore, brand: string, page?: PageRequest) =>
  productsByBrand.run(store, { brand, page });
export const listAdvertisedProducts = (store: ReadStore) => advertisedProducts.run(store);
export const listProductsBySeller = (store: ReadStore, sellerUid: string) =>
  sellerProducts.run(store, { sellerUid });
export const listReportedProducts = (store: ReadStore) => reportedProducts.run(store);
export const search = (store: ReadStore, query: ProductSearch, page: PageRequest = { limit: 50 }) =>
  searchProducts.run(store, { search: query, page });
import {
  bookingAccepted,
  bookingCancelled,
  bookingDocument,
  bookingExpired,
  bookingPlaced,
  categoryCreated,
  eventLog,
  productAdvertised,
  productBooked,
  productConditionChanged,
  productDescriptionChanged,
  productListed,
  productMarkedUnavailable,
  productPictureChanged,
  productPriceChanged,
  productReleased,
  productReported,
  reportedProductDeleted,
  caseClaimed,
  caseReleased,
  reportsDismissed,
  productHidden,
  productRestored,
  reviewRequested,
  sellerRegistered,
  sellerVerified,
  userDeleted,
  userPromoted,
  userRegistered,
} from '../projections/recorded-events.ts';

export interface ReadStoreFactory {
  /** A new, empty store. */
  open(): Promise<ReadStore>;
  /**
   * Makes the store fail every write of one document by the event at `position`, from inside the
   * database, until the returned function is called.
   */
  failWritesOf(
    store: ReadStore,
    model: ReadModelName,
    id: string,
    position: number,
  ): Promise<() => Promise<void>>;
  /** Whether every write of one event commits together with the checkpoint (embedded). */
  readonly atomicEvents: boolean;
  /** The files of the data folder that hold the store's data; none for a server's store. */
  filesOf(store: ReadStore): string[];
}

/** Listings to search: names, brands and descriptions with accents, prices, states. */
function searchCatalog(log = eventLog()): RecordedEvent[] {
  const seller = (id: string) => ({
    sellerUid: id,
    email: `${id}@example.com`,
    sellerEmail: `${id}@example.com`,
  });
  return log.recordAll(
    sellerRegistered('s1'),
    sellerRegistered('s2', { email: 's2@example.com', sellerEmail: 's2@example.com' }),
    sellerVerified('s1'),
    productListed('galaxy', {
      productName: 'Galaxy S20 FE',
      about: 'Écran intact, batterie 86 %',
      sellingPrice: 310,
      condition: 'Good',
      year: 3,
      postTime: '2024-03-01T00:00:00.000Z',
      ...seller('s1'),
    }),
    productListed('note', {
      productName: 'Galaxy Note 10',
      about: 'Small scratch on the back',
      sellingPrice: 250,
      condition: 'Fair',
      year: 4,
      postTime: '2024-03-02T00:00:00.000Z',
      ...seller('s2'),
    }),
    productListed('reno', {
      productName: 'Reno 8',
      Brand: 'Oppo',
      about: 'Like new, with the GALAXY-blue case',
      sellingPrice: 400,
      condition: 'Excelent',
      year: 1,
      postTime: '2024-03-03T00:00:00.000Z',
      ...seller('s1'),
    }),
    productListed('iphone', {
      productName: 'iPhone 12 Pro',
      Brand: 'Iphone',
      about: 'Déverrouillé, écran neuf',
      sellingPrice: 310,
      condition: 'Good',
      year: 2,
      postTime: '2024-03-04T00:00:00.000Z',
      ...seller('s2'),
    }),
    productListed('a52', {
      productName: 'Galaxy A52',
      about: 'Booked soon',
      sellingPrice: 180,
      condition: 'Good',
      year: 2,
      postTime: '2024-03-05T00:00:00.000Z',
      ...seller('s1'),
    }),
    productBooked('a52', 'bk1', 'b1'),
    productListed('gone', {
      productName: 'Galaxy S9',
      about: 'Reported and deleted',
      postTime: '2024-03-06T00:00:00.000Z',
      ...seller('s1'),
    }),
    productReported('gone'),
    reportedProductDeleted('gone'),
    productListed('off', {
      productName: 'Galaxy S10',
      about: 'Taken off sale',
      sellingPrice: 200,
      postTime: '2024-03-07T00:00:00.000Z',
      ...seller('s1'),
    }),
    productMarkedUnavailable('off'),
  );
}

/** A small marketplace exercising every read model and query. */
function marketplace(log = eventLog()): RecordedEvent[] {
  return log.recordAll(
    categoryCreated('c-samsung', { title: 'Samsung', image: 's.png' }),
    categoryCreated('c-oppo', { title: 'Oppo', image: 'o.png' }),
    userRegistered('u-ann', { name: 'Ann', email: 'ann@example.com' }),
    userRegistered('u-bob', { name: 'Bob', email: 'bob@example.com', role: 'seller' }),
    userRegistered('u-cid', { email: 'cid@example.com' }),
    userPromoted('u-ann'),
    userDeleted('u-cid'),
    sellerRegistered('s1', { email: 's1@example.com', sellerEmail: 's1-shop@example.com' }),
    sellerRegistered('s2', { email: 's2@example.com', sellerEmail: 's2@example.com' }),
    productListed('p1', { postTime: '2024-01-01T10:00:00.000Z' }),
    productListed('p2', { postTime: '2024-01-03T10:00:00.000Z' }),
    productListed('p3', { postTime: '2024-01-02T10:00:00.000Z' }),
    // Posted at the same time as p3: `_id` orders them.
    productListed('p4', { postTime: '2024-01-02T10:00:00.000Z' }),
    productListed('p5', {
      Brand: 'Oppo',
      sellerUid: 's2',
      email: 's2@example.com',
      sellerEmail: 's2@example.com',
    }),
    productAdvertised('p2'),
    productAdvertised('p3'),
    productAdvertised('p4'),
    productAdvertised('p5'),
    productMarkedUnavailable('p3'),
    productBooked('p4', 'bk1', 'b1'),
    bookingPlaced('p4', 'bk1', 'b1'),
    productBooked('p1', 'bk2', 'b2'),
    productReported('p2'),
    productReported('p5'),
    reportedProductDeleted('p5'),
    sellerVerified('s1'),
  );
}

const ids = (docs: readonly { _id: string }[]): string[] => docs.map((doc) => doc._id);

async function allPages<T extends { _id: string }>(
  fetch: (after: string | undefined) => Promise<Page<T>>,
): Promise<string[][]> {
  const pages: string[][] = [];
  let after: string | undefined;
  do {
    const page = await fetch(after);
    pages.push(ids(page.items));
    after = page.nextCursor ?? undefined;
  } while (after !== undefined && pages.length < 20);
  return pages;
}

/** Stores the factory opens for one test, closed after it. */
function storesOf(factory: Pick<ReadStoreFactory, 'open'>): {
  open: () => Promise<ReadStore>;
  storeWith: (events: readonly RecordedEvent[]) => Promise<ReadStore>;
} {
  const opened: ReadStore[] = [];
  const open = async (): Promise<ReadStore> => {
    const store = await factory.open();
    opened.push(store);
    return store;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  const storeWith = async (events: readonly RecordedEvent[]): Promise<ReadStore> => {
    const store = await open();
    for (const event of events) await projectEvent(store, event);
    return store;
  };
  return { open, storeWith };
}

export function readStoreContract(factory: ReadStoreFactory): void {
  const { open, storeWith } = storesOf(factory);

  describe('queries', () => {
    it('lists categories in the order they were created, and finds one', async () => {
      const store = await storeWith(marketplace());
      expect(await listCategories(store)).toEqual([
        { _id: 'c-samsung', title: 'Samsung', image: 's.png' },
        { _id: 'c-oppo', title: 'Oppo', image: 'o.png' },
      ]);
      expect(await getCategory(store, 'c-oppo')).toEqual({
        _id: 'c-oppo',
        title: 'Oppo',
        image: 'o.png',
      });
      expect(await getCategory(store, 'c-none')).toBeNull();
    });

    it("lists a brand's products newest first, deleted ones never", async () => {
      const store = await storeWith(marketplace());
      const samsung = await listProductsByBrand(store, 'Samsung');
      expect(ids(samsung.items)).toEqual(['p2', 'p4', 'p3', 'p1']);
      expect(samsung.nextCursor).toBeNull();
      expect((await listProductsByBrand(store, 'Oppo')).items).toEqual([]);
    });

    it('counts the documents a filter finds, deleted ones never', async () => {
      const store = await storeWith(marketplace());
      expect(await store.count('products', { where: { Brand: 'Samsung' } })).toBe(4);
      expect(await store.count('products', { where: { Brand: 'Oppo' } })).toBe(0);
      expect(await store.count('products', { where: { sellerUid: 's1', booked: true } })).toBe(
        (await listProductsBySeller(store, 's1')).filter((product) => product.booked).length,
      );
      expect(
        await store.count('products', { oneOf: { status: ['available', 'booked', 'sold'] } }),
      ).toBe(
        (await listProductsBySeller(store, 's1')).filter((product) =>
          ['available', 'booked', 'sold'].includes(product.status),
        ).length,
      );
      expect(await store.count('products', { range: { sellingPrice: { min: 1_000_000 } } })).toBe(
        0,
      );
      expect(await store.count('products', { words: ['zzz'] })).toBe(0);
      expect(await store.count('users', {})).toBeGreaterThan(0);
    });

    it('answers products with their booked, reported, advertised and verified state', async () => {
      const store = await storeWith(marketplace());
      expect(await getProduct(store, 'p4')).toMatchObject({
        booked: true,
        bookedBy: 'b1',
        advertised: true,
        available: true,
        reported: false,
        sellerVerified: true,
      });
      expect(await getProduct(store, 'p5')).toBeNull();
    });

    it('lists advertised products that are on sale and not booked', async () => {
      const store = await storeWith(marketplace());
      expect(ids(await listAdvertisedProducts(store))).toEqual(['p2']);
    });

    it("lists a seller's own products by the seller's account", async () => {
      const store = await storeWith(marketplace());
      expect(ids(await listProductsBySeller(store, 's1'))).toEqual(['p2', 'p4', 'p3', 'p1']);
      expect(await listProductsBySeller(store, 's2')).toEqual([]);
    });

    it('lists reported products that are not deleted', async () => {
      const store = await storeWith(marketplace());
      const reported = await listReportedProducts(store);
      expect(reported).toEqual([await getProduct(store, 'p2')]);
      expect(reported[0]).toMatchObject({ reported: true, sellerVerified: true });
    });

    it("answers a product with its seller's verification, listed before or after it", async () => {
      const events = eventLog().recordAll(
        sellerRegistered('s1'),
        productListed('p1'),
        sellerVerified('s1'),
        productListed('p2'),
        productListed('p3', { sellerUid: 's2' }),
      );
      const store = await storeWith(events);
      const answered = (await listProductsByBrand(store, 'Samsung')).items;
      expect(answered.map((p) => [p._id, p.sellerVerified])).toEqual([
        ['p3', false],
        ['p2', true],
        ['p1', true],
      ]);
      // A verification is answered at once, whatever order the events were applied in.
      const verifiedLast = await storeWith([events[0]!, events[1]!, events[3]!, events[4]!]);
      expect((await getProduct(verifiedLast, 'p2'))?.sellerVerified).toBe(false);
      await projectEvent(verifiedLast, events[2]!);
      expect((await getProduct(verifiedLast, 'p2'))?.sellerVerified).toBe(true);
    });

    it("lists a buyer's bookings by account, and finds one", async () => {
      const store = await storeWith(marketplace());
      expect((await listBookingsOfBuyer(store, 'b1')).items).toEqual([
        bookingDocument('p4', 'bk1', 'b1'),
      ]);
      expect(await getBooking(store, 'bk2')).toMatchObject({ productId: 'p1', buyerUid: 'b2' });
      expect((await listBookingsOfBuyer(store, 'nobody')).items).toEqual([]);
    });

    it("a new account with a deleted one's e-mail finds none of its bookings or products", async () => {
      const log = eventLog();
      const booked = productBooked('p8', 'bk8', 'b9');
      const store = await storeWith([
        ...marketplace(log),
        ...log.recordAll(
          // s1's e-mail and b1's, signed up again by the new accounts s9 and b9.
          productListed('p8', { sellerUid: 's9', sellerEmail: 's1@example.com' }),
          { ...booked, data: { ...booked.data, email: 'b1@example.com', sellerUid: 's9' } },
        ),
      ]);
      expect(ids((await buyerBookings.run(store, { buyerUid: 'b9' })).items)).toEqual(['bk8']);
      expect(ids((await buyerBookings.run(store, { buyerUid: 'b1' })).items)).toEqual(['bk1']);
      expect(ids(await listProductsBySeller(store, 's9'))).toEqual(['p8']);
      expect(ids((await sellerBookings.run(store, { sellerUid: 's1' })).items)).not.toContain(
        'bk8',
      );
      expect(buyerBookings.sources({ buyerUid: 'b9' })).toEqual([{ topic: 'bookings', key: 'b9' }]);
    });

    it("lists a seller's received bookings, newest first, each with where it stands", async () => {
      const log = eventLog();
      const store = await storeWith([
        ...marketplace(log),
        ...log.recordAll(
          bookingCancelled('p1', 'bk2', 'buyer-cancelled'),
          productReleased('p1', 'bk2', 'cancelled'),
          productBooked('p1', 'bk3', 'b3'),
          bookingPlaced('p1', 'bk3', 'b3'),
        ),
      ]);
      const received = await sellerBookings.run(store, { sellerUid: 's1' });
      expect(received.items).toEqual([
        bookingDocument('p1', 'bk3', 'b3'),
        {
          ...bookingDocument('p1', 'bk2', 'b2'),
          status: 'cancelled',
          cancelReason: 'buyer-cancelled',
        },
        bookingDocument('p4', 'bk1', 'b1'),
      ]);
      expect(sellerBookings.sources({ sellerUid: 's1' })).toEqual([
        { topic: 'sellerBookings', key: 's1' },
      ]);
      const firstPage = await sellerBookings.run(store, {
        sellerUid: 's1',
        page: { limit: 2 },
      });
      expect(ids(firstPage.items)).toEqual(['bk3', 'bk2']);
      expect((await getProduct(store, 'p1'))?.booked).toBe(true);
      expect((await sellerBookings.run(store, { sellerUid: 's2' })).items).toEqual([]);
    });

    it('finds the pending bookings, all of them or one account’s as buyer or seller', async () => {
      const log = eventLog();
      const store = await storeWith([
        ...marketplace(log),
        ...log.recordAll(
          bookingAccepted('p4', 'bk1'),
          productListed('p6', { sellerUid: 's2', sellerEmail: 's2@example.com' }),
          productBooked('p6', 'bk4', 'b1'),
          bookingExpired('p6', 'bk4'),
          productListed('p7'),
          productBooked('p7', 'bk5', 'b1'),
        ),
      ]);
      const pending = await listPendingBookings(store, { limit: 1 });
      expect(ids(pending.items)).toEqual(['bk2']);
      const rest = await listPendingBookings(store, {
        limit: 10,
        after: pending.nextCursor ?? undefined,
      });
      expect(ids(rest.items)).toEqual(['bk5']);
      expect(ids(await listPendingBookingsOf(store, 'b1'))).toEqual(['bk5']);
      // The helpers' bookings are of products of s1.
      expect(ids(await listPendingBookingsOf(store, 's1')).sort()).toEqual(['bk2', 'bk5']);
      expect(await listPendingBookingsOf(store, 'nobody')).toEqual([]);
    });

    it('lists and finds users; deleted ones are gone', async () => {
      const store = await storeWith(marketplace());
      expect((await listUsers(store)).items).toEqual([
        { _id: 'u-ann', name: 'Ann', email: 'ann@example.com', role: 'admin' },
        { _id: 'u-bob', name: 'Bob', email: 'bob@example.com', role: 'seller' },
      ]);
      expect(await getUserByEmail(store, 'bob@example.com')).toMatchObject({ _id: 'u-bob' });
      expect(await getUserById(store, 'u-ann')).toMatchObject({ role: 'admin' });
      expect(await getUserById(store, 'u-cid')).toBeNull();
      expect(await getUserByEmail(store, 'cid@example.com')).toBeNull();
    });

    it('lists and finds sellers by id, seller e-mail or account e-mail', async () => {
      const events = marketplace();
      const store = await storeWith(events);
      expect(ids((await listSellers(store)).items)).toEqual(['s1', 's2']);
      const registered = events.find(
        (event) => event.type === 'SellerRegistered' && event.streamId === sellerStreamId('s1'),
      );
      expect(await getSellerById(store, 's1')).toEqual({
        _id: 's1',
        name: 'Seller s1',
        email: 's1@example.com',
        sellerEmail: 's1-shop@example.com',
        verified: true,
        memberSince: registered?.metadata.occurredAt,
      });
      expect(await getSellerByEmail(store, 's1-shop@example.com')).toMatchObject({ _id: 's1' });
      expect(await getSellerByEmail(store, 's1@example.com')).toMatchObject({ _id: 's1' });
      expect(await getSellerByEmail(store, 'none@example.com')).toBeNull();
    });

    it('never shows the internal guard fields', async () => {
      const store = await storeWith(marketplace());
      const answers = [
        ...(await listCategories(store)),
        ...(await listProductsByBrand(store, 'Samsung')).items,
        ...(await listReportedProducts(store)),
        ...(await listBookingsOfBuyer(store, 'b1')).items,
        ...(await listUsers(store)).items,
        ...(await listSellers(store)).items,
        await getProduct(store, 'p1'),
      ];
      for (const doc of answers)
        expect(Object.keys(doc ?? {}).filter((k) => k !== '_id' && k.startsWith('_'))).toEqual([]);
    });
  });

  searchContract(factory);

  describe('paging', () => {
    it('walks every list page by page with a stable cursor', async () => {
      const store = await storeWith(marketplace());
      expect(
        await allPages((after) => listProductsByBrand(store, 'Samsung', { limit: 3, after })),
      ).toEqual([['p2', 'p4', 'p3'], ['p1']]);
      expect(
        await allPages((after) => listProductsByBrand(store, 'Samsung', { limit: 2, after })),
      ).toEqual([
        ['p2', 'p4'],
        ['p3', 'p1'],
      ]);
      expect(await allPages((after) => listUsers(store, { limit: 1, after }))).toEqual([
        ['u-ann'],
        ['u-bob'],
      ]);
      expect(await allPages((after) => listSellers(store, { limit: 5, after }))).toEqual([
        ['s1', 's2'],
      ]);
      expect(
        await allPages((after) => listBookingsOfBuyer(store, 'b1', { limit: 1, after })),
      ).toEqual([['bk1']]);
    });

    it('continues after the cursor when newer products arrive between pages', async () => {
      const log = eventLog();
      const events = log.recordAll(
        productListed('p1', { postTime: '2024-01-01T00:00:00.000Z' }),
        productListed('p2', { postTime: '2024-01-02T00:00:00.000Z' }),
        productListed('p3', { postTime: '2024-01-03T00:00:00.000Z' }),
      );
      const store = await storeWith(events);
      const first = await listProductsByBrand(store, 'Samsung', { limit: 2 });
      expect(ids(first.items)).toEqual(['p3', 'p2']);
      await projectEvent(
        store,
        log.record(productListed('p0', { postTime: '2024-02-01T00:00:00.000Z' })),
      );
      const second = await listProductsByBrand(store, 'Samsung', {
        limit: 2,
        after: first.nextCursor ?? undefined,
      });
      expect(ids(second.items)).toEqual(['p1']);
      expect(second.nextCursor).toBeNull();
    });

    it('rejects a cursor it did not make', async () => {
      const store = await storeWith(marketplace());
      await expect(
        listProductsByBrand(store, 'Samsung', { limit: 2, after: 'not-a-cursor' }),
      ).rejects.toBeInstanceOf(InvalidCursorError);
    });
  });

  describe('idempotence', () => {
    it('a redelivered event changes nothing and reports no change', async () => {
      const events = marketplace();
      const store = await storeWith(events);
      const hashes = await store.hashModels();
      for (const event of [events[19]!, events[25]!, events[0]!])
        expect(await projectEvent(store, event)).toEqual([]);
      expect(await projectEvents(store, events)).toEqual(events.map(() => []));
      expect(await store.hashModels()).toEqual(hashes);
    });

    it('reports what an event changed, keyed for the subscriptions', async () => {
      const events = marketplace();
      const store = await storeWith(events.slice(0, 19));
      expect(await projectEvent(store, events[19]!)).toEqual([
        { topic: 'bookings', key: 'b1', ids: ['bk1'], position: 20 },
        { topic: 'sellerBookings', key: 's1', ids: ['bk1'], position: 20 },
        { topic: 'products', key: 'Samsung', ids: ['p4'], position: 20 },
        { topic: 'sellerProducts', key: 's1', ids: ['p4'], position: 20 },
      ]);
      // BookingPlaced repeats the booking ProductBooked created.
      expect(await projectEvent(store, events[20]!)).toEqual([]);
    });

    it('an older event of a document is ignored', async () => {
      const log = eventLog();
      const [registered, promoted] = log.recordAll(userRegistered('u1'), userPromoted('u1'));
      const [listed, deleted] = log.recordAll(productListed('p1'), reportedProductDeleted('p1'));
      const store = await storeWith([registered!, promoted!, listed!, deleted!]);
      expect(await projectEvent(store, registered!)).toEqual([]);
      expect(await getUserById(store, 'u1')).toMatchObject({ role: 'admin' });
      expect(await projectEvent(store, listed!)).toEqual([]);
      expect(await getProduct(store, 'p1')).toBeNull();
    });

    it('events of different streams applied out of log order give the same documents', async () => {
      const events = marketplace();
      const inOrder = await storeWith(events);
      // Workers keep each stream in order, not the log: here SellerVerified (position 26) and
      // BookingPlaced (21) are projected before the products they concern are even listed.
      const early = [25, 20];
      const reordered = await storeWith([
        ...events.slice(0, 9),
        ...early.map((i) => events[i]!),
        ...events.slice(9).filter((_, j) => !early.includes(j + 9)),
      ]);
      expect(await reordered.hashModels()).toEqual(await inOrder.hashModels());
    });
  });

  describe('checkpoint', () => {
    it('is 0 and has applied nothing when empty', async () => {
      const store = await open();
      expect(await store.checkpoint()).toBe(0);
      expect(await store.hasApplied(1)).toBe(false);
    });

    it('follows the applied events', async () => {
      const events = marketplace().slice(0, 3);
      const store = await storeWith(events);
      expect(await store.checkpoint()).toBe(3);
      expect(await store.hasApplied(2)).toBe(true);
      expect(await store.hasApplied(3)).toBe(true);
      expect(await store.hasApplied(4)).toBe(false);
    });

    it('knows which events it applied when they arrive out of log order', async () => {
      // Partition queues apply events of different streams in any order: the checkpoint may pass
      // an event still waiting in another partition.
      const [first, second, third] = marketplace();
      const store = await storeWith([first!, third!]);
      expect(await store.hasApplied(1)).toBe(true);
      expect(await store.hasApplied(2)).toBe(false);
      expect(await store.hasApplied(3)).toBe(true);
      await projectEvent(store, second!);
      expect(await store.hasApplied(2)).toBe(true);
    });

    it('counts an event applied once a full rebuild covered it', async () => {
      const events = marketplace().slice(0, 3);
      const store = await storeWith([events[0]!, events[2]!]);
      const rebuild = await store.beginRebuild(readModelNames);
      await projectEvents(rebuild, events);
      await rebuild.commit();
      expect(await store.hasApplied(2)).toBe(true);
      expect(await store.hasApplied(4)).toBe(false);
    });

    it('does not cover read models left out with `only`', async () => {
      const events = marketplace().slice(0, 3);
      const store = await open();
      for (const event of events) await projectEvent(store, event, { only: ['categories'] });
      expect(await store.checkpoint()).toBe(0);
      expect(await listCategories(store)).toHaveLength(2);
      expect((await listUsers(store)).items).toEqual([]);
    });
  });

  describe("the admins' moderation queue (Reported Items)", () => {
    const queue = (store: ReadStore) => listReportedProducts(store);

    it('one case per listing with its open reports, the latest reported first', async () => {
      const store = await storeWith(
        eventLog().recordAll(
          productListed('p1'),
          productListed('p2', { postTime: '2024-01-01T11:00:00.000Z' }),
          productReported('p1', 'r1', '2024-01-02T10:00:00.000Z', 'stolen-or-blocked'),
          productReported('p2', 'r1', '2024-01-02T11:00:00.000Z'),
          productReported('p1', 'r2', '2024-01-03T10:00:00.000Z', 'other', 'Fake photos'),
          caseClaimed('p1', 'a1'),
        ),
      );
      const cases = await queue(store);
      expect(ids(cases)).toEqual(['p1', 'p2']);
      const [p1] = cases;
      expect(p1).toMatchObject({
        reported: true,
        reportCount: 2,
        lastReportedAt: '2024-01-03T10:00:00.000Z',
        claimedBy: 'a1',
        claimedByName: 'Admin a1',
      });
      expect(p1 && reportsOf(p1)).toEqual([
        {
          reporterUid: 'r1',
          reporterName: 'Reporter r1',
          reason: 'stolen-or-blocked',
          details: null,
          reportedAt: '2024-01-02T10:00:00.000Z',
        },
        {
          reporterUid: 'r2',
          reporterName: 'Reporter r2',
          reason: 'other',
          details: 'Fake photos',
          reportedAt: '2024-01-03T10:00:00.000Z',
        },
      ]);
    });

    it('dismissing closes the case: out of the queue, on sale as before', async () => {
      const store = await storeWith(
        eventLog().recordAll(
          productListed('p1'),
          productReported('p1'),
          caseClaimed('p1'),
          reportsDismissed('p1'),
        ),
      );
      expect(await queue(store)).toEqual([]);
      expect(await getProduct(store, 'p1')).toMatchObject({
        reported: false,
        reportCount: 0,
        claimedBy: null,
        hidden: false,
        listed: true,
      });
      expect(ids((await listProductsByBrand(store, 'Samsung')).items)).toEqual(['p1']);
    });

    it("hiding takes it off every public list, not off its seller's; restoring brings it back", async () => {
      const log = eventLog();
      const hiddenEvents = log.recordAll(
        productListed('p1'),
        productAdvertised('p1'),
        productReported('p1'),
        caseClaimed('p1'),
        productHidden('p1', 'Blocked IMEI'),
      );
      const store = await storeWith(hiddenEvents);
      expect((await listProductsByBrand(store, 'Samsung')).items).toEqual([]);
      expect((await search(store, { q: 'Phone' })).items).toEqual([]);
      expect(await listAdvertisedProducts(store)).toEqual([]);
      expect(await listProductsBySeller(store, 's1')).toEqual([
        expect.objectContaining({ _id: 'p1', hidden: true, hiddenReason: 'Blocked IMEI' }),
      ]);
      // Still before the admins, so that one can restore it, its reports closed.
      expect(await queue(store)).toEqual([
        expect.objectContaining({ _id: 'p1', reportCount: 0, claimedBy: null, hidden: true }),
      ]);
      for (const event of log.recordAll(
        reviewRequested('p1', 'New photos'),
        caseClaimed('p1', 'a2'),
        productRestored('p1', 'Photos fixed', 'a2'),
      ))
        await projectEvent(store, event);
      expect(ids((await listProductsByBrand(store, 'Samsung')).items)).toEqual(['p1']);
      expect(ids(await listAdvertisedProducts(store))).toEqual(['p1']);
      expect(await queue(store)).toEqual([]);
      expect(await getProduct(store, 'p1')).toMatchObject({
        hidden: false,
        hiddenReason: null,
        reviewRequested: false,
        reviewNote: null,
        listed: true,
      });
    });

    it('a seller asks for a review: the hidden case says so; a release lets the claim go', async () => {
      const store = await storeWith(
        eventLog().recordAll(
          productListed('p1'),
          productReported('p1'),
          caseClaimed('p1'),
          productHidden('p1'),
          reviewRequested('p1', 'New photos'),
          caseClaimed('p1', 'a2'),
          caseReleased('p1', 'a2'),
        ),
      );
      expect(await queue(store)).toEqual([
        expect.objectContaining({
          _id: 'p1',
          reviewRequested: true,
          reviewNote: 'New photos',
          claimedBy: null,
        }),
      ]);
    });
  });

  describe('applying to some read models only', () => {
    it('changes the named read models and no other', async () => {
      const events = eventLog().recordAll(
        userRegistered('u-ann'),
        productListed('p1'),
        productReported('p1'),
      );
      const store = await open();
      await projectEvents(store, events, { only: ['products'] });
      expect(ids(await listReportedProducts(store))).toEqual(['p1']);
      expect((await listUsers(store)).items).toEqual([]);
    });
  });

  rebuildContract(factory);

  describe("an erased user's data", () => {
    it('leaves no byte of an overwritten or deleted value in any file once purged', async () => {
      const picture = 'erased-picture-q7x3v9.png';
      const seller = { sellerName: 'Zebulon Quarterfield', phone: '+8809988776655' };
      // Products around them, so that their pages fill, split and are written again.
      const others = Array.from({ length: 300 }, (_, i) =>
        productListed(`n${i}`, { about: 'x'.repeat(200 + (i % 7) * 50) }),
      );
      const store = await storeWith(
        eventLog().recordAll(
          ...others.slice(0, 150),
          productListed('p1', { picture }),
          productListed('p2', seller),
          ...others.slice(150),
          productPictureChanged('p1', 'p1-new.png'),
          productReported('p2'),
          reportedProductDeleted('p2'),
        ),
      );
      await store.purgeOverwrittenData();
      expect(await getProduct(store, 'p1')).toMatchObject({ picture: 'p1-new.png' });
      expect(await getProduct(store, 'p2')).toBeNull();
      for (const file of factory.filesOf(store)) {
        const bytes = readFileSync(file);
        for (const erased of [picture, seller.sellerName, seller.phone])
          expect(bytes.includes(erased), `${erased} in ${file}`).toBe(false);
      }
    });
  });

  describe('a write failing in the middle of an event', () => {
    // ProductBooked writes bookings, then products.
    const events = eventLog().recordAll(
      productListed('p1'),
      productReported('p1'),
      productBooked('p1', 'bk1'),
    );
    const booked = events[2]!;

    it('leaves the event unapplied, and its redelivery completes it', async () => {
      const store = await storeWith(events.slice(0, 2));
      const before = await store.hashModels();
      const heal = await factory.failWritesOf(store, 'products', 'p1', booked.position);
      await expect(projectEvent(store, booked)).rejects.toThrow();
      expect(await store.checkpoint()).toBe(2);
      expect(await store.hasApplied(3)).toBe(false);
      if (factory.atomicEvents) {
        // The documents and the checkpoint commit together: nothing of the event is visible.
        expect(await store.hashModels()).toEqual(before);
        expect(await getProduct(store, 'p1')).toMatchObject({ booked: false });
        expect(await getBooking(store, 'bk1')).toBeNull();
      }
      await heal();
      await projectEvent(store, booked);
      expect(await store.hasApplied(3)).toBe(true);
      const reference = await storeWith(events);
      expect(await store.hashModels()).toEqual(await reference.hashModels());
      expect(await listReportedProducts(store)).toEqual([await getProduct(store, 'p1')]);
    });
  });
}

/** Rebuilding read models beside the live ones and swapping them in. */
export function rebuildContract(factory: Pick<ReadStoreFactory, 'open'>): void {
  const { open, storeWith } = storesOf(factory);

  describe('rebuild aside, then swap', () => {
    it('builds every read model beside the live ones, equal to them, and swaps it in', async () => {
      const log = eventLog();
      const events = marketplace(log);
      const store = await storeWith(events);
      const live = await store.hashModels();
      const rebuild = await store.beginRebuild(readModelNames);
      // Nobody is told of a rebuild's documents before its swap, which announces them.
      expect(await projectEvents(rebuild, events.slice(0, 10))).toEqual(
        events.slice(0, 10).map(() => []),
      );
      // The live read models serve unchanged meanwhile.
      expect(await store.hashModels()).toEqual(live);
      expect(ids((await listUsers(store)).items)).toEqual(['u-ann', 'u-bob']);
      for (const event of events.slice(10)) await projectEvent(rebuild, event);
      expect(await rebuild.checkpoint()).toBe(events.length);
      expect(await rebuild.hashModels()).toEqual(live);
      await rebuild.commit();
      expect(await store.hashModels()).toEqual(live);
      expect(await store.checkpoint()).toBe(events.length);
      expect(ids((await listProductsByBrand(store, 'Samsung')).items)).toEqual([
        'p2',
        'p4',
        'p3',
        'p1',
      ]);
      // The live store goes on after the swap.
      expect(await projectEvent(store, events[0]!)).toEqual([]);
      await projectEvent(store, log.record(userRegistered('u-dan')));
      expect(ids((await listUsers(store)).items)).toEqual(['u-ann', 'u-bob', 'u-dan']);
    });

    it('repairs a read model the live store missed, leaving the others alone', async () => {
      const events = marketplace();
      const store = await open();
      const allButUsers = readModelNames.filter((name) => name !== 'users');
      await projectEvents(store, events, { only: allButUsers });
      const before = await store.hashModels();
      expect((await listUsers(store)).items).toEqual([]);
      const rebuild = await store.beginRebuild(['users']);
      await projectEvents(rebuild, events);
      await rebuild.commit();
      expect(ids((await listUsers(store)).items)).toEqual(['u-ann', 'u-bob']);
      const after = await store.hashModels();
      expect({ ...after, users: undefined }).toEqual({ ...before, users: undefined });
      expect(await store.checkpoint()).toBe(events.length);
    });

    it('rebuilds one read model on its own, the others untouched', async () => {
      const events = marketplace();
      const store = await storeWith(events);
      const live = await store.hashModels();
      const rebuild = await store.beginRebuild(['sellers']);
      await projectEvents(rebuild, events);
      await rebuild.commit();
      expect(await store.hashModels()).toEqual(live);
      expect(ids(await listReportedProducts(store))).toEqual(['p2']);
    });

    it('refuses to swap in a rebuild behind the live read models, until it catches up', async () => {
      const events = marketplace();
      const store = await storeWith(events.slice(0, 20));
      const rebuild = await store.beginRebuild(['products', 'bookings']);
      await projectEvents(rebuild, events.slice(0, 20));
      await projectEvents(store, events.slice(20));
      await expect(rebuild.commit()).rejects.toBeInstanceOf(RebuildBehindLiveError);
      await projectEvents(rebuild, events.slice(20));
      await rebuild.commit();
      const reference = await storeWith(events);
      expect(await store.hashModels()).toEqual(await reference.hashModels());
    });

    it('counts the rebuilds swapped in per read model, for other processes to notice', async () => {
      const events = marketplace();
      const store = await storeWith(events);
      expect(await store.swaps()).toEqual({});
      const aborted = await store.beginRebuild(['users']);
      await aborted.abort();
      for (const names of [['users'], ['users', 'sellers']] as const) {
        const rebuild = await store.beginRebuild(names);
        await projectEvents(rebuild, events);
        await rebuild.commit();
      }
      expect(await store.swaps()).toEqual({
        users: { count: 2, position: events.length },
        sellers: { count: 1, position: events.length },
      });
    });

    it('an aborted rebuild leaves the live read models as they were', async () => {
      const events = marketplace();
      const store = await storeWith(events);
      const live = await store.hashModels();
      const rebuild = await store.beginRebuild(readModelNames);
      await projectEvents(rebuild, events.slice(0, 5));
      await rebuild.abort();
      expect(await store.hashModels()).toEqual(live);
      const again = await store.beginRebuild(readModelNames);
      await projectEvents(again, events);
      await again.commit();
      expect(await store.hashModels()).toEqual(live);
    });
  });
}

/** Keyword search, filters, orders and pages of searchProducts. */
export function searchContract(factory: Pick<ReadStoreFactory, 'open'>): void {
  const { storeWith } = storesOf(factory);

  describe('search', () => {
    const found = async (store: ReadStore, query: ProductSearch): Promise<string[]> =>
      ids((await search(store, query)).items);

    it('finds word prefixes in the name, brand and description, whatever the case', async () => {
      const store = await storeWith(searchCatalog());
      expect(await found(store, { q: 'gal' })).toEqual(['off', 'a52', 'reno', 'note', 'galaxy']);
      expect(await found(store, { q: 'GALAXY note' })).toEqual(['note']);
      expect(await found(store, { q: 'oppo' })).toEqual(['reno']);
      expect(await found(store, { q: 'scratch BACK' })).toEqual(['note']);
      // Words begin with the query's words: no match inside a word.
      expect(await found(store, { q: 'alaxy' })).toEqual([]);
      expect(await found(store, { q: 'galaxy nothing' })).toEqual([]);
    });

    it('ignores accents, in the listing and in the query', async () => {
      const store = await storeWith(searchCatalog());
      expect(await found(store, { q: 'ecran' })).toEqual(['iphone', 'galaxy']);
      expect(await found(store, { q: 'Écr' })).toEqual(['iphone', 'galaxy']);
      expect(await found(store, { q: 'deverr' })).toEqual(['iphone']);
      // Longer than most prefixes typed.
      expect(await found(store, { q: 'déverrouillé ECRAN' })).toEqual(['iphone']);
    });

    it('without keywords lists every product; punctuation alone is no keyword', async () => {
      const store = await storeWith(searchCatalog());
      const all = ['off', 'a52', 'iphone', 'reno', 'note', 'galaxy'];
      expect(await found(store, {})).toEqual(all);
      expect(await found(store, { q: ' -- ' })).toEqual(all);
    });

    it('filters by brand, price range, condition and years of use', async () => {
      const store = await storeWith(searchCatalog());
      expect(await found(store, { brand: 'Samsung' })).toEqual(['off', 'a52', 'note', 'galaxy']);
      expect(await found(store, { brand: 'Samsung', q: 'galaxy' })).not.toContain('reno');
      expect(await found(store, { minPrice: 250, maxPrice: 310 })).toEqual([
        'iphone',
        'note',
        'galaxy',
      ]);
      expect(await found(store, { minPrice: 311 })).toEqual(['reno']);
      expect(await found(store, { maxPrice: 199.99 })).toEqual(['a52']);
      expect(await found(store, { conditions: ['Fair', 'Excelent'] })).toEqual(['reno', 'note']);
      expect(await found(store, { maxYears: 2 })).toEqual(['off', 'a52', 'iphone', 'reno']);
      expect(await found(store, { q: 'galaxy', conditions: ['Good'], maxYears: 2 })).toEqual([
        'off',
        'a52',
      ]);
    });

    it("filters by the seller's verification and by availability", async () => {
      const store = await storeWith(searchCatalog());
      const verified = await search(store, { verifiedOnly: true });
      expect(ids(verified.items)).toEqual(['off', 'a52', 'reno', 'galaxy']);
      expect(verified.items.every((product) => product.sellerVerified)).toBe(true);
      // Booked (a52) and off sale (off) are not available.
      expect(await found(store, { availableOnly: true })).toEqual([
        'iphone',
        'reno',
        'note',
        'galaxy',
      ]);
      const nobodyVerified = await storeWith(
        searchCatalog().filter((e) => e.type !== 'SellerVerified'),
      );
      expect(await found(nobodyVerified, { verifiedOnly: true })).toEqual([]);
    });

    it('sorts newest first, cheapest first or dearest first; ties by id', async () => {
      const store = await storeWith(searchCatalog());
      expect(await found(store, { sort: 'newest' })).toEqual([
        'off',
        'a52',
        'iphone',
        'reno',
        'note',
        'galaxy',
      ]);
      expect(await found(store, { sort: 'priceAsc' })).toEqual([
        'a52',
        'off',
        'note',
        'galaxy',
        'iphone',
        'reno',
      ]);
      expect(await found(store, { sort: 'priceDesc' })).toEqual([
        'reno',
        'iphone',
        'galaxy',
        'note',
        'off',
        'a52',
      ]);
    });

    it('finds words within a price range in every order, page by page', async () => {
      const store = await storeWith(searchCatalog());
      const q = 'gal';
      const pages = (query: ProductSearch) =>
        allPages((after) =>
          search(store, query, { limit: 2, ...(after !== undefined ? { after } : {}) }),
        );
      expect(await pages({ q, minPrice: 200, maxPrice: 310 })).toEqual([
        ['off', 'note'],
        ['galaxy'],
      ]);
      expect(await pages({ q, minPrice: 200, maxPrice: 310, sort: 'priceAsc' })).toEqual([
        ['off', 'note'],
        ['galaxy'],
      ]);
      expect(await pages({ q, minPrice: 250, sort: 'priceDesc' })).toEqual([
        ['reno', 'galaxy'],
        ['note'],
      ]);
      expect(await found(store, { q: 'galaxy fe', maxPrice: 310, conditions: ['Good'] })).toEqual([
        'galaxy',
      ]);
      // No word of the range begins so; none of the words' products is in it.
      expect(await found(store, { q: 'zz', minPrice: 0 })).toEqual([]);
      expect(await found(store, { q: 'reno', maxPrice: 399 })).toEqual([]);
      expect(await found(store, { q: 'iphone', sort: 'priceAsc' })).toEqual(['iphone']);
      expect(await found(store, { q, maxYears: 2, sort: 'priceAsc' })).toEqual([
        'a52',
        'off',
        'reno',
      ]);
      expect(await found(store, { q, maxYears: 1, sort: 'priceDesc' })).toEqual(['reno']);
    });

    it("finds a brand's products by another brand's words only where they have them", async () => {
      const log = eventLog();
      const store = await storeWith(searchCatalog(log));
      expect(await found(store, { brand: 'Samsung', q: 'oppo' })).toEqual([]);
      expect(await found(store, { brand: 'Iphone', q: 'gal' })).toEqual([]);
      expect(await found(store, { brand: 'Oppo', q: 'galaxy' })).toEqual(['reno']);
      expect(await found(store, { brand: 'Nokia', q: 'galaxy' })).toEqual([]);
      await projectEvents(
        store,
        log.recordAll(
          productDescriptionChanged('iphone', 'Faster than any Galaxy'),
          productDescriptionChanged('reno', 'Like new'),
        ),
      );
      expect(await found(store, { brand: 'Iphone', q: 'gal' })).toEqual(['iphone']);
      expect(await found(store, { brand: 'Oppo', q: 'galaxy' })).toEqual([]);
      await projectEvents(
        store,
        log.recordAll(productReported('iphone'), reportedProductDeleted('iphone')),
      );
      expect(await found(store, { brand: 'Iphone', q: 'gal' })).toEqual([]);
    });

    it('pages the products of verified sellers with no duplicate and no gap, however few', async () => {
      const log = eventLog();
      const listings = Array.from({ length: 40 }, (_, i) => {
        // Newest first: 20 of the unverified seller, then both in turn, the verified one's last.
        const seller = i < 20 ? 's2' : i < 32 ? (i % 2 === 0 ? 's1' : 's2') : 's1';
        return productListed(`p${String(i).padStart(2, '0')}`, {
          productName: `Galaxy ${i}`,
          sellingPrice: 100 + ((i * 37) % 50),
          postTime: new Date(Date.UTC(2024, 0, 1) - i * 60_000).toISOString(),
          sellerUid: seller,
          email: `${seller}@example.com`,
          sellerEmail: `${seller}@example.com`,
        });
      });
      const store = await storeWith(
        log.recordAll(
          sellerRegistered('s1'),
          sellerRegistered('s2'),
          sellerVerified('s1'),
          ...listings,
        ),
      );
      for (const sort of ['newest', 'priceAsc', 'priceDesc'] as const)
        for (const q of [undefined, 'gal']) {
          const all = (await search(store, { q, sort }, { limit: 100 })).items;
          const expected = ids(all.filter((product) => product.sellerVerified));
          for (const limit of [1, 2, 6]) {
            const pages = await allPages((after) =>
              search(
                store,
                { q, sort, verifiedOnly: true },
                { limit, ...(after ? { after } : {}) },
              ),
            );
            expect(pages.flat()).toEqual(expected);
            expect(pages.every((page) => page.length === limit || page === pages.at(-1))).toBe(
              true,
            );
          }
        }
    });

    it('follows listings as they change: booked, deleted, listed', async () => {
      const log = eventLog();
      const store = await storeWith(searchCatalog(log));
      await projectEvents(
        store,
        log.recordAll(
          productBooked('galaxy', 'bk2', 'b2'),
          productReported('note'),
          reportedProductDeleted('note'),
          productListed('new', { productName: 'Galaxy S24', postTime: '2024-04-01T00:00:00.000Z' }),
        ),
      );
      expect(await found(store, { q: 'galaxy' })).toEqual(['new', 'off', 'a52', 'reno', 'galaxy']);
      expect(await found(store, { q: 'galaxy', availableOnly: true })).toEqual(['new', 'reno']);
    });

    for (const sort of ['newest', 'priceAsc', 'priceDesc'] as const)
      it(`pages by cursor (${sort}) with no duplicate and no gap while listings arrive`, async () => {
        const log = eventLog();
        const store = await storeWith(searchCatalog(log));
        const before = await found(store, { sort });
        const seen: string[] = [];
        let after: string | undefined;
        let added = 0;
        do {
          const page = await search(store, { sort }, { limit: 2, ...(after ? { after } : {}) });
          seen.push(...ids(page.items));
          after = page.nextCursor ?? undefined;
          // Listings newer, cheaper and dearer than any, arriving between pages.
          added += 1;
          await projectEvent(
            store,
            log.record(
              productListed(`x${added}`, {
                sellingPrice: added % 2 === 0 ? 1 : 10_000,
                postTime: `2025-01-${String(added).padStart(2, '0')}T00:00:00.000Z`,
              }),
            ),
          );
        } while (after !== undefined);
        const original = seen.filter((id) => !id.startsWith('x'));
        expect(original).toEqual(before);
        expect(new Set(seen).size).toBe(seen.length);
      });

    for (const sort of ['newest', 'priceAsc', 'priceDesc'] as const)
      it(`pages a keyword search (${sort}) as its prices and descriptions change`, async () => {
        const log = eventLog();
        const store = await storeWith(searchCatalog(log));
        await projectEvents(
          store,
          log.recordAll(
            productPriceChanged('galaxy', 150),
            productDescriptionChanged('reno', 'Like new, blue case'),
            productDescriptionChanged('iphone', 'Galaxy-grey, écran intact'),
          ),
        );
        const all = await found(store, { q: 'gal', sort });
        expect(all).toEqual(
          {
            newest: ['off', 'a52', 'iphone', 'note', 'galaxy'],
            priceAsc: ['galaxy', 'a52', 'off', 'note', 'iphone'],
            priceDesc: ['iphone', 'note', 'off', 'a52', 'galaxy'],
          }[sort],
        );
        expect(await found(store, { q: 'gal', sort, minPrice: 160, maxPrice: 300 })).toEqual(
          all.filter((id) => id !== 'galaxy' && id !== 'iphone'),
        );
        await projectEvents(store, log.recordAll(productConditionChanged('note', 'Good')));
        expect(await found(store, { q: 'gal', sort, conditions: ['Fair'] })).toEqual([]);
        expect(await found(store, { q: 'gal', sort, conditions: ['Good'] })).toEqual(all);
        const seen: string[] = [];
        let after: string | undefined;
        do {
          const page = await search(
            store,
            { q: 'gal', sort },
            { limit: 2, ...(after ? { after } : {}) },
          );
          seen.push(...ids(page.items));
          after = page.nextCursor ?? undefined;
        } while (after !== undefined);
        expect(seen).toEqual(all);
      });

    it('refuses a cursor made for another order, or one it did not make', async () => {
      const store = await storeWith(searchCatalog());
      const first = await search(store, { sort: 'newest' }, { limit: 2 });
      expect(first.nextCursor).not.toBeNull();
      await expect(
        search(store, { sort: 'priceAsc' }, { limit: 2, after: first.nextCursor! }),
      ).rejects.toBeInstanceOf(InvalidCursorError);
      await expect(
        search(store, {}, { limit: 2, after: 'newest.not-a-cursor' }),
      ).rejects.toBeInstanceOf(InvalidCursorError);
    });

    it('searches a rebuilt read model as the live one', async () => {
      const events = searchCatalog();
      const store = await storeWith(events);
      const rebuild = await store.beginRebuild(['products']);
      await projectEvents(rebuild, events);
      await rebuild.commit();
      expect(await found(store, { q: 'ecr gal' })).toEqual(['galaxy']);
      expect(await found(store, { q: 'gal', sort: 'priceAsc' })).toEqual([
        'a52',
        'off',
        'note',
        'galaxy',
        'reno',
      ]);
    });
  });
}
