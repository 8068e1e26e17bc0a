import {
  bookingStreamId,
  productStreamId,
  sellerStreamId,
  userStreamId,
  type AnyEvent,
  type BookingPlaced,
  type EventMetadata,
  type EventStore,
} from '@resale/events';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEventProcessor } from '../../src/pipeline/processor.ts';
import { createTimerExpiryScheduler } from '../../src/reactors/booking-expiry.ts';
import { eraseLateCopies } from '../../src/reactors/erasure-reactor.ts';
import { projectEvents } from '../../src/read-models.ts';
import type { EmbeddedReadStore } from '../../src/read-models.ts';
import { productListed } from '../projections/recorded-events.ts';
import { freshReplayHashes, givenEmbeddedStores, teardownAfterEach } from '../support/stores.ts';

const teardown = teardownAfterEach();

/** Quentin's personal data, distinctive enough to look for in the files' bytes. */
const quentin = {
  uid: 'quentin',
  name: 'Quentin Quarrie',
  email: 'quentin.quarrie@example.com',
  phone: '+44 7700 900917',
  address: '17 Zanzibar Close, Leeds',
  words: 'Xylophone-shaped crack hidden under the case',
};
const lookedFor = ['Quentin', 'Quarrie', '7700 900917', 'Zanzibar', 'Xylophone'];

const by = (actorUid: string, actorEmail: string): EventMetadata => ({
  actorUid,
  actorEmail,
  occurredAt: '2026-11-20T10:00:00.000Z',
  correlationId: 'request-1',
  causationId: 'request-1',
});
const byQuentin = by(quentin.uid, quentin.email);

async function append(
  store: EventStore,
  streamId: string,
  metadata: EventMetadata,
  ...events: AnyEvent[]
): Promise<void> {
  const history = await store.readStream(streamId);
  await store.append(
    streamId,
    events.map((event) => ({ eventId: randomUUID(), event, metadata })),
    { expectedRevision: history.at(-1)?.revision ?? 'no_stream' },
  );
}

/** Quentin as a user and a seller of p3, the reporter of p1 and the buyer of p2 (booking bk2). */
async function givenQuentinEverywhere(eventStore: EventStore): Promise<void> {
  const seller = by('s1', 's1@example.com');
  await append(eventStore, userStreamId(quentin.uid), byQuentin, {
    type: 'UserRegistered',
    schemaVersion: 1,
    data: { uid: quentin.uid, name: quentin.name, email: quentin.email, role: 'seller' },
  });
  await append(eventStore, sellerStreamId(quentin.uid), byQuentin, {
    type: 'SellerRegistered',
    schemaVersion: 1,
    data: {
      sellerId: quentin.uid,
      name: quentin.name,
      email: quentin.email,
      sellerEmail: quentin.email,
    },
  });
  await append(eventStore, productStreamId('p1'), seller, productListed('p1'));
  await append(eventStore, productStreamId('p1'), byQuentin, {
    type: 'ProductReported',
    schemaVersion: 2,
    data: {
      productId: 'p1',
      reporterUid: quentin.uid,
      reporterName: quentin.name,
      reason: 'other',
      details: quentin.words,
      reportedAt: '2026-11-20T10:00:00.000Z',
    },
  });
  await append(eventStore, productStreamId('p2'), seller, productListed('p2'));
  await append(eventStore, productStreamId('p2'), byQuentin, {
    type: 'ProductBooked',
    schemaVersion: 2,
    data: {
      productId: 'p2',
      bookingId: 'bk2',
      buyerUid: quentin.uid,
      buyerName: quentin.name,
      email: quentin.email,
      phone: quentin.phone,
      address: quentin.address,
      sellingPrice: 300,
      Brand: 'Samsung',
      productName: 'Phone p2',
      sellerUid: 's1',
      sellerEmail: 's1@example.com',
      expiresAt: '2099-01-01T00:00:00.000Z',
    },
  });
  await append(
    eventStore,
    productStreamId('p3'),
    byQuentin,
    productListed('p3', {
      sellerUid: quentin.uid,
      sellerName: quentin.name,
      email: quentin.email,
      sellerEmail: quentin.email,
      phone: quentin.phone,
      address: quentin.address,
    }),
  );
}

/** Runs the workers' processor over the log until the reactors append nothing more. */
async function processAll(eventStore: EventStore, readStore: EmbeddedReadStore): Promise<void> {
  const expiry = createTimerExpiryScheduler({ eventStore, onError: (error) => void error });
  teardown(() => expiry.close());
  const process = createEventProcessor({
    readStore,
    pubsub: { publishApplied: async () => {} },
    eventStore,
    bookingEnds: { readStore, expiry },
    bookingGrace: { graceMs: 0 },
  });
  for (let after = await readStore.checkpoint(); ;) {
    const events = await eventStore.readAll({ after, limit: 100 });
    if (events.length === 0) return;
    await process(events);
    after = events.at(-1)?.position ?? after;
  }
}

