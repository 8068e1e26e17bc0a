import {
  embeddedEventStoreFile,
  openEmbeddedEventStore,
  WrongExpectedRevisionError,
  type AnyEvent,
  type EventStore,
  type NewEvent,
} from '@resale/events';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { replayReadModels } from '../../src/operators/replay.ts';
import {
  embeddedReadStoreFile,
  openEmbeddedReadStore,
  type EmbeddedReadStore,
  type ReadModelHashes,
} from '../../src/read-models.ts';
import type { WorkloadAppend } from './workload.ts';

/** Registers steps that undo what a test set up. */
export type Teardown = (...steps: (() => Promise<unknown>)[]) => void;

/**
 * Undoes what each test set up, after it, in reverse order. `lenient`: a failing step (a child
 * process already gone) does not fail the test.
 */
export function teardownAfterEach(options: { lenient?: boolean } = {}): Teardown {
  let steps: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    const due = steps.reverse();
    steps = [];
    for (const step of due) await (options.lenient ? step().catch(() => undefined) : step());
  });
  return (...more) => {
    steps.push(...more);
  };
}

/** A scratch folder removed by `remove()`. */
export async function scratchDir(
  label: string,
): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), `workers-${label}-`));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

export const openEventStore = (dir: string): EventStore =>
  openEmbeddedEventStore({ file: embeddedEventStoreFile(dir) });

/** An embedded event store in a scratch folder, both gone after the test. */
export async function givenAnEventStore(
  label: string,
  teardown: Teardown,
): Promise<{ eventStore: EventStore; dir: string }> {
  const dir = await scratchDir(label);
  const eventStore = openEventStore(dir.path);
  teardown(dir.remove, () => eventStore.close());
  return { eventStore, dir: dir.path };
}

/** The embedded event and read stores of one DATA_DIR, as a worker process opens them. */
export async function givenEmbeddedStores(
  label: string,
  teardown: Teardown,
): Promise<{ eventStore: EventStore; readStore: EmbeddedReadStore; dir: string }> {
  const { eventStore, dir } = await givenAnEventStore(label, teardown);
  const readStore = openReadStore(dir);
  teardown(() => readStore.close());
  return { eventStore, readStore, dir };
}

/** What the erasure reactor appends to a stream a workload may append to afterwards. */
const erasureParts = new Set([
  'SellerPersonalDataErased',
  'ProductPersonalDataErased',
  'BookingPersonalDataErased',
]);

/**
 * Appends a workload in order; returns the head position. Like the gateway, it takes a
 * WrongExpectedRevisionError on a booking's first event to mean that the booking reactor,
 * having seen the ProductBooked, placed it already; and, as a command decided again would, it
 * appends after the parts of an erasure the workers recorded meanwhile on one of its streams.
 */
export async function appendAll(
  store: EventStore,
  appends: readonly WorkloadAppend[],
): Promise<number> {
  const recordedMeanwhile = new Map<string, number>();
  for (const { streamId, events, expectedRevision: planned } of appends) {
    const shift = recordedMeanwhile.get(streamId) ?? 0;
    const expectedRevision = typeof planned === 'number' ? planned + shift : planned;
    try {
      await store.append(streamId, events as NewEvent<AnyEvent>[], { expectedRevision });
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError && typeof expectedRevision === 'number') {
        const since = (await store.readStream(streamId)).slice(expectedRevision + 1);
        if (since.length > 0 && since.every((event) => erasureParts.has(event.type))) {
          recordedMeanwhile.set(streamId, shift + since.length);
          await store.append(streamId, events as NewEvent<AnyEvent>[], {
            expectedRevision: expectedRevision + since.length,
          });
          continue;
        }
      }
      const placedByReactor =
        error instanceof WrongExpectedRevisionError &&
        expectedRevision === 'no_stream' &&
        events[0]?.event.type === 'BookingPlaced';
      if (!placedByReactor) throw error;
    }
  }
  return store.headPosition();
}

/** The read store a worker process on DATA_DIR `dir` opens, or another file beside it. */
export const openReadStore = (dir: string, name?: string): EmbeddedReadStore =>
  openEmbeddedReadStore({ file: name ? join(dir, name) : embeddedReadStoreFile(dir) });

/** The read models a fresh replay of the whole log builds, as hashes: what live must equal. */
export async function freshReplayHashes(
  eventStore: Pick<EventStore, 'readAll' | 'headPosition'>,
  dir: string,
): Promise<ReadModelHashes> {
  const fresh = openReadStore(dir, `fresh-${randomUUID()}.sqlite`);
  try {
    await replayReadModels({ eventStore, readStore: fresh });
    return await fresh.hashModels();
  } finally {
    await fresh.close();
  }
}
