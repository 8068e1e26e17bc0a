import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  SqliteThreadError,
  startSqliteThread,
  statementsCommitter,
  type SqliteThread,
  type Step,
} from '@resale/events/sqlite-writer';
import { IDEMPOTENCY_TTL_MS, type IdempotencyStore, type StoredAnswer } from './port.ts';

interface PendingPut {
  readonly scope: string;
  readonly answer: StoredAnswer;
  readonly at: number;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

const schema = `CREATE TABLE IF NOT EXISTS idempotency_keys (
    scope       TEXT    PRIMARY KEY,
    fingerprint TEXT    NOT NULL,
    status_code INTEGER NOT NULL,
    body        TEXT    NOT NULL,
    created_at  INTEGER NOT NULL
  ) STRICT`;

/** The statements a batch of puts runs, by name (in the writer thread, or on this connection). */
const statements = {
  // An expired entry under the same scope is replaced; a live one is kept.
  insert: `INSERT INTO idempotency_keys (scope, fingerprint, status_code, body, created_at)
     VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (scope) DO UPDATE SET
       fingerprint = excluded.fingerprint, status_code = excluded.status_code,
       body = excluded.body, created_at = excluded.created_at
     WHERE idempotency_keys.created_at <= excluded.created_at - ?`,
  purge: 'DELETE FROM idempotency_keys WHERE created_at <= ?',
} as const;

/** Expired answers are deleted with every this many puts. */
const PURGE_EVERY_PUTS = 500;

/**
 * Embedded profile: a small SQLite table under the data folder, synced on every commit.
 *
 * Group commit off the event loop: puts are gathered while the previous batch commits and then
 * committed together, in one transaction (synchronous=FULL, so one fsync for all of them), by a
 * SQLite writer thread with its own connection (@resale/events/sqlite-writer); each put resolves
 * only after its transaction committed, so an answer is durable before the request that gave it
 * is answered. Reads stay on this thread's connection (WAL: they never wait for the writer).
 * Should the thread fail, this connection writes the batches itself.
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
  let writeHere: ((steps: readonly Step[]) => void) | undefined;
  let puts = 0;

  /** A batch's statements: its puts, and the purge of expired answers when one is due. */
  const stepsOf = (batch: readonly PendingPut[]): Step[] => {
    const before = puts;
    puts += batch.length;
    const steps: Step[] = batch.map(({ scope, answer, at }) => ({
      statement: 'insert',
      params: [scope, answer.fingerprint, answer.statusCode, answer.body, at, ttlMs],
    }));
    if (Math.floor(puts / PURGE_EVERY_PUTS) > Math.floor(before / PURGE_EVERY_PUTS))
      steps.push({ statement: 'purge', params: [now() - ttlMs] });
    return steps;
  };

  let pending: PendingPut[] = [];
  /** The commit each scope put and not yet committed waits for. */
  const committing = new Map<string, Promise<void>>();
  let flushScheduled: NodeJS.Immediate | undefined;
  let closed = false;

  let worker: SqliteThread<'statements'> | undefined;
  let threadFailed = false;
  let batchInFlight = false;
  let idle: (() => void) | undefined;

  const settle = (batch: readonly PendingPut[], error?: Error): void => {
    for (const put of batch) {
      committing.delete(put.scope);
      if (error) put.reject(error);
      else put.resolve();
    }
  };

  const writeOnThisThread = (batch: readonly PendingPut[], steps: readonly Step[]): void => {
    writeHere ??= statementsCommitter(db, statements);
    try {
      writeHere(steps);
    } catch (error) {
      // Nothing of the batch is durable.
      settle(batch, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    settle(batch);
  };

  const startWorker = (): SqliteThread<'statements'> => {
    const started = startSqliteThread(
      {
        connection: {
          file,
          fileMustExist: false,
          pragmas: ['journal_mode = WAL', 'synchronous = FULL', 'busy_timeout = 5000'],
          requireDurable: false,
        },
        job: { kind: 'statements', statements },
      },
      {
        // This connection writes from now on (the batch the thread held, too: see send).
        onGone: () => {
          if (worker !== started) return;
          worker = undefined;
          threadFailed = true;
          if (!batchInFlight) send();
        },
      },
    );
    return started;
  };

  /** Hands what is pending to the writer, unless a batch is still committing. */
  const send = (): void => {
    if (batchInFlight) return;
    const batch = pending;
    pending = [];
    if (batch.length === 0) {
      idle?.();
      return;
    }
    const steps = stepsOf(batch);
    // Started with the first answer to keep: a process that only reads runs no thread.
    if (!worker && !threadFailed && !closed) worker = startWorker();
    if (closed || !worker) {
      if (!db.open) settle(batch, new Error('The idempotency store is closed'));
      else writeOnThisThread(batch, steps);
      idle?.();
      return;
    }
    batchInFlight = true;
    worker.request(steps).then(
      () => {
        batchInFlight = false;
        settle(batch);
        send();
      },
      (error: unknown) => {
        batchInFlight = false;
        // A batch the thread could not commit (SQLITE_BUSY, say) is tried once more here before
        // its commands are answered with an error. One the thread held when it ended may or may
        // not have committed: it is written again here (a put of a scope already stored changes
        // nothing), and this connection writes on.
        if (db.open) writeOnThisThread(batch, steps);
        else {
          const failed = error instanceof SqliteThreadError && error.outcome === 'failed';
          settle(batch, new Error(failed ? error.message : 'The idempotency store is closed'));
        }
        send();
      },
    );
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
      await stopping?.close();
      db.close();
    },
  };
}
