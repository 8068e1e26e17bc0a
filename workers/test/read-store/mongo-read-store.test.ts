import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { projections } from '../../src/projections/registry.ts';
import type { ReadStore } from '../../src/read-models.ts';
import { openMongoReadStore } from '../../src/read-store/mongo-read-store.ts';
import { readStoreContract } from './read-store.contract.ts';

// The server is the run's (mongo-wire.global-setup.ts): MONGODB_URL's, or FerretDB.
const url = inject('mongoUrl');

describe(`MongoDB read store (${inject('mongoServer')})`, () => {
  let admin: MongoClient | undefined;
  const databases = new Map<ReadStore, string>();

  beforeAll(async () => {
    admin = await new MongoClient(url).connect();
  });

  afterAll(async () => {
    // Drop only the databases these tests made.
    for (const dbName of databases.values()) await admin?.db(dbName).dropDatabase();
    await admin?.close();
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
