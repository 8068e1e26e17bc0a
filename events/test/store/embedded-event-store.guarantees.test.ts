import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../src/envelope.ts';
import {
  DuplicateEventIdError,
  durabilityProblems,
  EventStoreNotDurableError,
  openEmbeddedEventStore,
  type EmbeddedEventStore,
} from '../../src/store/embedded-event-store.ts';
import { WrongExpectedRevisionError } from '../../src/store/port.ts';
import { compileForNode } from './compile-for-node.ts';
import { categoryCreated, temporaryDirectory, userDeleted, userRegistered } from './fixtures.ts';

const { dir, remove } = temporaryDirectory();
afterAll(remove);
let files = 0;
const freshFile = (): string => join(dir, `store-${(files += 1)}.sqlite3`);

const eventsWorkspace = fileURLToPath(new URL('../..', import.meta.url));
let appendLoop: string;
beforeAll(() => {
  appendLoop = compileForNode(
    fileURLToPath(new URL('./append-loop.ts', import.meta.url)),
    eventsWorkspace,
    join(dir, 'append-loop'),
  );
});

interface Ack {
  readonly position: number;
  readonly eventId: string;
}

/** Starts the append-loop child and gathers the acks it prints. */
function startAppendLoop(file: string, label: string, appendsPerAppender?: number) {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      appendLoop,
      file,
      label,
      ...(appendsPerAppender ? [String(appendsPerAppender)] : []),
    ],
    { cwd: eventsWorkspace, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const acks: Ack[] = [];
  let buffered = '';
  let onFirstAck: (() => void) | undefined;
  const firstAck = new Promise<void>((resolve) => (onFirstAck = resolve));
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      const [word, position, eventId] = line.split(' ');
      if (word === 'ack' && position && eventId) {
        acks.push({ position: Number(position), eventId });
        onFirstAck?.();
      }
    }
  });
  const exited = once(child, 'close') as Promise<[number | null, NodeJS.Signals | null]>;
  return { child, acks, firstAck, exited };
}

const readWholeLog = async (store: EmbeddedEventStore): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = [];
  for (;;) {
    const page = await store.readAll({ after: events.at(-1)?.position ?? 0, limit: 1000 });
    if (page.length === 0) return events;
    events.push(...page);
  }
};

