import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BackgroundCheckpoints } from '@resale/events';
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

interface PendingPut {
  readonly scope: string;
  readonly answer: StoredAnswer;
  readonly at: number;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

/**
 * Embedded profile: a small SQLite table under the data folder, synced on every commit.
 *
 * Group commit: every put arriving before the next turn of the event loop joins one transaction
 * (synchronous=FULL, so one fsync for all of them), and each put resolves only after that
 * transaction committed: an answer is durable before the request that gave it is answered.
 */
export function openSqliteIdempotencyStore(
  dataDir: string,
  ttlMs = IDEMPOTENCY_TTL_MS,
  now: () => number = Date.now,
): IdempotencyStore {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'idempotency.sqlite');
  const db = new Database(file);
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
  let pending: PendingPut[] = [];
  /** Scopes of the batch waiting for its commit, and that commit. */
  let pendingScopes = new Set<string>();
  let committed: Promise<void> = Promise.resolve();
  let flushScheduled: NodeJS.Immediate | undefined;
  let closed = false;
  const checkpoints = new BackgroundCheckpoints(db, file);

  const commitBatch = db.transaction((batch: readonly PendingPut[]) => {
    for (const { scope, answer, at } of batch)
      // An expired entry under the same scope is replaced; a live one is kept.
      insert.run(scope, answer.fingerprint, answer.statusCode, answer.body, at, ttlMs);
    const before = writes;
    writes += batch.length;
    if (Math.floor(writes / 500) > Math.floor(before / 500)) purge.run(now() - ttlMs);
  });

  const flush = (): void => {
    flushScheduled = undefined;
    const batch = pending;
    pending = [];
    pendingScopes = new Set();
    if (batch.length === 0) return;
    try {
      commitBatch.immediate(batch);
    } catch (error) {
      // Nothing of the batch is durable.
      const failure = error instanceof Error ? error : new Error(String(error));
      for (const put of batch) put.reject(failure);
      return;
    }
    checkpoints.committed();
    for (const put of batch) put.resolve();
  };

  return {
    async get(scope) {
      // A put of this scope waiting for its commit: answer from the file once it is there.
      if (pendingScopes.has(scope)) await committed.catch(() => undefined);
      const row = select.get(scope, now() - ttlMs);
      return row
        ? { fingerprint: row.fingerprint, statusCode: row.status_code, body: row.body }
        : null;
    },
    put(scope, answer) {
      if (closed) return Promise.reject(new Error('The idempotency store is closed'));
      const done = new Promise<void>((resolve, reject) => {
        pending.push({ scope, answer, at: now(), resolve, reject });
      });
      if (!flushScheduled) {
        flushScheduled = setImmediate(flush);
        committed = done;
      }
      pendingScopes.add(scope);
      return done;
    },
    async close() {
      if (closed) return;
      // Puts already accepted are committed (or refused) before the file closes.
      if (flushScheduled) {
        clearImmediate(flushScheduled);
        flush();
      }
      closed = true;
      await checkpoints.close();
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
