import { serverSuite } from '@resale/events/testing/server-suite';
import { MongoClient } from 'mongodb';
import type { StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe } from 'vitest';
import { projections } from '../../src/projections/registry.ts';
import type { ReadStore } from '../../src/read-models.ts';
import { openMongoReadStore } from '../../src/read-store/mongo-read-store.ts';
import { readStoreContract } from './read-store.contract.ts';

const { configuredUrl, useDocker, available, title } = await serverSuite(
  'MongoDB read store',
  'MONGODB_URL',
);

describe.skipIf(!available)(title, () => {
  let url = configuredUrl ?? '';
  let container: StartedTestContainer | undefined;
  let admin: MongoClient | undefined;
  const databases = new Map<ReadStore, string>();

  beforeAll(async () => {
    if (useDocker) {
      const { GenericContainer, Wait } = await import('testcontainers');
      container = await new GenericContainer('mongo:7')
        .withExposedPorts(27017)
        .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
        .start();
      url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}`;
    }
    admin = await new MongoClient(url).connect();
  }, 180_000);

  afterAll(async () => {
    // Drop only the databases these tests made.
    for (const dbName of databases.values()) await admin?.db(dbName).dropDatabase();
    await admin?.close();
    await container?.stop();
  });

  readStoreContract({
    atomicEvents: false,
    open: async () => {
      const dbName = `read_store_contract_${process.pid}_${databases.size + 1}`;
      const store = await openMongoReadStore({ url, dbName });
      databases.set(store, dbName);
      return store;
    },
    failWritesOf: async (store, model, id) => {
      const db = admin!.db(databases.get(store));
      const collection = projections[model].collection;
      // A validator makes the server itself reject every write of that document.
      await db.command({
        collMod: collection,
        validator: { _id: { $ne: id } },
        validationLevel: 'strict',
        validationAction: 'error',
      });
      return async () => {
        await db.command({ collMod: collection, validator: {}, validationLevel: 'off' });
      };
    },
  });
});
