import { describe, expect, it } from 'vitest';
import { assertValidEvent } from './catalog.ts';
import { bookingStreamId } from './booking/events.ts';
import { placeBookingAfter } from './booking/place-booking.ts';
import { handleCommand, type StreamState } from './command-handler.ts';
import { DomainError, type CommandMetadata } from './decider.ts';
import type { DomainEvent, NewEvent, RecordedEvent } from './envelope.ts';
import { productDecider, type ProductCommand } from './product/decider.ts';
import { productStreamId, type ProductEvent } from './product/events.ts';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type StreamAppend,
  type Subscription,
} from './store/port.ts';
import { userDecider, type UserCommand } from './user/decider.ts';
import { userStreamId } from './user/events.ts';

/**
 * A minimal in-memory EventStore: the real adapters are tested by their own contract suite.
 * It checks expected revisions and the catalog like they do, and lets a test line up a race.
 */
class InMemoryEventStore implements EventStore {
  private readonly log: RecordedEvent[] = [];
  private readonly waitingReaders: (() => void)[] = [];
  private readersToGather = 0;
  /** Appends refused because of a wrong expected revision. */
  conflicts = 0;
  readonly appends: { streamId: string; expectedRevision: ExpectedRevision }[] = [];
  /** Stream reads so far. */
  reads = 0;
  /** Runs once, before the next append is checked: lets a test slip in a competing writer. */
  beforeAppend?: () => Promise<unknown>;

  /** The next `count` stream reads wait for each other, so their writers race from one revision. */
  gatherReads(count: number): void {
    this.readersToGather = count;
  }

  /** The streams of each appendSequence so far. */
  readonly sequences: string[][] = [];

  /** One stream after another, as EventStoreDB does (the contract suites test the real ones). */
  async appendSequence(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    this.sequences.push(appends.map((append) => append.streamId));
    const results: AppendResult[] = [];
    for (const { streamId, events, expectedRevision } of appends)
      results.push(await this.append(streamId, events, { expectedRevision }));
    return results;
  }

  async append<E extends DomainEvent>(
    streamId: string,
    events: readonly NewEvent<E>[],
    { expectedRevision }: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    await Promise.resolve(); // like a real store, answer asynchronously
    const competingWriter = this.beforeAppend;
    this.beforeAppend = undefined;
    await competingWriter?.();
    this.appends.push({ streamId, expectedRevision });
    const stream = this.streamEvents(streamId);
    const actual = stream.length === 0 ? 'no_stream' : stream.length - 1;
    if (expectedRevision !== 'any' && expectedRevision !== actual) {
      this.conflicts++;
      throw new WrongExpectedRevisionError(streamId, expectedRevision, actual);
    }
    for (const { event, metadata } of events)
      assertValidEvent(event.type, event.schemaVersion, event.data, metadata);
    for (const { eventId, event, metadata } of events)
      this.log.push({
        eventId,
        streamId,
        revision: this.streamEvents(streamId).length,
        position: this.log.length + 1,
        type: event.type,
        schemaVersion: event.schemaVersion,
        data: event.data,
        metadata,
        recordedAt: metadata.occurredAt,
      });
    return {
      nextExpectedRevision: this.streamEvents(streamId).length - 1,
      position: this.log.length,
    };
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    this.reads++;
    if (this.readersToGather > 0)
      await new Promise<void>((resolve) => {
        this.waitingReaders.push(resolve);
        if (this.waitingReaders.length === this.readersToGather) {
          this.readersToGather = 0;
          for (const release of this.waitingReaders.splice(0)) release();
        }
      });
    return this.streamEvents(streamId);
  }

  async readAll({ after, limit }: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.log.filter((e) => e.position > after).slice(0, limit);
  }

  async headPosition(): Promise<number> {
    return this.log.length;
  }

  subscribeToAll(): Subscription {
    throw new Error('subscribeToAll is not needed by the command handler, so this fake lacks it');
  }

  // Nothing here is sealed: these tests are about deciding, not about storing.
  async erasePersonalData(): Promise<void> {}

