import {
  bookingStreamId,
  productStreamId,
  userStreamId,
  type AnyEvent,
  type BookingPlaced,
  type EventMetadata,
  type EventStore,
  type ProductBooked,
  type ProductListed,
  type UserRegistered,
} from '@resale/events';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPipeline, type EmbeddedPipeline } from '../../src/pipeline/pipelines.ts';
import { createInProcessPubSub } from '../../src/pubsub/mqemitter-pubsub.ts';
import type { ChangePubSub } from '../../src/pubsub/port.ts';
import type { EventHandler } from '../../src/queue/port.ts';
import { appliedTopic, changeTopic } from '../../src/pubsub/topics.ts';
import { waitForPosition } from '../../src/pubsub/wait-for-position.ts';
import { getBooking, type ReadStore } from '../../src/read-models.ts';
import { condition, deferred, printError } from '../support/events.ts';
import { runSeed, seededRandom } from '../support/random.ts';
import {
  appendAll,
  freshReplayHashes,
  givenEmbeddedStores,
  teardownAfterEach,
} from '../support/stores.ts';
import { randomWorkload } from '../support/workload.ts';

const metadata = (actorUid: string, actorEmail: string): EventMetadata => ({
  actorUid,
  actorEmail,
  occurredAt: '2026-11-21T10:00:00.000Z',
  correlationId: 'req-1',
  causationId: 'req-1',
});

const seller = { uid: 'seller1', email: 'sam@example.com' };
const buyer = { uid: 'buyer1', email: 'ann@example.com' };

const listed: ProductListed = {
  type: 'ProductListed',
  schemaVersion: 2,
  data: {
    productId: 'p1',
    productName: 'iPhone 12',
    picture: 'p1.jpg',
    address: 'Dhaka',
    year: 2,
    buyingPrice: 900,
    sellingPrice: 400,
    sellerName: 'Sam',
    condition: 'Good',
    phone: '+880100000',
    about: 'Works well',
    postTime: '2026-11-21T09:00:00.000Z',
    Brand: 'Apple',
    email: seller.email,
    sellerEmail: seller.email,
    sellerUid: seller.uid,
  },
};
const booked: ProductBooked = {
  type: 'ProductBooked',
  schemaVersion: 2,
  data: {
    productId: 'p1',
    bookingId: 'b1',
    buyerUid: buyer.uid,
    buyerName: 'Ann',
    email: buyer.email,
    phone: '+880111111',
    address: 'Chattogram',
    sellingPrice: 400,
    Brand: 'Apple',
    productName: 'iPhone 12',
    sellerUid: seller.uid,
    sellerEmail: seller.email,
    expiresAt: '2099-01-01T00:00:00.000Z',
  },
};
const registered: UserRegistered = {
  type: 'UserRegistered',
  schemaVersion: 1,
  data: { uid: buyer.uid, name: 'Ann', email: buyer.email, role: 'buyer' },
};

interface Running {
  eventStore: EventStore;
  readStore: ReadStore;
  pubsub: ChangePubSub;
  dir: string;
  start(
    options?: Pick<
      Parameters<typeof startEmbeddedPipeline>[0],
      'instrument' | 'bookingGraceMs' | 'endBookings' | 'onBookingExpired'
    >,
  ): Promise<EmbeddedPipeline>;
}

const teardown = teardownAfterEach();

async function givenTheEmbeddedProfile(): Promise<Running> {
  const { eventStore, readStore, dir } = await givenEmbeddedStores('pipeline', teardown);
  const pubsub = createInProcessPubSub();
  teardown(() => pubsub.close());
  return {
    eventStore,
    readStore,
    pubsub,
    dir,
    async start(options = {}) {
      const pipeline = await startEmbeddedPipeline({
        eventStore,
        readStore,
        pubsub,
        onError: printError,
        ...options,
      });
      teardown(() => pipeline.stop());
      return pipeline;
    },
  };
}

