import { join } from 'node:path';
import { afterAll, describe } from 'vitest';
import { openEmbeddedEventStore } from '../../src/store/embedded-event-store.ts';
import { eventStoreContract } from './event-store.contract.ts';
import { temporaryDirectory } from './fixtures.ts';

describe('embedded event store (SQLite)', () => {
  const { dir, remove } = temporaryDirectory();
  afterAll(remove);
  let opened = 0;
  eventStoreContract(async () =>
    openEmbeddedEventStore({ file: join(dir, `contract-${(opened += 1)}.sqlite3`) }),
  );

  // What the store does when no writer thread can run: the same guarantees, on its own connection.
  describe('committing on its own connection', () => {
    eventStoreContract(async () =>
      openEmbeddedEventStore({
        file: join(dir, `contract-${(opened += 1)}.sqlite3`),
        writerThread: false,
      }),
    );
  });
});