  async erasedAmong(): Promise<ReadonlySet<string>> {
    return new Set();
  }

  async close(): Promise<void> {}

  private streamEvents(streamId: string): RecordedEvent[] {
    return this.log.filter((e) => e.streamId === streamId);
  }
}

const by = (actorUid: string, requestId = 'request-1'): CommandMetadata => ({
  actorUid,
  actorEmail: `${actorUid}@example.com`,
  now: '2026-11-21T10:00:00.000Z',
  correlationId: requestId,
  causationId: `cause-of-${requestId}`,
});

const productId = 'galaxy-s21';
const productStream = productStreamId(productId);
const listProduct: ProductCommand = {
  type: 'ListProduct',
  data: {
    productId,
    productName: 'Galaxy S21',
    picture: 'a3f0c9d2-6b1e-4c7a-8d5f-2e9b0a1c3d4e.jpg',
    address: 'Dhaka',
    year: 2,
    buyingPrice: 800,
    sellingPrice: 450,
    sellerName: 'Bob',
    condition: 'Good',
    phone: '01700000000',
    about: 'Works well',
    Brand: 'Samsung',
    email: 'bob@example.com',
    sellerEmail: 'bob@example.com',
    sellerUid: 'bob-uid',
  },
  metadata: by('bob-uid', 'list-request'),
};
const bookProduct = (buyerUid: string): ProductCommand => ({
  type: 'BookProduct',
  data: {
    productId,
    bookingId: `booking-of-${buyerUid}`,
    buyerName: buyerUid,
    email: `${buyerUid}@example.com`,
    phone: '',
    address: '',
    expiresAt: '2099-01-01T00:00:00.000Z',
  },
  metadata: by(buyerUid, `book-request-of-${buyerUid}`),
});
const reportProduct: ProductCommand = {
  type: 'ReportProduct',
  data: { productId, reporterName: 'Ann', reason: 'wrong-price' },
  metadata: by('ann-uid', 'report-request'),
};

/** The store's port methods, bound, so a test can replace one of them. */
const bindAll = (store: EventStore): EventStore => ({
  append: store.append.bind(store),
  appendSequence: store.appendSequence.bind(store),
  readStream: store.readStream.bind(store),
  readAll: store.readAll.bind(store),
  headPosition: store.headPosition.bind(store),
  subscribeToAll: store.subscribeToAll.bind(store),
  erasePersonalData: store.erasePersonalData.bind(store),
  erasedAmong: store.erasedAmong.bind(store),
  close: store.close.bind(store),
});

const sequentialIds = () => {
  let next = 0;
  return () => `event-${++next}`;
};

const givenListedProduct = async () => {
  const store = new InMemoryEventStore();
  await handleCommand(store, productStream, productDecider, listProduct);
  return store;
};