describe('the embedded pipeline (relay, in-process queue, projector)', () => {
  it("catches up on the log, projects a booking and tells the buyer's subscribers the position reached", async () => {
    const { eventStore, readStore, pubsub, start } = await givenTheEmbeddedProfile();
    const notices: unknown[] = [];
    const notified = condition();
    await pubsub.subscribe(changeTopic('bookings', buyer.uid), (payload) => {
      notices.push(payload);
      notified.notify();
    });
    await append(eventStore, userStreamId(buyer.uid), registered, buyer, 'no_stream');
    await append(eventStore, productStreamId('p1'), listed, seller, 'no_stream');
    const bookedAt = await append(eventStore, productStreamId('p1'), booked, buyer, 0);
    const placedEvent: BookingPlaced = {
      type: 'BookingPlaced',
      schemaVersion: 2,
      data: booked.data,
    };
    const { position } = await append(
      eventStore,
      bookingStreamId('b1'),
      placedEvent,
      buyer,
      'no_stream',
    );

    await start();

    expect(await waitForPosition(readStore, pubsub, position, 10_000)).toBe(true);
    expect(await getBooking(readStore, 'b1')).toMatchObject({
      _id: 'b1',
      email: buyer.email,
      Brand: 'Apple',
    });
    await notified.until(() => notices.length >= 1, 'a bookings notice');
    // The booking appears with ProductBooked; BookingPlaced then changes nothing visible.
    expect(notices).toEqual([
      { topic: 'bookings', key: buyer.uid, ids: ['b1'], position: bookedAt.position },
    ]);
    // The gateway placed the booking itself: the reactor added nothing.
    expect(await eventStore.readStream(bookingStreamId('b1'))).toHaveLength(1);
  });

  it('completes a booking whose BookingPlaced never got appended (a crash after ProductBooked)', async () => {
    const { eventStore, readStore, pubsub, start } = await givenTheEmbeddedProfile();
    const applied = condition();
    let reached = 0;
    await pubsub.subscribe(appliedTopic, (payload) => {
      reached = Math.max(reached, (payload as { position: number }).position);
      applied.notify();
    });
    // The reactor leaves the booking to the gateway for this long after the ProductBooked.
    await start({ bookingGraceMs: 100 });
    await append(eventStore, productStreamId('p1'), listed, seller, 'no_stream');
    const bookedAt = await append(eventStore, productStreamId('p1'), booked, buyer, 0);

    // The reactor's BookingPlaced is the next event in the log, once projected.
    await applied.until(() => reached > bookedAt.position, 'the BookingPlaced to be projected');
    const placed = await eventStore.readStream(bookingStreamId('b1'));
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({
      type: 'BookingPlaced',
      data: booked.data,
      metadata: {
        actorUid: buyer.uid,
        actorEmail: buyer.email,
        correlationId: 'req-1',
        causationId: bookedAt.eventId,
      },
    });
    expect(await getBooking(readStore, 'b1')).toMatchObject({ _id: 'b1', buyerName: 'Ann' });
  });

  it('expires a booking nobody answered at its time, also when the process restarted before it', async () => {
    const { eventStore, readStore, pubsub, start } = await givenTheEmbeddedProfile();
    // Due a few seconds from now: the first process stops before that, the second expires it.
    const expiresAt = new Date(Date.now() + 4_000).toISOString();
    const data = { ...booked.data, bookingId: 'b2', expiresAt };
    await append(eventStore, productStreamId('p1'), listed, seller, 'no_stream');
    await append(eventStore, productStreamId('p1'), { ...booked, data }, buyer, 0);
    const placed = await append(
      eventStore,
      bookingStreamId('b2'),
      { type: 'BookingPlaced', schemaVersion: 2, data },
      buyer,
      'no_stream',
    );
    const first = await start();
    expect(await waitForPosition(readStore, pubsub, placed.position, 10_000)).toBe(true);
    await first.stop();
    expect(Date.now()).toBeLessThan(Date.parse(expiresAt));
    expect(await eventStore.readStream(bookingStreamId('b2'))).toHaveLength(1);

    const expired = deferred<string>();
    await start({ onBookingExpired: (bookingId) => expired.resolve(bookingId) });
    expect(await expired.promise).toBe('b2');
    const [, end] = await eventStore.readStream(bookingStreamId('b2'));
    expect(end).toMatchObject({
      type: 'BookingExpired',
      data: { bookingId: 'b2', productId: 'p1', expiresAt },
      metadata: { actorUid: 'system' },
    });
    expect(Date.parse(end?.metadata.occurredAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(expiresAt),
    );
    const released = (await eventStore.readStream(productStreamId('p1'))).at(-1);
    expect(released).toMatchObject({ type: 'ProductReleased', data: { reason: 'expired' } });
    expect(await waitForPosition(readStore, pubsub, released?.position ?? 0, 10_000)).toBe(true);
    expect(await getBooking(readStore, 'b2')).toMatchObject({ status: 'expired' });
  });

  it('after a restart, resumes from the read store checkpoint and builds what a replay builds', async () => {
    const { eventStore, readStore, pubsub, start, dir } = await givenTheEmbeddedProfile();
    const random = seededRandom(runSeed('embedded restart'));
    const workload = randomWorkload(random, 120);
    const delivered: number[] = [];
    const counting =
      (handler: EventHandler): EventHandler =>
      async (events) => {
        delivered.push(...events.map((event) => event.position));
        await handler(events);
      };

    const firstHalf = await appendAll(eventStore, workload.slice(0, 60));
    // The workload's bookings are old: bookings ending now would append to the log compared.
    const first = await start({ instrument: counting, endBookings: false });
    expect(await waitForPosition(readStore, pubsub, firstHalf, 10_000)).toBe(true);
    await first.stop();
    const checkpoint = await readStore.checkpoint();
    expect(checkpoint).toBe(firstHalf);

    const head = await appendAll(eventStore, workload.slice(60));
    delivered.length = 0;
    await start({ instrument: counting, endBookings: false });
    expect(await waitForPosition(readStore, pubsub, head, 10_000)).toBe(true);

    expect(Math.min(...delivered)).toBe(checkpoint + 1);
    expect(await readStore.hashModels()).toEqual(await freshReplayHashes(eventStore, dir));
  });
});

async function append(
  store: EventStore,
  streamId: string,
  event: AnyEvent,
  actor: { uid: string; email: string },
  expectedRevision: 'no_stream' | number,
) {
  const eventId = randomUUID();
  const result = await store.append(
    streamId,
    [{ eventId, event, metadata: metadata(actor.uid, actor.email) }],
    {
      expectedRevision,
    },
  );
  return { ...result, eventId };
}
