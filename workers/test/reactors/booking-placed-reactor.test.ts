import {
  bookingStreamId,
  handleCommand,
  placeBookingAfter,
  productDecider,
  productStreamId,
  WrongExpectedRevisionError,
  type CommandMetadata,
  type CommandStore,
  type EventStore,
  type RecordedEvent,
  type StreamAppend,
} from '@resale/events';
import { describe, expect, it } from 'vitest';
import {
  ensureBookingPlaced,
  ensureBookingsPlaced,
  uuidFromName,
} from '../../src/reactors/booking-placed-reactor.ts';
import { givenAnEventStore, teardownAfterEach } from '../support/stores.ts';

const productBooked: RecordedEvent = {
  eventId: '7b0c7f5e-1111-4c4c-8c8c-000000000001',
  streamId: 'product-p1',
  revision: 1,
  position: 12,
  type: 'ProductBooked',
  schemaVersion: 2,
  data: {
    productId: 'p1',
    bookingId: 'b1',
    buyerUid: 'ann1',
    buyerName: 'Ann',
    email: 'ann@example.com',
    phone: '+880111111',
    address: 'Chattogram',
    sellingPrice: 400,
    Brand: 'Apple',
    productName: 'iPhone 12',
    sellerUid: 'bob1',
    sellerEmail: 'bob@example.com',
    expiresAt: '2026-11-23T10:00:00.000Z',
  },
  metadata: {
    actorUid: 'ann1',
    actorEmail: 'ann@example.com',
    occurredAt: '2026-11-21T10:00:00.000Z',
    correlationId: 'req-9',
    causationId: 'req-9',
  },
  recordedAt: '2026-11-21T10:00:00.010Z',
};

/** An event store that knows only whether the booking stream exists, and records appends. */
function bookingStreams(options: { exists: boolean; gatewayWinsRace?: boolean }) {
  const appends: Parameters<EventStore['append']>[] = [];
  const store: CommandStore = {
    readStream: async () => (options.exists ? [productBooked] : []),
    appendSequence: async () => {
      throw new Error('The reactor appends one stream at a time');
    },
    append: async (...args) => {
      appends.push(args);
      if (options.gatewayWinsRace) throw new WrongExpectedRevisionError(args[0], 'no_stream', 0);
      return { nextExpectedRevision: 0, position: 13 };
    },
  };
  return { store, appends };
}

