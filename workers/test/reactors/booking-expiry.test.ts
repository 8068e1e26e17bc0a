import {
  bookingStreamId,
  productStreamId,
  type AnyEvent,
  type EventStore,
  type RecordedEvent,
} from '@resale/events';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTimerExpiryScheduler, expireBooking } from '../../src/reactors/booking-expiry.ts';
import { createBullmqExpiryScheduler } from '../../src/reactors/bullmq-expiry-scheduler.ts';
import { bookingPlaced, productBooked, productListed } from '../projections/recorded-events.ts';
import { deferred, printError } from '../support/events.ts';
import { deleteKeys, redisAnswers, redisUrl, uniquePrefix } from '../support/redis.ts';
import { givenAnEventStore, teardownAfterEach } from '../support/stores.ts';

const teardown = teardownAfterEach();
const redisUp = await redisAnswers();

const metadata = {
  actorUid: 'b1',
  actorEmail: 'b1@example.com',
  occurredAt: new Date().toISOString(),
  correlationId: 'req-1',
  causationId: 'req-1',
};

/** A listed product and its pending booking 'bk1', expiring at `expiresAt`. */
async function givenAPendingBooking(eventStore: EventStore, expiresAt: string): Promise<void> {
  const append = (streamId: string, event: AnyEvent, expectedRevision: 'no_stream' | number) =>
    eventStore.append(streamId, [{ eventId: randomUUID(), event, metadata }], {
      expectedRevision,
    });
  const booked = productBooked('p1', 'bk1');
  const placed = bookingPlaced('p1', 'bk1');
  await append(productStreamId('p1'), productListed('p1'), 'no_stream');
  await append(productStreamId('p1'), { ...booked, data: { ...booked.data, expiresAt } }, 0);
  await append(
    bookingStreamId('bk1'),
    { ...placed, data: { ...placed.data, expiresAt } },
    'no_stream',
  );
}

/** Resolves with the booking's BookingExpired once the log has it. */
function expiryOf(eventStore: EventStore, bookingId: string): Promise<RecordedEvent> {
  const found = deferred<RecordedEvent>();
  const subscription = eventStore.subscribeToAll({
    after: 0,
    onEvent: (event) => {
      if (event.type === 'BookingExpired' && event.streamId === bookingStreamId(bookingId))
        found.resolve(event);
    },
  });
  teardown(() => subscription.close());
  return found.promise;
}

describe('ExpireBooking for the system', () => {
  it('does not expire a booking before its time, expires it after, and then changes nothing', async () => {
    const { eventStore } = await givenAnEventStore('expire', teardown);
    const expiresAt = '2030-01-01T00:00:00.000Z';
    await givenAPendingBooking(eventStore, expiresAt);
    const at = (iso: string) => () => Date.parse(iso);
    expect(await expireBooking(eventStore, 'bk1', at('2029-12-31T23:59:59.000Z'))).toBe('not-yet');
    expect(await expireBooking(eventStore, 'bk1', at(expiresAt))).toBe('expired');
    expect(await expireBooking(eventStore, 'bk1', at('2030-01-02T00:00:00.000Z'))).toBe('ended');
    expect(await expireBooking(eventStore, 'unknown', at(expiresAt))).toBe('unknown');
    const product = await eventStore.readStream(productStreamId('p1'));
    expect(product.at(-1)).toMatchObject({
      type: 'ProductReleased',
      data: { bookingId: 'bk1', reason: 'expired' },
    });
  });
});

describe('the embedded scheduler (timers)', () => {
  it('expires a booking at its time, once, however often it was scheduled', async () => {
    const { eventStore } = await givenAnEventStore('timers', teardown);
    const expiresAt = new Date(Date.now() + 300).toISOString();
    await givenAPendingBooking(eventStore, expiresAt);
    const expired = deferred<string>();
    const scheduler = createTimerExpiryScheduler({
      eventStore,
      onError: printError,
      onExpired: (bookingId) => expired.resolve(bookingId),
    });
    teardown(() => scheduler.close());
    await scheduler.schedule('bk1', expiresAt);
    await scheduler.schedule('bk1', expiresAt);
    expect(await expired.promise).toBe('bk1');
    const booking = await eventStore.readStream(bookingStreamId('bk1'));
    expect(booking.map((event) => event.type)).toEqual(['BookingPlaced', 'BookingExpired']);
    expect(Date.parse(booking[1]?.metadata.occurredAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(expiresAt),
    );
  });
});

describe.skipIf(!redisUp)(
  redisUp
    ? 'the distributed scheduler (BullMQ delayed jobs)'
    : 'BullMQ scheduler (skipped: no Redis)',
  () => {
    it('expires a booking at its time through a delayed job, one job per booking', async () => {
      const { eventStore } = await givenAnEventStore('bullmq-expiry', teardown);
      const expiresAt = new Date(Date.now() + 500).toISOString();
      await givenAPendingBooking(eventStore, expiresAt);
      const prefix = uniquePrefix('expiry');
      teardown(() => deleteKeys(prefix, redisUrl));
      const expired = expiryOf(eventStore, 'bk1');
      // One process only schedules (a relay), another runs the jobs.
      const producer = createBullmqExpiryScheduler({
        redisUrl,
        prefix,
        eventStore,
        work: false,
        onError: printError,
      });
      const worker = createBullmqExpiryScheduler({
        redisUrl,
        prefix,
        eventStore,
        onError: printError,
      });
      teardown(
        () => producer.close(),
        () => worker.close(),
      );
      await producer.schedule('bk1', expiresAt);
      await worker.schedule('bk1', expiresAt);
      const event = await expired;
      expect(event.metadata.actorUid).toBe('system');
      expect(Date.parse(event.metadata.occurredAt)).toBeGreaterThanOrEqual(Date.parse(expiresAt));
      const booking = await eventStore.readStream(bookingStreamId('bk1'));
      expect(booking.map((e) => e.type)).toEqual(['BookingPlaced', 'BookingExpired']);
    });
  },
);
