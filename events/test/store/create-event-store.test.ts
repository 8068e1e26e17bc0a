import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createEventStore,
  DeferredEventStore,
  openEventStore,
} from '../../src/store/create-event-store.ts';
import { EmbeddedEventStore } from '../../src/store/embedded-event-store.ts';
import { EventStoreDbEventStore } from '../../src/store/eventstoredb-event-store.ts';
import { temporaryDirectory } from './fixtures.ts';

describe('choosing the event store of the profile', () => {
  const { dir, remove } = temporaryDirectory();
  afterAll(remove);

  it('opens the embedded log under DATA_DIR when EVENTSTORE_URL is not set', async () => {
    const dataDir = join(dir, 'data');
    const store = createEventStore({ DATA_DIR: dataDir, EVENTSTORE_URL: '' });
    expect(store).toBeInstanceOf(EmbeddedEventStore);
    expect(existsSync(join(dataDir, 'events.sqlite3'))).toBe(true);
    await store.close();
  });

  it('uses EventStoreDB when EVENTSTORE_URL is set (the client connects on first use)', async () => {
    const store = createEventStore({
      DATA_DIR: join(dir, 'unused'),
      EVENTSTORE_URL: 'esdb://127.0.0.1:2113?tls=false',
      MONGODB_URL: 'mongodb://127.0.0.1:27017',
    });
    expect(store).toBeInstanceOf(DeferredEventStore);
    expect(await (store as DeferredEventStore).loaded()).toBeInstanceOf(EventStoreDbEventStore);
    expect(existsSync(join(dir, 'unused'))).toBe(false);
    await store.close();
  });

  it('opens either store without the other profile: openEventStore', async () => {
    const embedded = await openEventStore({ DATA_DIR: join(dir, 'opened'), EVENTSTORE_URL: '' });
    expect(embedded).toBeInstanceOf(EmbeddedEventStore);
    await embedded.close();
    const esdb = await openEventStore({
      DATA_DIR: join(dir, 'unused'),
      EVENTSTORE_URL: 'esdb://127.0.0.1:2113?tls=false',
      MONGODB_URL: 'mongodb://127.0.0.1:27017',
    });
    expect(esdb).toBeInstanceOf(EventStoreDbEventStore);
    await esdb.close();
  });

  it('refuses EventStoreDB without the MongoDB that keeps its personal-data keys', async () => {
    await expect(
      openEventStore({ DATA_DIR: join(dir, 'unused'), EVENTSTORE_URL: 'esdb://127.0.0.1:2113' }),
    ).rejects.toThrow(/EVENTSTORE_URL needs MONGODB_URL/);
  });

  it('reports an invalid EventStoreDB URL to the calls of a store handed out before loading', async () => {
    const store = createEventStore({ DATA_DIR: join(dir, 'unused'), EVENTSTORE_URL: 'not-esdb' });
    await expect(store.headPosition()).rejects.toThrow();
    const errors: Error[] = [];
    const subscription = store.subscribeToAll({
      after: 0,
      onEvent: () => undefined,
      onError: (error) => errors.push(error),
    });
    await subscription.close();
    expect(errors).toHaveLength(1);
    await store.close();
    expect(() => store.subscribeToAll({ after: 0, onEvent: () => undefined })).toThrow(/closed/);
  });
});
