import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readModels } from '../../src/projections/registry.ts';
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
    // The server keeps its files, none in the data folder.
    filesOf: () => [],
    open: async () => {
      const dbName = `read_store_contract_${process.pid}_${databases.size + 1}`;
      const store = await openMongoReadStore({ url, dbName });
      databases.set(store, dbName);
      return store;
    },
    failWritesOf: async (store, model, _id, position) => {
      const documents = admin!
        .db(databases.get(store))
        .collection<{ _id: string; _position: number }>(readModels[model].collection);
      // A unique index on positions and a document holding the event's: the server itself
      // rejects every write the event makes to that collection.
      await documents.createIndex({ _position: 1 }, { unique: true, name: 'inject_failure' });
      await documents.insertOne({ _id: 'inject-failure', _position: position });
      return async () => {
        await documents.deleteOne({ _id: 'inject-failure' });
        await documents.dropIndex('inject_failure');
      };
    },
  });

  it('opens a database an earlier version wrote, without what this one no longer keeps', async () => {
    const dbName = `read_store_earlier_${process.pid}`;
    const db = admin!.db(dbName);
    try {
      await (await openMongoReadStore({ url, dbName })).close();
      // Reported products as a collection of their own, fan-out rules, an index on the seller.
      await db.collection('reportedProducts').insertOne({ _id: 'p1' } as never);
      await db.collection('products_standing').insertOne({ _id: 'r1' } as never);
      await db.collection('products').createIndex({ sellerUid: 1 }, { name: 'by_seller_uid' });
      // Applied events recorded one document each.
      await db.collection<{ _id: number }>('_applied').insertMany([{ _id: 7 }, { _id: 300 }]);
      const store = await openMongoReadStore({ url, dbName });
      expect(await Promise.all([7, 8, 300].map((position) => store.hasApplied(position)))).toEqual([
        true,
        false,
        true,
      ]);
      await store.close();
      const collections = (await db.listCollections({}, { nameOnly: true }).toArray()).map(
        ({ name }) => name,
      );
      expect(collections).not.toContain('reportedProducts');
      expect(collections).not.toContain('products_standing');
      expect(collections).not.toContain('_applied');
      const indexes = (await db.collection('products').listIndexes().toArray()).map(
        ({ name }) => name as string,
      );
      expect(indexes).not.toContain('by_seller_uid');
      expect(indexes).toContain('reported_by_latest');
    } finally {
      await db.dropDatabase();
    }
  });

  it('drops the collections a swap superseded, keeping only the live ones', async () => {
    const dbName = `read_store_swap_${process.pid}`;
    const store = await openMongoReadStore({ url, dbName });
    const db = admin!.db(dbName);
    const collectionsOf = async (): Promise<string[]> =>
      (await db.listCollections({}, { nameOnly: true }).toArray())
        .map(({ name }) => name)
        .filter((name) => name.startsWith(`${readModels.products.collection}__`))
        .sort();
    try {
      for (let round = 0; round < 2; round++) {
        const rebuild = await store.beginRebuild(['products']);
        await rebuild.commit();
      }
      await store.close();
      const kept = await collectionsOf();
      expect(kept).toHaveLength(1);
      expect(
        (await db.listCollections({ name: readModels.products.collection }).toArray()).length,
      ).toBe(0);
    } finally {
      await db.dropDatabase();
    }
  });
});