/** The files under `dir` holding any of the looked-for values, with the values found. */
function filesHoldingQuentin(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) {
      found.push(...filesHoldingQuentin(file));
      continue;
    }
    const bytes = readFileSync(file);
    const values = lookedFor.filter((value) => bytes.includes(value));
    if (values.length > 0) found.push(`${name}: ${values.join(', ')}`);
  }
  return found;
}

describe("erasing a deleted user's personal data", () => {
  it('leaves no byte of it in the data folder, and the read models a replay would build', async () => {
    const { eventStore, readStore, dir } = await givenEmbeddedStores('erasure', teardown);
    await givenQuentinEverywhere(eventStore);
    await processAll(eventStore, readStore);
    // The read models held the data (the log never did: it is sealed there).
    expect(await readStore.get('bookings', 'bk2')).toMatchObject({ buyerName: quentin.name });
    expect(filesHoldingQuentin(dir).length).toBeGreaterThan(0);

    await append(eventStore, userStreamId(quentin.uid), by('admin-1', 'admin@example.com'), {
      type: 'UserDeleted',
      schemaVersion: 1,
      data: { uid: quentin.uid },
    });
    await processAll(eventStore, readStore);

    expect(await readStore.get('users', quentin.uid)).toBeNull();
    expect(await readStore.get('sellers', quentin.uid)).toMatchObject({
      name: 'erased',
      email: 'erased@erased.invalid',
    });
    expect(await readStore.get('bookings', 'bk2')).toMatchObject({
      buyerName: 'erased',
      email: 'erased@erased.invalid',
      phone: 'erased',
      address: 'erased',
      sellerEmail: 's1@example.com',
    });
    expect(await readStore.get('products', 'p3')).toMatchObject({
      sellerName: 'erased',
      phone: 'erased',
      address: 'erased',
      sellerUid: quentin.uid,
    });
    const p1 = await readStore.get<{ _id: string; reports: string }>('products', 'p1');
    expect(JSON.parse(p1?.reports ?? '[]')).toMatchObject([
      { reporterUid: quentin.uid, reporterName: 'erased', details: 'erased' },
    ]);
    // The audit keeps the events, their times and ids.
    const bookingEvents = await eventStore.readStream(bookingStreamId('bk2'));
    expect(bookingEvents.map((event) => event.type)).toEqual([
      'BookingPlaced',
      'BookingCancelled',
      'BookingPersonalDataErased',
    ]);
    expect(bookingEvents[0]?.metadata.actorUid).toBe(quentin.uid);

    expect(filesHoldingQuentin(dir)).toEqual([]);
    expect(await freshReplayHashes(eventStore, dir)).toEqual(await readStore.hashModels());
  });

  it('erases a copy projected after the erasure from events read before it (late, as partitions lag)', async () => {
    const { eventStore, readStore, dir } = await givenEmbeddedStores('late-copy', teardown);
    await givenQuentinEverywhere(eventStore);
    const booked = (await eventStore.readStream(productStreamId('p2'))).at(-1);
    await append(eventStore, bookingStreamId('bk2'), byQuentin, {
      type: 'BookingPlaced',
      schemaVersion: 2,
      data: booked?.data as BookingPlaced['data'],
    });
    // Read (as a relay reads ahead) while Quentin's key still stands...
    const readEarly = await eventStore.readAll({ after: 0, limit: 100 });
    // ... then Quentin is deleted and his key destroyed before those events are projected.
    await append(eventStore, userStreamId(quentin.uid), by('admin-1', 'admin@example.com'), {
      type: 'UserDeleted',
      schemaVersion: 1,
      data: { uid: quentin.uid },
    });
    await eventStore.erasePersonalData(quentin.uid);
    const deletion = await eventStore.readAll({ after: readEarly.at(-1)?.position ?? 0, limit: 1 });
    await projectEvents(readStore, [...readEarly, ...deletion]);
    expect(await readStore.get('bookings', 'bk2')).toMatchObject({ buyerName: quentin.name });

    const head = await eventStore.headPosition();
    await eraseLateCopies(eventStore, readStore, readEarly);
    const parts = await eventStore.readAll({ after: head, limit: 100 });
    expect(parts.map((event) => [event.type, event.streamId])).toEqual([
      ['SellerPersonalDataErased', sellerStreamId(quentin.uid)],
      ['ProductPersonalDataErased', productStreamId('p1')],
      ['BookingPersonalDataErased', bookingStreamId('bk2')],
      ['ProductPersonalDataErased', productStreamId('p3')],
    ]);
    await projectEvents(readStore, parts);
    expect(await readStore.get('bookings', 'bk2')).toMatchObject({ buyerName: 'erased' });
    expect(await freshReplayHashes(eventStore, dir)).toEqual(await readStore.hashModels());
    // Nothing is left to erase: a second look records nothing.
    await eraseLateCopies(eventStore, readStore, readEarly);
    expect(await eventStore.headPosition()).toBe(parts.at(-1)?.position);
  });
});
