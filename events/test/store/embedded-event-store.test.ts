import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InvalidEventError } from '../../src/catalog.ts';
import type { RecordedEvent } from '../../src/envelope.ts';
import { openEmbeddedEventStore } from '../../src/store/embedded-event-store.ts';
import { osThreadNames } from '../../src/testing/os-threads.ts';
import { eventStoreContract } from './event-store.contract.ts';
import { categoryCreated, temporaryDirectory, uniqueStream, userRegistered } from './fixtures.ts';

describe('embedded event store (SQLite)', () => {
  const { dir, remove } = temporaryDirectory();
  afterAll(remove);
  let opened = 0;
  const freshFile = (): string => join(dir, `contract-${(opened += 1)}.sqlite3`);
  /** The process's threads named as the log's reader thread. */
  const readers = () => osThreadNames()?.filter((name) => name === 'log reader').length;
  eventStoreContract(async () => openEmbeddedEventStore({ file: freshFile() }), {
    sequencesAreAtomic: true,
  });

  // What the store does when no writer thread can run: the same guarantees, on its own connection.
  describe('committing on its own connection', () => {
    eventStoreContract(
      async () => openEmbeddedEventStore({ file: freshFile(), writerThread: false }),
      { sequencesAreAtomic: true },
    );
  });

  // What a replay's store does: pages read in a thread of their own, and read ahead.
  describe('reading pages in its reader thread', () => {
    eventStoreContract(
      async () => openEmbeddedEventStore({ file: freshFile(), readerThread: true }),
      { sequencesAreAtomic: true },
    );

    it.runIf(osThreadNames() !== null)(
      'reads in a thread of its own, which a store not asked to never starts',
      async () => {
        const plain = openEmbeddedEventStore({ file: freshFile() });
        await plain.readAll({ after: 0, limit: 10 });
        expect(readers()).toBe(0);
        const store = openEmbeddedEventStore({ file: freshFile(), readerThread: true });
        await store.readAll({ after: 0, limit: 10 });
        expect(readers()).toBe(1);
        await store.close();
        await plain.close();
        expect(readers()).toBe(0);
      },
    );

    /** A store reading in its thread, and the people whose registrations it holds. */
    const registrations = () => {
      const store = openEmbeddedEventStore({ file: freshFile(), readerThread: true });
      // The person whose registration is at position p is uids[p - 1].
      const uids: string[] = [];
      return {
        store,
        uids,
        register: async (count: number) => {
          for (let i = 0; i < count; i += 1) {
            const uid = uniqueStream('ann');
            uids.push(uid);
            await store.append(`user-${uid}`, [userRegistered(uid)], {
              expectedRevision: 'no_stream',
            });
          }
        },
        // The thread answers in order: a page asked again is answered after those asked ahead.
        readAheadDone: (after: number) => store.readAll({ after, limit: 4 }),
      };
    };
    const positions = (page: RecordedEvent[]) => page.map((event) => event.position);

    it('reads a page again that was read ahead when the log ended in it', async () => {
      const { store, register, readAheadDone } = registrations();
      await register(10);
      expect(positions(await store.readAll({ after: 0, limit: 4 }))).toEqual([1, 2, 3, 4]);
      await readAheadDone(0);
      await register(8);
      expect(positions(await store.readAll({ after: 4, limit: 4 }))).toEqual([5, 6, 7, 8]);
      expect(positions(await store.readAll({ after: 8, limit: 4 }))).toEqual([9, 10, 11, 12]);
      expect(positions(await store.readAll({ after: 12, limit: 4 }))).toEqual([13, 14, 15, 16]);
      expect(positions(await store.readAll({ after: 16, limit: 4 }))).toEqual([17, 18]);
      expect(await store.readAll({ after: 18, limit: 4 })).toEqual([]);
      await store.close();
    });

    it('reads a page again that was read ahead before someone in it was erased', async () => {
      const { store, uids, register, readAheadDone } = registrations();
      await register(8);
      expect(positions(await store.readAll({ after: 0, limit: 4 }))).toEqual([1, 2, 3, 4]);
      await readAheadDone(0);
      await store.erasePersonalData(uids[5]!);
      const page = await store.readAll({ after: 4, limit: 4 });
      expect(positions(page)).toEqual([5, 6, 7, 8]);
      expect(page.map((event) => (event.data as { name: string }).name)).toEqual([
        'Ann',
        'erased',
        'Ann',
        'Ann',
      ]);
      await store.close();
    });

    it('fails a page that does not open as the store does, with the same error', async () => {
      const file = freshFile();
      const store = openEmbeddedEventStore({ file, readerThread: true });
      await store.append(uniqueStream('category'), [categoryCreated('c1')], {
        expectedRevision: 'no_stream',
      });
      const db = new Database(file);
      db.prepare("UPDATE events SET type = 'NoSuchEvent'").run();
      db.close();
      await expect(store.readAll({ after: 0, limit: 10 })).rejects.toBeInstanceOf(
        InvalidEventError,
      );
      await store.close();
    });
  });

  // What a gateway's store does: each command's stream read and opened in the reader thread.
  describe('reading streams in its reader thread', () => {
    eventStoreContract(
      async () => openEmbeddedEventStore({ file: freshFile(), streamReadsInThread: true }),
      { sequencesAreAtomic: true },
    );

    it.runIf(osThreadNames() !== null)(
      'reads streams in a thread of its own, and pages on its own connection',
      async () => {
        const store = openEmbeddedEventStore({ file: freshFile(), streamReadsInThread: true });
        await store.readAll({ after: 0, limit: 10 });
        expect(readers()).toBe(0);
        await store.readStream(uniqueStream('category'));
        expect(readers()).toBe(1);
        await store.close();
        expect(readers()).toBe(0);
      },
    );

    it('reads a stream as it is after an erasure', async () => {
      const store = openEmbeddedEventStore({ file: freshFile(), streamReadsInThread: true });
      const uid = uniqueStream('ann');
      await store.append(`user-${uid}`, [userRegistered(uid)], { expectedRevision: 'no_stream' });
      const nameOf = async () =>
        ((await store.readStream(`user-${uid}`))[0]?.data as { name: string }).name;
      expect(await nameOf()).toBe('Ann');
      await store.erasePersonalData(uid);
      expect(await nameOf()).toBe('erased');
      await store.close();
    });

    it('fails a stream that does not open as the store does, with the same error', async () => {
      const file = freshFile();
      const store = openEmbeddedEventStore({ file, streamReadsInThread: true });
      const streamId = uniqueStream('category');
      await store.append(streamId, [categoryCreated('c1')], { expectedRevision: 'no_stream' });
      const db = new Database(file);
      db.prepare("UPDATE events SET type = 'NoSuchEvent'").run();
      db.close();
      await expect(store.readStream(streamId)).rejects.toBeInstanceOf(InvalidEventError);
      await store.close();
    });

    it('answers streams asked for at once each with its own events, or its own error', async () => {
      const file = freshFile();
      const store = openEmbeddedEventStore({ file, streamReadsInThread: true });
      const streamIds = ['a', 'b', 'c', 'd'].map((name) => uniqueStream(`category-${name}`));
      for (const [i, streamId] of streamIds.entries())
        await store.append(streamId, [categoryCreated(`c${i}`)], { expectedRevision: 'no_stream' });
      const broken = streamIds[2];
      const db = new Database(file);
      db.prepare("UPDATE events SET type = 'NoSuchEvent' WHERE stream_id = ?").run(broken);
      db.close();
      const reads = await Promise.allSettled(
        [...streamIds, uniqueStream('category-none')].map((id) => store.readStream(id)),
      );
      expect(reads.map((read) => (read.status === 'fulfilled' ? read.value : read.reason))).toEqual(
        [
          [
            expect.objectContaining({
              streamId: streamIds[0],
              data: expect.objectContaining({ categoryId: 'c0' }),
            }),
          ],
          [
            expect.objectContaining({
              streamId: streamIds[1],
              data: expect.objectContaining({ categoryId: 'c1' }),
            }),
          ],
          expect.any(InvalidEventError),
          [
            expect.objectContaining({
              streamId: streamIds[3],
              data: expect.objectContaining({ categoryId: 'c3' }),
            }),
          ],
          [],
        ],
      );
      await store.close();
    });
  });

  it('commits in its writer thread by default, on its own connection when asked', async () => {
    for (const writerThread of [undefined, false]) {
      const store = openEmbeddedEventStore({
        file: freshFile(),
        ...(writerThread === undefined ? {} : { writerThread }),
      });
      await store.append(uniqueStream('category'), [categoryCreated('c1')], {
        expectedRevision: 'no_stream',
      });
      expect(store.commitsInWriterThread).toBe(writerThread === undefined);
      await store.close();
    }
  });

  describe.each([true, false])('closing (writer thread: %s)', (writerThread) => {
    it('commits the appends it accepted and delivers them to its subscribers, then refuses', async () => {
      const store = openEmbeddedEventStore({ file: freshFile(), writerThread });
      const delivered: RecordedEvent[] = [];
      const errors: Error[] = [];
      store.subscribeToAll({
        after: 0,
        onEvent: (event) => void delivered.push(event),
        onError: (error) => void errors.push(error),
      });
      const streamId = uniqueStream('category');
      // Accepted, not yet committed when close() is called.
      const appended = store.append(streamId, [categoryCreated('c1')], {
        expectedRevision: 'no_stream',
      });
      const closed = store.close();
      await expect(appended).resolves.toMatchObject({ position: 1 });
      await closed;
      // The subscriber woken by that last commit could still read it.
      expect(errors).toEqual([]);
      expect(delivered.map((event) => event.position)).toEqual([1]);
      await expect(
        store.append(streamId, [categoryCreated('c2')], { expectedRevision: 0 }),
      ).rejects.toThrow('The event store is closed');
      await expect(store.readStream(streamId)).rejects.toThrow('The event store is closed');
    });
  });
});
