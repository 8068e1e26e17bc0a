import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../src/envelope.ts';
import { openEmbeddedEventStore } from '../../src/store/embedded-event-store.ts';
import { eventStoreContract } from './event-store.contract.ts';
import { categoryCreated, temporaryDirectory, uniqueStream } from './fixtures.ts';

describe('embedded event store (SQLite)', () => {
  const { dir, remove } = temporaryDirectory();
  afterAll(remove);
  let opened = 0;
  const freshFile = (): string => join(dir, `contract-${(opened += 1)}.sqlite3`);
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