describe('handleCommand', () => {
  describe('when the stream is empty', () => {
    it('appends the decided events at no_stream, with ids and metadata from outside decide', async () => {
      const store = new InMemoryEventStore();
      const register: UserCommand = {
        type: 'RegisterUser',
        data: {
          uid: 'ann-uid',
          name: 'Ann',
          email: 'ann@example.com',
          role: 'buyer',
          grantAdmin: true,
        },
        metadata: by('ann-uid', 'signup-request'),
      };

      const result = await handleCommand(store, userStreamId('ann-uid'), userDecider, register, {
        newEventId: sequentialIds(),
      });

      const metadata = {
        actorUid: 'ann-uid',
        actorEmail: 'ann-uid@example.com',
        occurredAt: '2026-11-21T10:00:00.000Z',
        correlationId: 'signup-request',
        causationId: 'cause-of-signup-request',
      };
      expect(store.appends).toEqual([{ streamId: 'user-ann-uid', expectedRevision: 'no_stream' }]);
      expect(result).toEqual({
        appended: true,
        events: [
          expect.objectContaining({
            eventId: 'event-1',
            revision: 0,
            type: 'UserRegistered',
            metadata,
          }),
          expect.objectContaining({
            eventId: 'event-2',
            revision: 1,
            type: 'UserPromoted',
            metadata,
          }),
        ],
        nextExpectedRevision: 1,
        position: 2,
      });
      const stored = await store.readStream('user-ann-uid');
      expect(stored.map(({ eventId, type, metadata }) => ({ eventId, type, metadata }))).toEqual([
        { eventId: 'event-1', type: 'UserRegistered', metadata },
        { eventId: 'event-2', type: 'UserPromoted', metadata },
      ]);
    });

    it('generates a distinct event id per event by default', async () => {
      const store = new InMemoryEventStore();
      const result = await handleCommand(store, productStream, productDecider, listProduct);
      expect(result.events[0]?.eventId).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('when the stream was made for the command (newStream)', () => {
    it('decides against the empty stream without reading it', async () => {
      const store = new InMemoryEventStore();

      const result = await handleCommand(store, productStream, productDecider, listProduct, {
        newStream: true,
      });

      expect(store.reads).toBe(0);
      expect(store.appends).toEqual([{ streamId: productStream, expectedRevision: 'no_stream' }]);
      expect(result).toMatchObject({ appended: true, nextExpectedRevision: 0, position: 1 });
    });

    it('reads the history and decides again when the stream existed after all', async () => {
      const store = await givenListedProduct();
      const readsBefore = store.reads;

      const relisted = handleCommand(store, productStream, productDecider, listProduct, {
        newStream: true,
      });

      // The refused append at no_stream sends it back to the history, where the product is listed.
      await expect(relisted).resolves.toMatchObject({ appended: false, position: 1 });
      expect(store.conflicts).toBe(1);
      expect(store.reads).toBe(readsBefore + 1);
    });
  });

  describe('when the stream has history', () => {
    it('decides against the folded history and appends at the revision it read', async () => {
      const store = await givenListedProduct();

      const result = await handleCommand(
        store,
        productStream,
        productDecider,
        bookProduct('ann-uid'),
      );

      expect(store.appends.at(-1)).toEqual({ streamId: productStream, expectedRevision: 0 });
      expect(result).toMatchObject({ appended: true, nextExpectedRevision: 1, position: 2 });
      expect(result.events.map((e) => e.data)).toEqual([
        expect.objectContaining({ buyerUid: 'ann-uid', sellingPrice: 450 }),
      ]);
    });

    it('appends nothing when the outcome already holds, and answers the stream’s last position', async () => {
      const store = await givenListedProduct();
      const takeOffSale: ProductCommand = {
        type: 'MarkProductUnavailable',
        data: { productId },
        metadata: by('bob-uid', 'unavailable-request'),
      };
      await handleCommand(store, productStream, productDecider, takeOffSale);
      // Another stream moves the head of the log past this stream's last event.
      await handleCommand(store, productStreamId('other'), productDecider, {
        ...listProduct,
        data: { ...listProduct.data, productId: 'other' },
      });
      const appendsBefore = store.appends.length;

      const result = await handleCommand(store, productStream, productDecider, takeOffSale);

      expect(result).toEqual({ appended: false, events: [], nextExpectedRevision: 1, position: 2 });
      expect(store.appends).toHaveLength(appendsBefore);
      expect(await store.headPosition()).toBe(3);
    });

    it('lets a refusal through as it is, appending nothing', async () => {
      const store = await givenListedProduct();
      await handleCommand(store, productStream, productDecider, bookProduct('ann-uid'));
      const appendsBefore = store.appends.length;

      await expect(
        handleCommand(store, productStream, productDecider, bookProduct('carl-uid')),
      ).rejects.toThrow(new DomainError('conflict', 'This product is already booked'));
      expect(store.appends).toHaveLength(appendsBefore);
    });
  });

  describe('with a precondition on what the stream does not hold', () => {
    it('checks it against the state read, and a refusal appends nothing', async () => {
      const store = await givenListedProduct();
      const appendsBefore = store.appends.length;
      const seen: string[] = [];

      await expect(
        handleCommand(store, productStream, productDecider, bookProduct('ann-uid'), {
          precondition: (product) => {
            seen.push(product.status);
            throw new Error("the seller's account was deleted");
          },
        }),
      ).rejects.toThrow("the seller's account was deleted");
      expect(seen).toEqual(['available']);
      expect(store.appends).toHaveLength(appendsBefore);
    });

    it('runs again against the new history after a race', async () => {
      const store = await givenListedProduct();
      store.beforeAppend = () =>
        handleCommand(store, productStream, productDecider, bookProduct('carl-uid'));
      const seen: string[] = [];

      await expect(
        handleCommand(store, productStream, productDecider, bookProduct('ann-uid'), {
          precondition: (product) => {
            seen.push(product.status);
          },
        }),
      ).rejects.toThrow(new DomainError('conflict', 'This product is already booked'));
      expect(seen).toEqual(['available', 'booked']);
    });
  });

  describe('when another writer appends first', () => {
    it('decides again against the new history and appends after it', async () => {
      const store = await givenListedProduct();
      // The seller takes the product off sale between the reporter's read and append.
      store.beforeAppend = () =>
        handleCommand(store, productStream, productDecider, {
          type: 'MarkProductUnavailable',
          data: { productId },
          metadata: by('bob-uid', 'unavailable-request'),
        });

      const result = await handleCommand(store, productStream, productDecider, reportProduct);

      expect(store.conflicts).toBe(1);
      expect(result).toMatchObject({ appended: true, nextExpectedRevision: 2 });
      const types = (await store.readStream(productStream)).map((e) => e.type);
      expect(types).toEqual(['ProductListed', 'ProductMarkedUnavailable', 'ProductReported']);
    });

    it('of two concurrent bookings of one product, exactly one succeeds and the other is told it is booked', async () => {
      const store = await givenListedProduct();
      store.gatherReads(2); // both buyers see the product available before either appends

      const outcomes = await Promise.allSettled([
        handleCommand(store, productStream, productDecider, bookProduct('ann-uid')),
        handleCommand(store, productStream, productDecider, bookProduct('carl-uid')),
      ]);

      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
      const rejected = outcomes.find((o) => o.status === 'rejected');
      expect(rejected?.reason).toEqual(
        new DomainError('conflict', 'This product is already booked'),
      );
      expect(store.conflicts).toBe(1); // the loser really raced, then re-decided
      const booked = (await store.readStream(productStream)).filter(
        (e): e is RecordedEvent<ProductEvent> => e.type === 'ProductBooked',
      );
      expect(booked).toHaveLength(1);
    });

    it('gives up after the allowed attempts with the store’s conflict', async () => {
      const store = await givenListedProduct();
      let appendCalls = 0;
      const alwaysBeaten: EventStore = {
        ...bindAll(store),
        append: async (streamId) => {
          appendCalls++;
          throw new WrongExpectedRevisionError(streamId, 0, 1);
        },
      };

      await expect(
        handleCommand(alwaysBeaten, productStream, productDecider, reportProduct, {
          maxAttempts: 3,
        }),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(appendCalls).toBe(3);
    });
  });

  describe('when appends to a new stream follow the decided events (followedBy)', () => {
    /** The booking's stream placed from the ProductBooked decided, as POST /bookings does. */
    const placeTheBooking = (newEventId: () => string) =>
      placeBookingAfter(by('ann-uid'), newEventId);

    it('appends them in one sequence after the command’s own events, and answers the last position', async () => {
      const store = await givenListedProduct();
      const newEventId = sequentialIds();

      const result = await handleCommand(
        store,
        productStream,
        productDecider,
        bookProduct('ann-uid'),
        { newEventId, followedBy: placeTheBooking(newEventId) },
      );

      const bookingStream = bookingStreamId('booking-of-ann-uid');
      expect(store.sequences).toEqual([[productStream, bookingStream]]);
      expect(store.appends.slice(1)).toEqual([
        { streamId: productStream, expectedRevision: 0 },
        { streamId: bookingStream, expectedRevision: 'no_stream' },
      ]);
      const [placed] = await store.readStream(bookingStream);
      expect(placed).toMatchObject({
        eventId: 'event-2',
        type: 'BookingPlaced',
        data: { bookingId: 'booking-of-ann-uid', productId, buyerUid: 'ann-uid' },
      });
      // The command's own result, with the position of the booking's event.
      expect(result).toMatchObject({ appended: true, nextExpectedRevision: 1 });
      expect(result.events.map((event) => event.type)).toEqual(['ProductBooked']);
      expect(result.position).toBe(placed?.position);
    });

    it('appends on its own when nothing follows from what was decided', async () => {
      const store = await givenListedProduct();
      const newEventId = sequentialIds();

      await handleCommand(store, productStream, productDecider, reportProduct, {
        newEventId,
        followedBy: placeTheBooking(newEventId),
      });

      expect(store.sequences).toEqual([]);
      expect(store.appends.at(-1)).toEqual({ streamId: productStream, expectedRevision: 0 });
    });

    it('decides both again after a race on its own stream; the loser of a booking race places nothing', async () => {
      const store = await givenListedProduct();
      store.gatherReads(2);
      const newEventId = () => crypto.randomUUID();
      const book = (buyerUid: string) =>
        handleCommand(store, productStream, productDecider, bookProduct(buyerUid), {
          newEventId,
          followedBy: placeTheBooking(newEventId),
        });

      const outcomes = await Promise.allSettled([book('ann-uid'), book('carl-uid')]);

      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(store.conflicts).toBe(1);
      const placed = await Promise.all(
        ['ann-uid', 'carl-uid'].map((uid) =>
          store.readStream(bookingStreamId(`booking-of-${uid}`)),
        ),
      );
      expect(placed.map((events) => events.length).sort()).toEqual([0, 1]);
    });

    it('throws a refusal of a following stream as it is, without deciding again', async () => {
      const store = await givenListedProduct();
      const bookingStream = bookingStreamId('booking-of-ann-uid');
      let sequences = 0;
      const followingRefused: EventStore = {
        ...bindAll(store),
        appendSequence: async () => {
          sequences++;
          throw new WrongExpectedRevisionError(bookingStream, 'no_stream', 0);
        },
      };
      const newEventId = sequentialIds();

      await expect(
        handleCommand(followingRefused, productStream, productDecider, bookProduct('ann-uid'), {
          newEventId,
          followedBy: placeTheBooking(newEventId),
        }),
      ).rejects.toMatchObject({ streamId: bookingStream });
      expect(sequences).toBe(1);
    });
  });

  describe('with a cache of stream states', () => {
    const takeOffSale: ProductCommand = {
      type: 'MarkProductUnavailable',
      data: { productId },
      metadata: by('bob-uid', 'unavailable-request'),
    };
    const putOnSale: ProductCommand = {
      type: 'MarkProductAvailable',
      data: { productId },
      metadata: by('bob-uid', 'available-request'),
    };
    /** A store with the product listed through the cache, which holds its state. */
    const givenCachedListing = async () => {
      const store = new InMemoryEventStore();
      const cache = new Map<string, StreamState>();
      await handleCommand(store, productStream, productDecider, listProduct, {
        newStream: true,
        cache,
      });
      return { store, cache };
    };

    it('decides against the cached state without reading the stream, and caches the state after', async () => {
      const { store, cache } = await givenCachedListing();
      expect(cache.get(productStream)).toMatchObject({
        revision: 0,
        position: 1,
        state: { status: 'available' },
      });

      const result = await handleCommand(
        store,
        productStream,
        productDecider,
        bookProduct('ann-uid'),
        { cache },
      );

      expect(store.reads).toBe(0);
      expect(store.appends.at(-1)).toEqual({ streamId: productStream, expectedRevision: 0 });
      expect(result).toMatchObject({ appended: true, nextExpectedRevision: 1, position: 2 });
      expect(cache.get(productStream)).toMatchObject({
        revision: 1,
        position: 2,
        state: { status: 'booked', booking: { buyerUid: 'ann-uid' } },
      });
    });

    it('reads the stream and decides again when another writer appended since', async () => {
      const { store, cache } = await givenCachedListing();
      // Carl books through another process: this cache still holds the product available.
      await handleCommand(store, productStream, productDecider, bookProduct('carl-uid'));

      await expect(
        handleCommand(store, productStream, productDecider, bookProduct('ann-uid'), { cache }),
      ).rejects.toThrow(new DomainError('conflict', 'This product is already booked'));
      expect(store.conflicts).toBe(1);
      expect(cache.get(productStream)).toMatchObject({ revision: 1, state: { status: 'booked' } });
      const booked = (await store.readStream(productStream)).filter(
        (e) => e.type === 'ProductBooked',
      );
      expect(booked.map((e) => (e.data as { buyerUid: string }).buyerUid)).toEqual(['carl-uid']);
    });

    it('checks a refusal of the cached state against the stream', async () => {
      const { store, cache } = await givenCachedListing();
      await handleCommand(store, productStream, productDecider, takeOffSale, { cache });
      // Put on sale again by another process: the cached state says it is off sale.
      await handleCommand(store, productStream, productDecider, putOnSale);
      const readsBefore = store.reads;

      const result = await handleCommand(
        store,
        productStream,
        productDecider,
        bookProduct('ann-uid'),
        { cache },
      );

      expect(store.reads).toBe(readsBefore + 1);
      expect(store.conflicts).toBe(0);
      expect(result).toMatchObject({ appended: true, nextExpectedRevision: 3 });
      expect(cache.get(productStream)).toMatchObject({ revision: 3, state: { status: 'booked' } });
    });

    it('checks an outcome the cached state finds done already against the stream', async () => {
      const { store, cache } = await givenCachedListing();
      await handleCommand(store, productStream, productDecider, takeOffSale, { cache });
      await handleCommand(store, productStream, productDecider, putOnSale);

      const result = await handleCommand(store, productStream, productDecider, takeOffSale, {
        cache,
      });

      expect(result).toMatchObject({ appended: true, nextExpectedRevision: 3 });
      const types = (await store.readStream(productStream)).map((e) => e.type);
      expect(types.slice(1)).toEqual([
        'ProductMarkedUnavailable',
        'ProductMarkedAvailable',
        'ProductMarkedUnavailable',
      ]);
    });

    it('keeps no state of a stream whose append failed for another reason', async () => {
      const { store, cache } = await givenCachedListing();
      const failing: EventStore = {
        ...bindAll(store),
        append: async () => {
          throw new Error('disk I/O error');
        },
      };

      await expect(
        handleCommand(failing, productStream, productDecider, bookProduct('ann-uid'), { cache }),
      ).rejects.toThrow('disk I/O error');
      expect(store.reads).toBe(0);
      expect(cache.has(productStream)).toBe(false);
    });

    it('keeps the newer state when a read finishes after an append', async () => {
      const { store, cache } = await givenCachedListing();
      cache.delete(productStream);
      let finishRead = (): void => undefined;
      const readFinished = new Promise<void>((resolve) => (finishRead = resolve));
      // A read of the stream as it was, answered late.
      const slowReads: EventStore = {
        ...bindAll(store),
        readStream: async (streamId) => {
          const events = await store.readStream(streamId);
          await readFinished;
          return events;
        },
      };
      const putOnSaleAgain = handleCommand(slowReads, productStream, productDecider, putOnSale, {
        cache,
      });
      await handleCommand(store, productStream, productDecider, bookProduct('ann-uid'), { cache });

      finishRead();
      // On sale already, as it read the stream: nothing appended.
      await expect(putOnSaleAgain).resolves.toMatchObject({ appended: false });
      expect(cache.get(productStream)).toMatchObject({ revision: 1, state: { status: 'booked' } });
    });
  });
});
