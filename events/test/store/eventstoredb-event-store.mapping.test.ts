import {
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AppendStreamState,
  type KurrentDBClient,
  type ReadAllOptions,
} from '@kurrent/kurrentdb-client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { InvalidEventError } from '../../src/catalog.ts';
import { SqlitePersonalDataKeys } from '../../src/personal-data/sqlite-key-store.ts';
import { EventStoreDbEventStore } from '../../src/store/eventstoredb-event-store.ts';
import { WrongExpectedRevisionError } from '../../src/store/port.ts';
import { categoryCreated, metadata } from './fixtures.ts';

/*
 * How the adapter maps the client's data, checked against a stand-in for the client that serves
 * a fixed $all log: paging past system events, exclusive `after`, the head, metadata and errors.
 * Behaviour against a real server is the contract suite's job (eventstoredb-event-store.test.ts).
 */

interface LoggedEvent {
  streamId: string;
  type: string;
  commit: number;
  revision: number;
  data: unknown;
  metadata: unknown;
}

const userEvent = (streamId: string, revision: number, commit: number): LoggedEvent => {
  const { event, metadata: meta } = categoryCreated(`${streamId}-${revision}`);
  return {
    streamId,
    type: event.type,
    commit,
    revision,
    data: event.data,
    metadata: { ...meta, schemaVersion: event.schemaVersion },
  };
};
const systemEvent = (commit: number): LoggedEvent => ({
  streamId: '$stats-127.0.0.1:2113',
  type: '$statsCollected',
  commit,
  revision: 0,
  data: {},
  metadata: {},
});

function storeOver(log: LoggedEvent[], onAppend?: (expected: AppendStreamState) => void) {
  const reads: ReadAllOptions[] = [];
  const resolved = (e: LoggedEvent) => ({
    event: {
      streamId: e.streamId,
      id: `00000000-0000-4000-8000-${String(e.commit).padStart(12, '0')}`,
      isJson: true,
      revision: BigInt(e.revision),
      type: e.type,
      created: new Date('2026-11-21T10:00:00.000Z'),
      data: e.data,
      metadata: e.metadata,
      position: { commit: BigInt(e.commit), prepare: BigInt(e.commit) },
    },
  });
  const client = {
    async *readAll(options: ReadAllOptions) {
      reads.push(options);
      const backwards = options.direction === 'backwards';
      const ordered = backwards ? [...log].reverse() : log;
      const from = options.fromPosition;
      const startsHere = (e: LoggedEvent) =>
        typeof from !== 'object' ||
        (backwards ? e.commit <= Number(from.commit) : e.commit >= Number(from.commit));
      const page = ordered.filter(startsHere).slice(0, Number(options.maxCount));
      for (const e of page) yield resolved(e);
    },
    async *readStream(streamId: string) {
      const events = log.filter((e) => e.streamId === streamId);
      if (events.length === 0) throw new StreamNotFoundError(undefined, streamId);
      for (const e of events) yield resolved(e);
    },
    async appendToStream(
      streamName: string,
      _events: unknown,
      options: { streamState: AppendStreamState },
    ) {
      onAppend?.(options.streamState);
      throw new WrongExpectedVersionError(undefined, {
        streamName,
        expected: options.streamState,
        current: 4n,
      });
    },
  };
  const keys = new SqlitePersonalDataKeys(join(keysFolder, `keys-${(keysMade += 1)}`));
  openedKeys.push(keys);
  return { store: new EventStoreDbEventStore(client as unknown as KurrentDBClient, keys), reads };
}

// The keys of this file's stand-in stores, in a folder of its own that goes with them.
const keysFolder = mkdtempSync(join(tmpdir(), 'esdb-keys-'));
const openedKeys: SqlitePersonalDataKeys[] = [];
let keysMade = 0;
afterEach(async () => {
  await Promise.all(openedKeys.splice(0).map((keys) => keys.close()));
});
afterAll(() => rmSync(keysFolder, { recursive: true, force: true }));

// 300 user events, each followed by a system event: more than one read of 256 per page.
const busyLog = Array.from({ length: 300 }, (_, i) => [
  userEvent('category-a', i, 1000 + i * 100),
  systemEvent(1000 + i * 100 + 50),
]).flat();

describe('EventStoreDB adapter mapping', () => {
  it('fills a page of the global log past system events, after an exclusive position', async () => {
    const { store, reads } = storeOver(busyLog);

    const page = await store.readAll({ after: 1100, limit: 200 });

    expect(page).toHaveLength(200);
    expect(page[0]).toMatchObject({ streamId: 'category-a', revision: 2, position: 1200 });
    expect(page.map((e) => e.position)).toEqual(page.map((_, i) => 1200 + i * 100));
    expect(page[0]?.metadata).toEqual(expect.objectContaining({ actorUid: metadata().actorUid }));
    expect(page[0]?.metadata).not.toHaveProperty('schemaVersion');
    expect(page[0]?.schemaVersion).toBe(2);
    expect(reads.length).toBeGreaterThan(1);
    expect(reads[0]?.fromPosition).toEqual({ commit: 1100n, prepare: 1100n });
  });

  it('returns a short page at the end of the log and an empty one past it', async () => {
    const { store } = storeOver(busyLog);
    expect(await store.readAll({ after: 30_500, limit: 10 })).toHaveLength(4);
    expect(await store.readAll({ after: 30_900, limit: 10 })).toEqual([]);
  });

  it('reports the last non-system event as the head, and 0 for a log of system events', async () => {
    expect(await storeOver(busyLog).store.headPosition()).toBe(30_900);
    expect(await storeOver([systemEvent(10), systemEvent(20)]).store.headPosition()).toBe(0);
  });

  it('reads a stream that does not exist as empty', async () => {
    expect(await storeOver(busyLog).store.readStream('category-b')).toEqual([]);
  });

  it('refuses to read an event whose payload breaks the catalog', async () => {
    const broken = { ...userEvent('category-b', 0, 10), data: { categoryId: 'x' } };
    await expect(storeOver([broken]).store.readStream('category-b')).rejects.toBeInstanceOf(
      InvalidEventError,
    );
  });

  it('maps expected revisions and a version conflict to the port', async () => {
    const asked: AppendStreamState[] = [];
    const { store } = storeOver([], (expected) => asked.push(expected));

    for (const expectedRevision of ['no_stream', 'any', 3] as const)
      await expect(
        store.append('category-a', [categoryCreated('a')], { expectedRevision }),
      ).rejects.toEqual(new WrongExpectedRevisionError('category-a', expectedRevision, 4));

    expect(asked).toEqual(['no_stream', 'any', 3n]);
  });
});
