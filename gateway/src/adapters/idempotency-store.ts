import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { sqliteThreadModule } from '@resale/events';
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

type PutRow = [scope: string, fingerprint: string, statusCode: number, body: string, at: number];

const schema = `CREATE TABLE IF NOT EXISTS idempotency_keys (
    scope       TEXT    PRIMARY KEY,
    fingerprint TEXT    NOT NULL,
    status_code INTEGER NOT NULL,
    body        TEXT    NOT NULL,
    created_at  INTEGER NOT NULL
  ) STRICT`;

// An expired entry under the same scope is replaced; a live one is kept.
const insertSql = `INSERT INTO idempotency_keys (scope, fingerprint, status_code, body, created_at)
     VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (scope) DO UPDATE SET
       fingerprint = excluded.fingerprint, status_code = excluded.status_code,
       body = excluded.body, created_at = excluded.created_at
     WHERE idempotency_keys.created_at <= excluded.created_at - ?`;
const purgeSql = 'DELETE FROM idempotency_keys WHERE created_at <= ?';

/** Commits batches of puts in one transaction each; how the thread and the fallback write. */
function batchWriter(db: Database.Database, ttlMs: number): (rows: PutRow[], at: number) => void {
  const insert = db.prepare<[string, string, number, string, number, number]>(insertSql);
  const purge = db.prepare<[number]>(purgeSql);
  let writes = 0;
  return db.transaction((rows: PutRow[], at: number) => {
    for (const row of rows) insert.run(...row, ttlMs);
    const before = writes;
    writes += rows.length;
    if (Math.floor(writes / 500) > Math.floor(before / 500)) purge.run(at - ttlMs);
  }).immediate;
}