describe('the booking reactor', () => {
  it('places the booking a ProductBooked announced when its stream is missing', async () => {
    const { store, appends } = bookingStreams({ exists: false });
    expect(await ensureBookingPlaced(store, productBooked)).toBe(true);
    expect(appends).toHaveLength(1);
    const [streamId, events, options] = appends[0] ?? [];
    expect(streamId).toBe('booking-b1');
    expect(options).toEqual({ expectedRevision: 'no_stream' });
    expect(events?.[0]).toEqual({
      eventId: uuidFromName(`BookingPlaced/${productBooked.eventId}`),
      event: { type: 'BookingPlaced', schemaVersion: 2, data: productBooked.data },
      metadata: { ...productBooked.metadata, causationId: productBooked.eventId },
    });
  });

  it('does nothing when the gateway placed the booking already', async () => {
    const { store, appends } = bookingStreams({ exists: true });
    expect(await ensureBookingPlaced(store, productBooked)).toBe(false);
    expect(appends).toEqual([]);
  });

  it('takes losing the race to the gateway as done', async () => {
    const { store } = bookingStreams({ exists: false, gatewayWinsRace: true });
    expect(await ensureBookingPlaced(store, productBooked)).toBe(false);
  });

  it('ignores every other event type', async () => {
    const { store, appends } = bookingStreams({ exists: false });
    expect(
      await ensureBookingPlaced(store, {
        ...productBooked,
        type: 'ProductReported',
        data: { productId: 'p1' },
      }),
    ).toBe(false);
    expect(appends).toEqual([]);
  });

  it('leaves a booking the gateway is about to place to the gateway: it looks again after each later append', async () => {
    const { store, appends } = bookingStreams({ exists: false });
    const young = { ...productBooked, recordedAt: new Date().toISOString() };
    const reads: string[] = [];
    let gatewayPlacedIt = false;
    const looking: typeof store = {
      ...store,
      readStream: async (streamId) => {
        reads.push(streamId);
        return gatewayPlacedIt ? [young] : [];
      },
    };
    let laterAppends = 0;
    const placed = ensureBookingPlaced(looking, young, {
      graceMs: 60_000,
      laterAppends: () => {
        laterAppends += 1;
        // The log grows twice: another append first, then the gateway's BookingPlaced.
        if (laterAppends === 2) gatewayPlacedIt = true;
        return { promise: Promise.resolve(), cancel: () => undefined };
      },
    });
    expect(await placed).toBe(false);
    expect(reads).toEqual(['booking-b1', 'booking-b1', 'booking-b1']);
    expect(appends).toEqual([]);
  });

  it('looks again within 10 ms when it hears of no commit (a store in another process than the gateway)', async () => {
    const { store, appends } = bookingStreams({ exists: false });
    const young = { ...productBooked, recordedAt: new Date().toISOString() };
    let reads = 0;
    let cancelled = 0;
    const looking: typeof store = {
      ...store,
      // The gateway's BookingPlaced is in the log from the second look on.
      readStream: async () => (++reads > 1 ? [young] : []),
    };
    const started = performance.now();
    const placed = await ensureBookingPlaced(looking, young, {
      graceMs: 60_000,
      laterAppends: () => ({
        promise: new Promise<void>(() => undefined),
        cancel: () => void (cancelled += 1),
      }),
    });
    expect(placed).toBe(false);
    expect(reads).toBe(2);
    expect(appends).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1_000);
    // The wait for a commit that did not come is given up, not left behind.
    expect(cancelled).toBe(1);
  });

  it('places a booking still missing once the grace is over', async () => {
    const { store, appends } = bookingStreams({ exists: false });
    const recordedAt = Date.parse('2026-11-21T10:00:00.010Z');
    let clock = recordedAt + 500;
    const placed = await ensureBookingPlaced(
      store,
      productBooked,
      // Each time the log grows, a second has gone by; nothing the gateway appends is the booking.
      {
        graceMs: 2_000,
        now: () => clock,
        laterAppends: () => {
          clock += 1_000;
          return { promise: Promise.resolve(), cancel: () => undefined };
        },
      },
    );
    expect(placed).toBe(true);
    expect(clock).toBe(recordedAt + 2_500);
    expect(appends.map(([streamId]) => streamId)).toEqual(['booking-b1']);
  });

  it('in a run, reads no booking stream for a ProductBooked whose BookingPlaced is in the run', async () => {
    const reads: string[] = [];
    const { store, appends } = bookingStreams({ exists: false });
    const counted: typeof store = {
      ...store,
      readStream: async (streamId) => {
        reads.push(streamId);
        return store.readStream(streamId);
      },
    };
    const placed: RecordedEvent = {
      ...productBooked,
      eventId: '7b0c7f5e-1111-4c4c-8c8c-000000000002',
      streamId: 'booking-b1',
      revision: 0,
      position: 13,
      type: 'BookingPlaced',
    };
    const other: RecordedEvent = {
      ...productBooked,
      eventId: '7b0c7f5e-1111-4c4c-8c8c-000000000003',
      streamId: 'product-p2',
      position: 14,
      data: { ...productBooked.data, productId: 'p2', bookingId: 'b2' },
    };
    await ensureBookingsPlaced(counted, [productBooked, placed, other]);
    // b1 is placed in the run; b2 is not, so it is looked up and placed.
    expect(reads).toEqual(['booking-b2']);
    expect(appends.map(([streamId]) => streamId)).toEqual(['booking-b2']);
  });

  it('derives a stable UUID from a name', () => {
    expect(uuidFromName('x')).toBe(uuidFromName('x'));
    expect(uuidFromName('x')).not.toBe(uuidFromName('y'));
    expect(uuidFromName('x')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe('the booking reactor, against the gateway’s booking path', () => {
  const teardown = teardownAfterEach();
  const productId = 'galaxy-s21';
  const bookingId = 'booking-of-ann';
  const by = (actorUid: string, requestId: string): CommandMetadata => ({
    actorUid,
    actorEmail: `${actorUid}@example.com`,
    now: new Date().toISOString(),
    correlationId: requestId,
    causationId: `cause-of-${requestId}`,
  });

  /**
   * POST /bookings' command path (handleCommand, the product decider, `placeBookingAfter`) on a
   * listed product, by a gateway that dies once the product's append is made: what it was about
   * to append to the booking's stream is answered instead.
   */
  async function givenAGatewayDeadAfterProductBooked(
    eventStore: EventStore,
  ): Promise<{ productBooked: RecordedEvent; unmade: StreamAppend }> {
    const productStream = productStreamId(productId);
    await handleCommand(eventStore, productStream, productDecider, {
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
    });
    const unmade: StreamAppend[] = [];
    const dying: EventStore = {
      ...bindAll(eventStore),
      // EventStoreDB appends a sequence's streams one after the other; the process dies in between.
      appendSequence: async ([own, ...rest]) => {
        if (!own) throw new Error('An empty sequence');
        await eventStore.append(own.streamId, own.events, {
          expectedRevision: own.expectedRevision,
        });
        unmade.push(...rest);
        throw new Error('The gateway died');
      },
    };
    const metadata = by('ann-uid', 'book-request');
    const newEventId = (): string => crypto.randomUUID();
    await expect(
      handleCommand(
        dying,
        productStream,
        productDecider,
        {
          type: 'BookProduct',
          data: {
            productId,
            bookingId,
            buyerName: 'Ann',
            email: 'ann-uid@example.com',
            phone: '',
            address: '',
            expiresAt: '2099-01-01T00:00:00.000Z',
          },
          metadata,
        },
        { newEventId, followedBy: placeBookingAfter(metadata, newEventId) },
      ),
    ).rejects.toThrow('The gateway died');
    const productBooked = (await eventStore.readStream(productStream)).at(-1);
    const [booking] = unmade;
    if (productBooked?.type !== 'ProductBooked' || !booking || unmade.length !== 1)
      throw new Error('Expected a ProductBooked recorded and one booking append left unmade');
    return { productBooked, unmade: booking };
  }

  it('given a ProductBooked alone, when the reactor runs twice, then it appends the gateway’s BookingPlaced once, caused by the ProductBooked', async () => {
    const { eventStore } = await givenAnEventStore('booking-reactor', teardown);
    const { productBooked, unmade } = await givenAGatewayDeadAfterProductBooked(eventStore);

    expect(await ensureBookingPlaced(eventStore, productBooked, { graceMs: 0 })).toBe(true);
    const head = await eventStore.headPosition();
    expect(await ensureBookingPlaced(eventStore, productBooked, { graceMs: 0 })).toBe(false);

    const [gateways] = unmade.events;
    const placed = await eventStore.readStream(bookingStreamId(bookingId));
    expect(unmade).toMatchObject({
      streamId: bookingStreamId(bookingId),
      expectedRevision: 'no_stream',
    });
    expect(
      placed.map(({ eventId, revision, type, schemaVersion, data, metadata }) => ({
        eventId,
        revision,
        event: { type, schemaVersion, data },
        metadata,
      })),
    ).toEqual([
      {
        eventId: uuidFromName(`BookingPlaced/${productBooked.eventId}`),
        revision: 0,
        event: gateways?.event,
        // The gateway's metadata (its request's correlation), caused by the ProductBooked.
        metadata: { ...gateways?.metadata, causationId: productBooked.eventId },
      },
    ]);
    expect(await eventStore.headPosition()).toBe(head);
  });

  it('given the gateway places the booking between the reactor’s read and its append, then the decider decides nothing', async () => {
    const { eventStore } = await givenAnEventStore('booking-reactor-race', teardown);
    const { productBooked, unmade } = await givenAGatewayDeadAfterProductBooked(eventStore);
    let reactorAppends = 0;
    const racing: CommandStore = {
      readStream: (streamId) => eventStore.readStream(streamId),
      appendSequence: (appends) => eventStore.appendSequence(appends),
      append: async (streamId, events, options) => {
        if (++reactorAppends === 1) {
          await eventStore.append(unmade.streamId, unmade.events, {
            expectedRevision: unmade.expectedRevision,
          });
        }
        return eventStore.append(streamId, events, options);
      },
    };

    expect(await ensureBookingPlaced(racing, productBooked, { graceMs: 0 })).toBe(false);
    // Refused once; deciding again against the gateway's booking appended nothing more.
    expect(reactorAppends).toBe(1);

    const placed = await eventStore.readStream(bookingStreamId(bookingId));
    expect(placed.map((event) => event.eventId)).toEqual(
      unmade.events.map((event) => event.eventId),
    );
  });
});

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
