import type { KeyObject } from 'node:crypto';

/**
 * Each person's key for their personal data (sealing.ts). A key is made the first time one of the
 * person's fields is stored and destroyed by their erasure; an erased person keeps a tombstone, so
 * that nothing of theirs is sealed again with a new key: their later fields are stored erased.
 *
 * The embedded log keeps its keys in its own file (SqlitePersonalDataKeys, synchronous: the log
 * reads synchronously); EventStoreDB's adapter keeps them in MongoDB (MongoPersonalDataKeys).
 */
export interface PersonalDataKeys {
  /** Each subject's key, made for those who have none; null for the erased. */
  obtain(subjects: readonly string[]): Promise<ReadonlyMap<string, KeyObject | null>>;
  /** Each subject's key; null for the erased and for those who never had one. */
  find(subjects: readonly string[]): Promise<ReadonlyMap<string, KeyObject | null>>;
  /**
   * Destroys the subject's key for good, leaving no copy of it in the store's files (idempotent):
   * every field sealed with it reads as erased from now on, in every process.
   */
  erase(subject: string): Promise<void>;
  close(): Promise<void>;
}
