import { MongoClient } from 'mongodb';
import { IDEMPOTENCY_TTL_MS, type IdempotencyStore, type StoredAnswer } from './port.ts';

// Apart from the SQLite adapter so that only the distributed profile loads the MongoDB driver
// (create-idempotency-store.ts imports it when MONGODB_URL is set).

export interface MongoIdempotencyStoreOptions {
  readonly url: string;
  readonly dbName: string;
}

/** How often, at most, the MongoDB store deletes expired answers. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Distributed profile: a MongoDB collection of answers. Expired answers are deleted by the store
 * itself, at most once a minute while it is used, rather than by a TTL index: the same cadence as
 * MongoDB's TTL monitor, with no server feature beyond plain indexes (FerretDB has no TTL indexes).
 * Reads never see an expired answer either way. The store has a connection of its own, closed
 * by close().
 */
export async function openMongoIdempotencyStore(
  { url, dbName }: MongoIdempotencyStoreOptions,
  ttlMs = IDEMPOTENCY_TTL_MS,
  now: () => number = Date.now,
): Promise<IdempotencyStore> {
  interface Entry extends Omit<StoredAnswer, 'owner'> {
    _id: string;
    createdAt: Date;
    readonly owner?: string | null;
  }
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 5_000 });
  const collection = client.db(dbName).collection<Entry>('idempotencyKeys');
  try {
    await client.connect();
    await collection.createIndex({ createdAt: 1 }, { name: 'by_creation' });
    await collection.createIndex({ owner: 1 }, { name: 'by_owner' });
  } catch (error) {
    await client.close();
    throw error;
  }
  const expiredBefore = (): Date => new Date(now() - ttlMs);
  let lastSweep = -Infinity;
  let sweeping: Promise<unknown> | undefined;
  const sweep = (): void => {
    if (sweeping || now() - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = now();
    // A failed sweep is retried by a later put; answers stay correct meanwhile.
    sweeping = collection
      .deleteMany({ createdAt: { $lte: expiredBefore() } })
      .catch(() => undefined)
      .finally(() => (sweeping = undefined));
  };
  const putAnswer = async (scope: string, answer: StoredAnswer): Promise<void> => {
    sweep();
    // The replacement below must not interleave with a sweep deleting the entry it replaces: a
    // server that deletes what it found matching, without matching again, would delete the new
    // answer. Once a minute at most, a put waits for the sweep.
    await sweeping;
    // Nearly always the key is new: one insert by `_id`. A key already there keeps its answer
    // unless that has expired (and is not yet swept): only then is it replaced.
    try {
      await collection.insertOne({ _id: scope, ...answer, createdAt: new Date(now()) });
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
      await collection.updateOne(
        { _id: scope, createdAt: { $lte: expiredBefore() } },
        { $set: { ...answer, createdAt: new Date(now()) } },
      );
    }
  };
  /** The puts not yet stored (each settles, stored or not). */
  const inFlight = new Set<Promise<void>>();
  return {
    async get(scope) {
      // By its `_id` alone, the expiry checked here: a look-up the server answers from its key.
      const entry = await collection.findOne({ _id: scope });
      return entry && entry.createdAt > expiredBefore()
        ? {
            fingerprint: entry.fingerprint,
            statusCode: entry.statusCode,
            body: entry.body,
            // Entries kept before owners were recorded have none.
            owner: entry.owner ?? null,
          }
        : null;
    },
    put(scope, answer) {
      const putting = putAnswer(scope, answer);
      // Until stored, a forget of its owner waits for it: none lands after the delete.
      const settled = putting.then(
        () => undefined,
        () => undefined,
      );
      inFlight.add(settled);
      void settled.then(() => inFlight.delete(settled));
      return putting;
    },
    async forgetAnswersOf(ownerUid) {
      await Promise.all(inFlight);
      await collection.deleteMany({ owner: ownerUid });
    },
    async close() {
      await sweeping;
      await client.close();
    },
  };
}
