import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Db } from 'mongodb';

/** The first answer to a command sent with an Idempotency-Key. */
export interface StoredAnswer {
  /** Hash of what was asked, so a key reused for another request is recognised. */
  readonly fingerprint: string;
  readonly statusCode: number;
  readonly body: string;
}

/** Durable memory of answers, each kept for `ttlMs` after it was first given. */
export interface IdempotencyStore {
  get(scope: string): Promise<StoredAnswer | null>;
  /** Keeps the first answer stored under `scope`; a later put for the same scope changes nothing. */
  put(scope: string, answer: StoredAnswer): Promise<void>;
  close(): Promise<void>;
}

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Embedded profile: a small SQLite table under the data folder, synced on every write. */
export function openSqliteIdempotencyStore(
  dataDir: string,
  ttlMs = IDEMPOTENCY_TTL_MS,
  now: () => number = Date.now,
): IdempotencyStore {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'idempotency.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE IF NOT EXISTS idempotency_keys (
    scope       TEXT    PRIMARY KEY,
    fingerprint TEXT    NOT NULL,
    status_code INTEGER NOT NULL,
    body        TEXT    NOT NULL,
    created_at  INTEGER NOT NULL
  ) STRICT`);
  const select = db.prepare<
    [string, number],
    { fingerprint: string; status_code: number; body: string }
  >(
    'SELECT fingerprint, status_code, body FROM idempotency_keys WHERE scope = ? AND created_at > ?',
  );
  const insert = db.prepare<[string, string, number, string, number, number]>(
    `INSERT INTO idempotency_keys (scope, fingerprint, status_code, body, created_at)
     VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (scope) DO UPDATE SET
       fingerprint = excluded.fingerprint, status_code = excluded.status_code,
       body = excluded.body, created_at = excluded.created_at
     WHERE idempotency_keys.created_at <= excluded.created_at - ?`,
  );
  const purge = db.prepare<[number]>('DELETE FROM idempotency_keys WHERE created_at <= ?');
  let writes = 0;
  return {
    async get(scope) {
      const row = select.get(scope, now() - ttlMs);
      return row
        ? { fingerprint: row.fingerprint, statusCode: row.status_code, body: row.body }
        : null;
    },
    async put(scope, { fingerprint, statusCode, body }) {
      const at = now();
      // An expired entry under the same scope is replaced; a live one is kept.
      insert.run(scope, fingerprint, statusCode, body, at, ttlMs);
      if (++writes % 500 === 0) purge.run(at - ttlMs);
    },
    async close() {
      db.close();
    },
  };
}

/** Distributed profile: a MongoDB collection whose TTL index drops answers after a day. */
export async function openMongoIdempotencyStore(
  db: Db,
  ttlMs = IDEMPOTENCY_TTL_MS,
  now: () => number = Date.now,
): Promise<IdempotencyStore> {
  interface Entry extends StoredAnswer {
    _id: string;
    createdAt: Date;
  }
  const collection = db.collection<Entry>('idempotencyKeys');
  await collection.createIndex({ createdAt: 1 }, { expireAfterSeconds: Math.ceil(ttlMs / 1000) });
  return {
    async get(scope) {
      const entry = await collection.findOne({
        _id: scope,
        createdAt: { $gt: new Date(now() - ttlMs) },
      });
      return entry
        ? { fingerprint: entry.fingerprint, statusCode: entry.statusCode, body: entry.body }
        : null;
    },
    async put(scope, answer) {
      // The TTL monitor runs once a minute; an expired entry still present is replaced here.
      await collection.updateOne(
        { _id: scope, createdAt: { $lte: new Date(now() - ttlMs) } },
        { $set: { ...answer, createdAt: new Date(now()) } },
      );
      try {
        await collection.insertOne({ _id: scope, ...answer, createdAt: new Date(now()) });
      } catch (error) {
        if ((error as { code?: number }).code !== 11000) throw error;
      }
    },
    async close() {},
  };
}
