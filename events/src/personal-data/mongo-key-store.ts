import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { Binary, MongoClient, MongoServerError } from 'mongodb';
import type { PersonalDataKeys } from './key-store.ts';

// Apart from the SQLite keys so that only the EventStoreDB profile loads the MongoDB driver.

export interface MongoPersonalDataKeysOptions {
  readonly url: string;
  readonly dbName: string;
}

interface KeyDocument {
  /** The person's uid. */
  _id: string;
  /** Null once erased: a tombstone, so that no new key is made for them. */
  key: Binary | null;
  createdAt: Date;
  erasedAt?: Date;
}

const duplicateKey = 11000;

/**
 * EventStoreDB's keys, in a MongoDB collection of their own, one document per person. Every
 * lookup asks the server, so an erasure is seen by the next read of every process. (Whether an
 * overwritten key's bytes survive in the server's own files is for its storage engine: run it
 * with encryption at rest.)
 */
export function openMongoPersonalDataKeys({
  url,
  dbName,
}: MongoPersonalDataKeysOptions): PersonalDataKeys {
  // The driver connects on the first lookup: opening the store needs no server yet.
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 5_000 });
  const keys = client.db(dbName).collection<KeyDocument>('personalDataKeys');

  const find = async (
    subjects: readonly string[],
  ): Promise<ReadonlyMap<string, KeyObject | null>> => {
    const found = new Map<string, KeyObject | null>(subjects.map((subject) => [subject, null]));
    if (subjects.length === 0) return found;
    for await (const document of keys.find({ _id: { $in: [...subjects] } }))
      found.set(document._id, document.key ? createSecretKey(document.key.buffer) : null);
    return found;
  };

  return {
    find,
    async obtain(subjects) {
      if (subjects.length === 0) return new Map();
      const existing = new Set(
        (
          await keys.find({ _id: { $in: [...subjects] } }, { projection: { _id: 1 } }).toArray()
        ).map((document) => document._id),
      );
      const missing = subjects.filter((subject) => !existing.has(subject));
      if (missing.length > 0) {
        try {
          await keys.insertMany(
            missing.map((subject) => ({
              _id: subject,
              key: new Binary(randomBytes(32)),
              createdAt: new Date(),
            })),
            { ordered: false },
          );
        } catch (error) {
          // Another process made some of them first: theirs are the keys.
          if (!(error instanceof MongoServerError && error.code === duplicateKey)) throw error;
        }
      }
      return find(subjects);
    },
    async erase(subject) {
      await keys.updateOne(
        { _id: subject },
        { $set: { key: null, erasedAt: new Date() }, $setOnInsert: { createdAt: new Date() } },
        { upsert: true },
      );
    },
    close: () => client.close(),
  };
}