/** A subscriber's log of what it received, and a way to await the n-th delivery. */
function deliveries() {
  const events: RecordedEvent[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  return {
    events,
    record(event: RecordedEvent): void {
      events.push(event);
      for (const waiter of waiters) if (events.length >= waiter.count) waiter.resolve();
    },
    reached: (count: number) =>
      new Promise<void>((resolve) =>
        events.length >= count ? resolve() : waiters.push({ count, resolve }),
      ),
  };
}

const expectConsecutiveFromOne = (positions: number[]): void => {
  expect(positions).toEqual(positions.map((_, index) => index + 1));
};

describe('embedded event store guarantees', () => {
  describe('opening', () => {
    it('refuses a database where WAL cannot be set (an in-memory database)', () => {
      expect(() => openEmbeddedEventStore({ file: ':memory:' })).toThrow(EventStoreNotDurableError);
      expect(() => openEmbeddedEventStore({ file: ':memory:' })).toThrow(/journal_mode is memory/);
    });

    it('names a connection that is not in WAL mode with synchronous=FULL as not durable', () => {
      const db = new Database(freshFile());
      try {
        db.pragma('journal_mode = DELETE');
        db.pragma('synchronous = NORMAL');
        expect(durabilityProblems(db)).toEqual([
          'journal_mode is delete, not wal',
          'synchronous is 1, not FULL (2)',
        ]);
        db.pragma('journal_mode = WAL');
        db.pragma('synchronous = FULL');
        expect(durabilityProblems(db)).toEqual([]);
      } finally {
        db.close();
      }
    });

    it('keeps the log and its positions across a reopen', async () => {
      const file = freshFile();
      const first = openEmbeddedEventStore({ file });
      await first.append('user-u1', [userRegistered('u1')], { expectedRevision: 'no_stream' });
      await first.close();

      const reopened = openEmbeddedEventStore({ file });
      const result = await reopened.append('user-u1', [userDeleted('u1')], { expectedRevision: 0 });
      expect(result).toEqual({ nextExpectedRevision: 1, position: 2 });
      expect(reopened.integrityCheck()).toEqual({ ok: true, problems: [] });
      await reopened.close();
    });
  });

  describe('optimistic concurrency under group commit', () => {
    it('lets exactly 1 of 50 concurrent appends at the same expected revision succeed', async () => {
      const store = openEmbeddedEventStore({ file: freshFile() });
      await store.append('user-u1', [userRegistered('u1')], { expectedRevision: 'no_stream' });

      const outcomes = await Promise.allSettled(
        Array.from({ length: 50 }, () =>
          store.append('user-u1', [userDeleted('u1')], { expectedRevision: 0 }),
        ),
      );

      const succeeded = outcomes.filter((o) => o.status === 'fulfilled');
      const conflicts = outcomes.filter(
        (o) => o.status === 'rejected' && o.reason instanceof WrongExpectedRevisionError,
      );
      expect(succeeded).toHaveLength(1);
      expect(conflicts).toHaveLength(49);
      expect(await store.readStream('user-u1')).toHaveLength(2);
      expect(store.integrityCheck().ok).toBe(true);
      await store.close();
    });

    it('commits the other appends of a batch when one of them fails', async () => {
      const store = openEmbeddedEventStore({ file: freshFile() });
      const reused = categoryCreated('c0');
      await store.append('category-c0', [reused], { expectedRevision: 'no_stream' });

      const [conflict, fine, duplicate, alsoFine] = await Promise.allSettled([
        store.append('category-c0', [categoryCreated('c0')], { expectedRevision: 'no_stream' }),
        store.append('category-c1', [categoryCreated('c1'), categoryCreated('c1')], {
          expectedRevision: 'no_stream',
        }),
        store.append('category-c2', [categoryCreated('c2'), reused], { expectedRevision: 'any' }),
        store.append('category-c3', [categoryCreated('c3')], { expectedRevision: 'no_stream' }),
      ]);

      expect(conflict).toMatchObject({
        status: 'rejected',
        reason: expect.any(WrongExpectedRevisionError),
      });
      expect(duplicate).toMatchObject({
        status: 'rejected',
        reason: expect.any(DuplicateEventIdError),
      });
      expect(fine).toEqual({
        status: 'fulfilled',
        value: { nextExpectedRevision: 1, position: 3 },
      });
      expect(alsoFine).toEqual({
        status: 'fulfilled',
        value: { nextExpectedRevision: 0, position: 4 },
      });
      expect(await store.readStream('category-c2')).toEqual([]);
      expectConsecutiveFromOne((await readWholeLog(store)).map((e) => e.position));
      await store.close();
    });

    it('undoes the whole of a sequence refused halfway, and commits its neighbours in the batch', async () => {
      const store = openEmbeddedEventStore({ file: freshFile() });
      await store.append('category-c0', [categoryCreated('c0')], { expectedRevision: 'no_stream' });

      // A new category stream's append, as a part of a sequence.
      const created = (id: string) => ({
        streamId: `category-${id}`,
        events: [categoryCreated(id)],
        expectedRevision: 'no_stream' as const,
      });
      const [before, refused, booked, after] = await Promise.allSettled([
        store.append('category-c1', [categoryCreated('c1')], { expectedRevision: 'no_stream' }),
        store.appendSequence([created('c2'), created('c0')]),
        store.appendSequence([created('c3'), created('c4')]),
        store.append('category-c5', [categoryCreated('c5')], { expectedRevision: 'no_stream' }),
      ]);

      expect(refused).toMatchObject({
        status: 'rejected',
        reason: { name: 'WrongExpectedRevisionError', streamId: 'category-c0' },
      });
      expect(await store.readStream('category-c2')).toEqual([]);
      expect(before).toEqual({
        status: 'fulfilled',
        value: { nextExpectedRevision: 0, position: 2 },
      });
      expect(booked).toEqual({
        status: 'fulfilled',
        value: [
          { nextExpectedRevision: 0, position: 3 },
          { nextExpectedRevision: 0, position: 4 },
        ],
      });
      expect(after).toEqual({
        status: 'fulfilled',
        value: { nextExpectedRevision: 0, position: 5 },
      });
      expectConsecutiveFromOne((await readWholeLog(store)).map((e) => e.position));
      await store.close();
    });
  });

  describe('durability', () => {
    it('loses no acknowledged append when the writer is killed with SIGKILL, 20 times', async () => {
      const file = freshFile();
      const acknowledged: Ack[] = [];
      for (let run = 0; run < 20; run += 1) {
        const loop = startAppendLoop(file, `run${run}`);
        await loop.firstAck;
        // A random moment inside the append loop.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 60));
        loop.child.kill('SIGKILL');
        const [, signal] = await loop.exited;
        expect(signal).toBe('SIGKILL');
        acknowledged.push(...loop.acks);

        const store = openEmbeddedEventStore({ file });
        expect(store.integrityCheck()).toEqual({ ok: true, problems: [] });
        const logged = new Map((await readWholeLog(store)).map((e) => [e.eventId, e.position]));
        const lost = acknowledged.filter((ack) => logged.get(ack.eventId) !== ack.position);
        expect(lost).toEqual([]);
        await store.close();
      }
      expect(acknowledged.length).toBeGreaterThan(20);
    }, 120_000);
  });

  describe('reading the global log', () => {
    it('never shows a gap or a reordering to a reader in another process than the writer', async () => {
      const file = freshFile();
      const reader = openEmbeddedEventStore({ file, pollIntervalMs: 2 });
      const delivered = deliveries();
      const subscription = reader.subscribeToAll({ after: 0, onEvent: delivered.record });
      const loop = startAppendLoop(file, 'reader', 60);
      const pageStarts: number[] = [];
      let pagedUpTo = 0;
      const paged: number[] = [];
      // Page through the log while the other process writes, as a projection would.
      while (loop.child.exitCode === null) {
        const page = await reader.readAll({ after: pagedUpTo, limit: 25 });
        if (page.length > 0) pageStarts.push(page[0]!.position);
        paged.push(...page.map((e) => e.position));
        pagedUpTo = page.at(-1)?.position ?? pagedUpTo;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      const [code] = await loop.exited;
      expect(code).toBe(0);
      const head = await reader.headPosition();
      await delivered.reached(head);
      await subscription.close();

      expect(head).toBe(loop.acks.length);
      expect(pageStarts.length).toBeGreaterThan(1);
      expectConsecutiveFromOne(
        paged.concat(
          (await reader.readAll({ after: pagedUpTo, limit: head })).map((e) => e.position),
        ),
      );
      expectConsecutiveFromOne(delivered.events.map((e) => e.position));
      await reader.close();
    });

    it('delivers every event once, in position order, to a subscriber during concurrent appends', async () => {
      const store = openEmbeddedEventStore({ file: freshFile() });
      const delivered = deliveries();
      const subscription = store.subscribeToAll({
        after: 0,
        onEvent: async (event) => {
          delivered.record(event);
          await new Promise<void>((resolve) => setImmediate(resolve));
        },
      });

      await Promise.all(
        Array.from({ length: 10 }, async (_, appender) => {
          for (let revision = 0; revision < 20; revision += 1)
            await store.append(`category-a${appender}`, [categoryCreated(`a${appender}`)], {
              expectedRevision: revision === 0 ? 'no_stream' : revision - 1,
            });
        }),
      );
      await delivered.reached(200);
      await subscription.close();

      expectConsecutiveFromOne(delivered.events.map((e) => e.position));
      expect(delivered.events.map((e) => e.eventId)).toEqual(
        (await readWholeLog(store)).map((e) => e.eventId),
      );
      await store.close();
    });
  });
});