// The writing thread: its own connection (WAL, synchronous=FULL), one transaction per message,
// answered once committed. Plain CommonJS, so that it runs without a TypeScript loader.
const writerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const db = new Database(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
const insert = db.prepare(workerData.insertSql);
const purge = db.prepare(workerData.purgeSql);
let writes = 0;
const commit = db.transaction((rows, at) => {
  for (const row of rows) insert.run(...row, workerData.ttlMs);
  const before = writes;
  writes += rows.length;
  if (Math.floor(writes / 500) > Math.floor(before / 500)) purge.run(at - workerData.ttlMs);
});
require(workerData.thread).serveMessages(
  parentPort,
  db,
  (message) => {
    commit.immediate(message.rows, message.at);
    return { id: message.id };
  },
  (message, error) => ({ id: message.id, error }),
);
`;

/**
 * Embedded profile: a small SQLite table under the data folder, synced on every commit.
 *
 * Group commit off the event loop: puts are gathered while the previous batch commits and then
 * committed together, in one transaction (synchronous=FULL, so one fsync for all of them), by a
 * worker thread with its own connection; each put resolves only after its transaction committed,
 * so an answer is durable before the request that gave it is answered. Reads stay on this
 * thread's connection (WAL: they never wait for the writer). Should the thread fail, this
 * connection writes the batches itself.
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
  db.pragma('busy_timeout = 5000');
  db.exec(schema);
  const select = db.prepare<
    [string, number],
    { fingerprint: string; status_code: number; body: string }
  >(
    'SELECT fingerprint, status_code, body FROM idempotency_keys WHERE scope = ? AND created_at > ?',
  );
  let writeHere: ((rows: PutRow[], at: number) => void) | undefined;

  let pending: PendingPut[] = [];
  /** The commit each scope put and not yet committed waits for. */
  const committing = new Map<string, Promise<void>>();
  let flushScheduled: NodeJS.Immediate | undefined;
  let closed = false;

  let worker: Worker | undefined;
  let threadFailed = false;
  let batchInFlight: { id: number; puts: PendingPut[] } | undefined;
  let nextBatchId = 0;
  let idle: (() => void) | undefined;

  const settle = (puts: readonly PendingPut[], error?: Error): void => {
    for (const put of puts) {
      committing.delete(put.scope);
      if (error) put.reject(error);
      else put.resolve();
    }
  };

  const writeOnThisThread = (puts: PendingPut[]): void => {
    writeHere ??= batchWriter(db, ttlMs);
    try {
      writeHere(rowsOf(puts), now());
    } catch (error) {
      // Nothing of the batch is durable.
      settle(puts, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    settle(puts);
  };

  const startWorker = (): Worker => {
    const started = new Worker(writerSource, {
      eval: true,
      workerData: {
        file,
        sqlite: createRequire(import.meta.url).resolve('better-sqlite3'),
        thread: sqliteThreadModule,
        ttlMs,
        insertSql,
        purgeSql,
      },
    });
    started.unref();
    started.on('message', (message: { id: number; error?: string }) => {
      const batch = batchInFlight;
      if (!batch || batch.id !== message.id) return;
      batchInFlight = undefined;
      // A batch the thread could not commit (SQLITE_BUSY, say) is tried once more here before its
      // commands are answered with an error.
      if (message.error === undefined) settle(batch.puts);
      else if (db.open) writeOnThisThread(batch.puts);
      else settle(batch.puts, new Error(message.error));
      send();
      // Kept alive only while a batch commits: an idle store does not hold the process open.
      if (!batchInFlight) started.unref();
    });
    const gone = (): void => {
      if (worker !== started) return;
      worker = undefined;
      threadFailed = true;
      // The batch the thread held may or may not have committed; its puts are written again
      // here (a put of a scope already stored changes nothing), then this thread writes on.
      const batch = batchInFlight;
      batchInFlight = undefined;
      if (batch && db.open) writeOnThisThread(batch.puts);
      else if (batch) settle(batch.puts, new Error('The idempotency store is closed'));
      send();
    };
    started.on('error', gone);
    started.on('exit', gone);
    return started;
  };

  /** Hands what is pending to the writer, unless a batch is still committing. */
  const send = (): void => {
    if (batchInFlight) return;
    const puts = pending;
    pending = [];
    if (puts.length === 0) {
      idle?.();
      return;
    }
    // Started with the first answer to keep: a process that only reads runs no thread.
    if (!worker && !threadFailed && !closed) worker = startWorker();
    if (closed || !worker) {
      if (!db.open) settle(puts, new Error('The idempotency store is closed'));
      else writeOnThisThread(puts);
      idle?.();
      return;
    }
    batchInFlight = { id: nextBatchId++, puts };
    worker.ref();
    worker.postMessage({ id: batchInFlight.id, rows: rowsOf(puts), at: now() });
  };

  return {
    async get(scope) {
      // A put of this scope still committing: answer from the file once it is there.
      await committing.get(scope)?.catch(() => undefined);
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
      if (!committing.has(scope)) committing.set(scope, done);
      flushScheduled ??= setImmediate(() => {
        flushScheduled = undefined;
        send();
      });
      return done;
    },
    async close() {
      if (closed) return;
      closed = true;
      if (flushScheduled) {
        clearImmediate(flushScheduled);
        flushScheduled = undefined;
      }
      // Puts already accepted are committed (or refused) before the file closes.
      if (batchInFlight) await new Promise<void>((resolve) => (idle = resolve));
      send();
      const stopping = worker;
      worker = undefined;
      if (stopping) {
        const exited = new Promise<void>((resolve) => stopping.once('exit', () => resolve()));
        // Held open until it has closed its connection, or the process could end first.
        stopping.ref();
        stopping.postMessage({ type: 'close' });
        await exited;
      }
      db.close();
    },
  };
}

const rowsOf = (puts: readonly PendingPut[]): PutRow[] =>
  puts.map(({ scope, answer, at }) => [
    scope,
    answer.fingerprint,
    answer.statusCode,
    answer.body,
    at,
  ]);

/** How often, at most, the MongoDB store deletes expired answers. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Distributed profile: a MongoDB collection of answers. Expired answers are deleted by the store
 * itself, at most once a minute while it is used, rather than by a TTL index: the same cadence as
 * MongoDB's TTL monitor, with no server feature beyond plain indexes (FerretDB has no TTL indexes).
 * Reads never see an expired answer either way.
 */
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
  await collection.createIndex({ createdAt: 1 }, { name: 'by_creation' });
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
  return {
    async get(scope) {
      const entry = await collection.findOne({ _id: scope, createdAt: { $gt: expiredBefore() } });
      return entry
        ? { fingerprint: entry.fingerprint, statusCode: entry.statusCode, body: entry.body }
        : null;
    },
    async put(scope, answer) {
      sweep();
      // An expired entry not yet swept is replaced here.
      await collection.updateOne(
        { _id: scope, createdAt: { $lte: expiredBefore() } },
        { $set: { ...answer, createdAt: new Date(now()) } },
      );
      try {
        await collection.insertOne({ _id: scope, ...answer, createdAt: new Date(now()) });
      } catch (error) {
        if ((error as { code?: number }).code !== 11000) throw error;
      }
    },
    async close() {
      await sweeping;
    },
  };
}
