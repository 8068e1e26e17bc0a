import {
  bookingStreamId,
  productStreamId,
  sellerStreamId,
  userStreamId,
  type AnyEvent,
  type EventStore,
  type RecordedEvent,
} from '@resale/events';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { endRightsOfDeletedAccounts } from '../../src/reactors/account-deleted-reactor.ts';
import { projectEvents, type ReadStore } from '../../src/read-models.ts';
import {
  bookingPlaced,
  productBooked,
  productListed,
  productMarkedUnavailable,
  productSoldElsewhere,
  productWithdrawn,
  sellerDeleted,
  userDeleted,
} from '../projections/recorded-events.ts';
import { givenEmbeddedStores, teardownAfterEach } from '../support/stores.ts';

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

/** Every event of the log from `after` on. */
const logAfter = (store: EventStore, after: number): Promise<RecordedEvent[]> =>
  store.readAll({ after, limit: 1_000 });

/** The types (and reasons) of a product's events, in order. */
const historyOf = async (store: EventStore, productId: string) =>
  (await store.readStream(productStreamId(productId))).map((event) => {
    const reason = (event.data as { reason?: string }).reason;
    return reason === undefined ? event.type : `${event.type} ${reason}`;
  });

/**
 * Seller s1 with a product on sale (p1), one taken off sale (p2), one sold elsewhere (p3), one
 * booked by b1 (p4) and one they withdrew (p5); everything projected.
 */
async function givenSellerWithProducts(label: string) {
  const { eventStore, readStore } = await givenEmbeddedStores(label, teardown);
  await append(eventStore, productStreamId('p1'), productListed('p1'));
  await append(
    eventStore,
    productStreamId('p2'),
    productListed('p2'),
    productMarkedUnavailable('p2'),
  );
  await append(eventStore, productStreamId('p3'), productListed('p3'), productSoldElsewhere('p3'));
  await append(eventStore, productStreamId('p4'), productListed('p4'), productBooked('p4', 'bk4'));
  await append(eventStore, bookingStreamId('bk4'), bookingPlaced('p4', 'bk4'));
  await append(eventStore, productStreamId('p5'), productListed('p5'), productWithdrawn('p5'));
  // Another seller's product stays as it is.
  await append(eventStore, productStreamId('q1'), productListed('q1', { sellerUid: 's2' }));
  await projectEvents(readStore, await logAfter(eventStore, 0));
  return { eventStore, readStore };
}

async function deleteAccount(
  eventStore: EventStore,
  readStore: ReadStore,
  deletion: AnyEvent,
  streamId: string,
): Promise<RecordedEvent> {
  const before = await eventStore.headPosition();
  await append(eventStore, streamId, deletion);
  const [deleted] = await logAfter(eventStore, before);
  if (!deleted) throw new Error('the deletion was not appended');
  await endRightsOfDeletedAccounts(eventStore, readStore, [deleted]);
  return deleted;
}

describe("the reactor ending a deleted account's rights", () => {
  it("withdraws each of a deleted seller's products still on the site, after cancelling its booking", async () => {
    const { eventStore, readStore } = await givenSellerWithProducts('deleted-seller');
    const deleted = await deleteAccount(
      eventStore,
      readStore,
      userDeleted('s1'),
      userStreamId('s1'),
    );

    expect(await historyOf(eventStore, 'p1')).toEqual([
      'ProductListed',
      'ProductWithdrawn account-deleted',
    ]);
    expect(await historyOf(eventStore, 'p2')).toEqual([
      'ProductListed',
      'ProductMarkedUnavailable',
      'ProductWithdrawn account-deleted',
    ]);
    // Its booking cancelled first (the product on sale again), then withdrawn.
    expect(await historyOf(eventStore, 'p4')).toEqual([
      'ProductListed',
      'ProductBooked',
      'ProductReleased cancelled',
      'ProductWithdrawn account-deleted',
    ]);
    expect((await eventStore.readStream(bookingStreamId('bk4'))).at(-1)).toMatchObject({
      type: 'BookingCancelled',
      data: { reason: 'seller-deleted' },
    });
    // Sold, or withdrawn already: nothing to withdraw. Another seller's: not theirs.
    expect(await historyOf(eventStore, 'p3')).toEqual(['ProductListed', 'ProductSoldElsewhere']);
    expect(await historyOf(eventStore, 'p5')).toEqual([
      'ProductListed',
      'ProductWithdrawn seller-withdrew',
    ]);
    expect(await historyOf(eventStore, 'q1')).toEqual(['ProductListed']);

    const withdrawal = (await eventStore.readStream(productStreamId('p1'))).at(-1);
    expect(withdrawal?.metadata).toMatchObject({
      actorUid: 'system',
      occurredAt: deleted.metadata.occurredAt,
      causationId: deleted.eventId,
    });
  });

  it('appends nothing more when the deletion is delivered again, projected or not', async () => {
    const { eventStore, readStore } = await givenSellerWithProducts('redelivered');
    const before = await eventStore.headPosition();
    const deleted = await deleteAccount(
      eventStore,
      readStore,
      sellerDeleted('s1'),
      sellerStreamId('s1'),
    );
    const head = await eventStore.headPosition();
    expect(head).toBeGreaterThan(before + 1);
    // The read models still say the products are on sale: the decider decides nothing.
    await endRightsOfDeletedAccounts(eventStore, readStore, [deleted]);
    expect(await eventStore.headPosition()).toBe(head);
    await projectEvents(readStore, await logAfter(eventStore, before));
    await endRightsOfDeletedAccounts(eventStore, readStore, [deleted]);
    expect(await eventStore.headPosition()).toBe(head);
  });

  it('withdraws a product listed earlier in the same run, not projected yet', async () => {
    const { eventStore, readStore } = await givenEmbeddedStores('in-run', teardown);
    await append(eventStore, productStreamId('p9'), productListed('p9'));
    await append(eventStore, userStreamId('s1'), userDeleted('s1'));
    await endRightsOfDeletedAccounts(eventStore, readStore, await logAfter(eventStore, 0));
    expect(await historyOf(eventStore, 'p9')).toEqual([
      'ProductListed',
      'ProductWithdrawn account-deleted',
    ]);
  });

  it("a deleted buyer's products: none, and nobody else's is withdrawn", async () => {
    const { eventStore, readStore } = await givenSellerWithProducts('deleted-buyer');
    await deleteAccount(eventStore, readStore, userDeleted('b1'), userStreamId('b1'));
    expect(await historyOf(eventStore, 'p1')).toEqual(['ProductListed']);
    // b1's booking of p4 is cancelled: the product is on sale again, still listed.
    expect(await historyOf(eventStore, 'p4')).toEqual([
      'ProductListed',
      'ProductBooked',
      'ProductReleased cancelled',
    ]);
  });
});
