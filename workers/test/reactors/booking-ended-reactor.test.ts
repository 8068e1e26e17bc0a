import { bookingStreamId, productStreamId, type AnyEvent, type EventStore } from '@resale/events';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { completeProductsOfEndedBookings } from '../../src/reactors/booking-ended-reactor.ts';
import {
  bookingAccepted,
  bookingCancelled,
  bookingPlaced,
  productBooked,
  productListed,
  productReleased,
} from '../projections/recorded-events.ts';
import { givenAnEventStore, teardownAfterEach } from '../support/stores.ts';

const teardown = teardownAfterEach();
const metadata = {
  actorUid: 's1',
  actorEmail: 's1@example.com',
  occurredAt: '2024-01-02T10:00:00.000Z',
  correlationId: 'req-1',
  causationId: 'req-1',
};

async function append(store: EventStore, streamId: string, ...events: AnyEvent[]) {
  const history = await store.readStream(streamId);
  await store.append(
    streamId,
    events.map((event) => ({ eventId: randomUUID(), event, metadata })),
    { expectedRevision: history.at(-1)?.revision ?? 'no_stream' },
  );
}

describe("the reactor completing an ended booking's product", () => {
  it('sells a product its accepted booking left booked (streams appended one by one, a crash between)', async () => {
    const { eventStore } = await givenAnEventStore('ended', teardown);
    await append(
      eventStore,
      productStreamId('p1'),
      productListed('p1'),
      productBooked('p1', 'bk1'),
    );
    await append(
      eventStore,
      bookingStreamId('bk1'),
      bookingPlaced('p1', 'bk1'),
      bookingAccepted('p1', 'bk1'),
    );
    const ended = (await eventStore.readStream(bookingStreamId('bk1'))).slice(1);
    await completeProductsOfEndedBookings(eventStore, ended);
    const product = await eventStore.readStream(productStreamId('p1'));
    expect(product.at(-1)).toMatchObject({
      type: 'ProductSold',
      data: { bookingId: 'bk1' },
      metadata: { actorUid: 's1', causationId: ended[0]?.eventId },
    });
    // Delivered again: the product is sold, nothing more is appended.
    await completeProductsOfEndedBookings(eventStore, ended);
    expect(await eventStore.readStream(productStreamId('p1'))).toHaveLength(product.length);
  });

  it('appends nothing when the product followed (the usual case), in the run or not', async () => {
    const { eventStore } = await givenAnEventStore('ended-whole', teardown);
    await append(
      eventStore,
      productStreamId('p1'),
      productListed('p1'),
      productBooked('p1', 'bk1'),
    );
    await append(eventStore, bookingStreamId('bk1'), bookingPlaced('p1', 'bk1'));
    await append(eventStore, bookingStreamId('bk1'), bookingCancelled('p1', 'bk1'));
    await append(eventStore, productStreamId('p1'), productReleased('p1', 'bk1', 'cancelled'));
    const head = await eventStore.headPosition();
    const all = await eventStore.readAll({ after: 0, limit: 100 });
    await completeProductsOfEndedBookings(eventStore, all.slice(-2));
    await completeProductsOfEndedBookings(eventStore, all.slice(-2, -1));
    expect(await eventStore.headPosition()).toBe(head);
  });
});
