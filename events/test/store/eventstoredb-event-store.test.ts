import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe } from 'vitest';
import { SqlitePersonalDataKeys } from '../../src/personal-data/sqlite-key-store.ts';
import { openEventStoreDbEventStore } from '../../src/store/eventstoredb-event-store.ts';
import { serverSuite } from '../../src/testing/server-suite.ts';
import { eventStoreContract } from './event-store.contract.ts';

const { configuredUrl, useDocker, available, title } = await serverSuite(
  'EventStoreDB event store',
  'EVENTSTORE_URL',
);

describe.skipIf(!available)(title, () => {
  let url = configuredUrl ?? '';
  let container: StartedTestContainer | undefined;

  beforeAll(async () => {
    if (!useDocker) return;
    const { GenericContainer, Wait } = await import('testcontainers');
    // The image and settings of docker-compose.yml, with an in-memory database.
    container = await new GenericContainer('eventstore/eventstore:24.10')
      .withEnvironment({
        EVENTSTORE_INSECURE: 'true',
        EVENTSTORE_RUN_PROJECTIONS: 'None',
        EVENTSTORE_MEM_DB: 'true',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .withStartupTimeout(120_000)
      .start();
    url = `kurrentdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
  }, 180_000);

  // The stores' keys, in a folder of this file's that goes after the tests.
  let keysFolder = '';
  let keysMade = 0;
  beforeAll(() => {
    keysFolder = mkdtempSync(join(tmpdir(), 'esdb-keys-'));
  });
  afterAll(async () => {
    await container?.stop();
    if (keysFolder) rmSync(keysFolder, { recursive: true, force: true });
  });

  // Tests share one server: the contract uses fresh streams and reads from the head it found.
  // The keys' own contract runs for MongoDB in key-store.test.ts; here they sit in a local file.
  eventStoreContract(
    async () =>
      openEventStoreDbEventStore({
        url,
        keys: new SqlitePersonalDataKeys(join(keysFolder, `keys-${(keysMade += 1)}`)),
      }),
    {
      sequencesAreAtomic: false,
    },
  );
});
