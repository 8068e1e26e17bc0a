import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  SqliteThreadError,
  startSqliteThread,
  statementsCommitter,
  truncateWal,
  type SqliteThread,
  type Step,
} from '@resale/events/sqlite-writer';
import { IDEMPOTENCY_TTL_MS, type IdempotencyStore, type StoredAnswer } from './port.ts';
import { workerThreadNames } from '../thread-names.ts';

/** A write waiting for its batch: an answer to keep, or the answers of a user to forget. */
type PendingWrite = (
  | {
      readonly kind: 'put';
      readonly scope: string;
      readonly answer: StoredAnswer;
      readonly at: number;
    }
  | { readonly kind: 'forget'; readonly owner: string }
) & {
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
};

// `owner` came after the table: a file made before gets the column (null: no owner) on open.
const schema = `CREATE TABLE IF NOT EXISTS idempotency_keys (
    scope       TEXT    PRIMARY KEY,
    fingerprint TEXT    NOT NULL,
    status_code INTEGER NOT NULL,
    body        TEXT    NOT NULL,
    created_at  INTEGER NOT NULL,
    owner       TEXT
  ) STRICT`;
const ownerIndex = `CREATE INDEX IF NOT EXISTS idempotency_keys_by_owner ON idempotency_keys (owner)
  WHERE owner IS NOT NULL`;
// The purge of expired answers reads only them: without it, each purge read the whole table.
const creationIndex = `CREATE INDEX IF NOT EXISTS idempotency_keys_by_creation
  ON idempotency_keys (created_at)`;

/**
 * Every connection that writes the file overwrites what it deletes with zeros, so a forgotten
 * answer leaves no byte in the file (the WAL is emptied after a forget: see purgeWal).
 */
const pragmas = [
  'journal_mode = WAL',
  'synchronous = FULL',
  'busy_timeout = 5000',
  'secure_delete = ON',
] as const;

/** The statements a batch of puts runs, by name (in the writer thread, or on this connection). */
const statements = {
  // An expired entry under the same scope is replaced; a live one is kept.
  insert: `INSERT INTO idempotency_keys (scope, fingerprint, status_code, body, created_at, owner)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (scope) DO UPDATE SET
       fingerprint = excluded.fingerprint, status_code = excluded.status_code,
       body = excluded.body, created_at = excluded.created_at, owner = excluded.owner
     WHERE idempotency_keys.created_at <= excluded.created_at - ?`,
  purge: 'DELETE FROM idempotency_keys WHERE created_at <= ?',
  forget: 'DELETE FROM idempotency_keys WHERE owner = ?',
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
 *
 * Forgetting a user's answers goes through the same batches, so the puts accepted before it are
 * committed before their delete; once that batch committed, the WAL (which still holds the pages
 * as they were) is copied into the file and emptied before any other batch is written.
 */
export function openSqliteIdempotencyStore(
  dataDir: string,
  ttlMs = IDEMPOTENCY_TTL_MS,
  now: () => number = Date.now,
): IdempotencyStore {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'idempotency.sqlite');
  const db = new Database(file);
  for (const pragma of pragmas) db.pragma(pragma);
  db.exec(schema);
  const columns = db.pragma('table_info(idempotency_keys)') as { name: string }[];
  if (!columns.some((column) => column.name === 'owner'))
    db.exec('ALTER TABLE idempotency_keys ADD COLUMN owner TEXT');
  db.exec(ownerIndex);
  db.exec(creationIndex);
  const select = db.prepare<
    [string, number],
    { fingerprint: string; status_code: number; body: string; owner: string | null }
  >(
    `SELECT fingerprint, status_code, body, owner FROM idempotency_keys
     WHERE scope = ? AND created_at > ?`,
  );
  let writeHere: ((steps: readonly Step[]) => void) | undefined;
  let puts = 0;

  /**
   * Empties the WAL, which still holds the pages as they were before a forget deleted answers.
   * Called between batches, so this process's writer holds no lock; another reader may.
   */
  const purgeWal = async (): Promise<void> => {
    if (!(await truncateWal(db)))
      throw new Error(`Could not empty the write-ahead log of ${file}: readers held it`);
  };

  /** A batch's statements: its writes, and the purge of expired answers when one is due. */
  const stepsOf = (batch: readonly PendingWrite[]): Step[] => {
    const before = puts;
    const steps: Step[] = [];
    for (const write of batch) {
      if (write.kind === 'forget') {
        steps.push({ statement: 'forget', params: [write.owner] });
        continue;
      }
      const { scope, answer, at } = write;
      puts += 1;
      steps.push({
        statement: 'insert',
        params: [
          scope,
          answer.fingerprint,
          answer.statusCode,
          answer.body,
          at,
          answer.owner,
          ttlMs,
        ],
      });
    }
    if (Math.floor(puts / PURGE_EVERY_PUTS) > Math.floor(before / PURGE_EVERY_PUTS))
      steps.push({ statement: 'purge', params: [now() - ttlMs] });
    return steps;
  };

  let pending: PendingWrite[] = [];
  /** The commit each scope put and not yet committed waits for. */
  const committing = new Map<string, Promise<void>>();
  let flushScheduled: NodeJS.Immediate | undefined;
  let closed = false;

  let worker: SqliteThread<'statements'> | undefined;
  let threadFailed = false;
  let batchInFlight = false;
  let idle: (() => void) | undefined;

  const settle = (writes: readonly PendingWrite[], error?: Error): void => {
    for (const write of writes) {
      if (write.kind === 'put') committing.delete(write.scope);
      if (error) write.reject(error);
      else write.resolve();
    }
  };

  /**
   * Answers the writes of a batch (an error: nothing of it is durable), then sends the next one.
   * A batch that forgot answers empties the WAL first: its forgets are answered once it is empty.
   */
  const finish = (batch: readonly PendingWrite[], error?: Error): void => {
    const forgets = error ? [] : batch.filter((write) => write.kind === 'forget');
    if (forgets.length === 0) {
      settle(batch, error);
      batchInFlight = false;
      send();
      return;
    }
    settle(batch.filter((write) => write.kind === 'put'));
    void purgeWal()
      .then(
        () => settle(forgets),
        (purgeError: unknown) => settle(forgets, asError(purgeError)),
      )
      .finally(() => {
        batchInFlight = false;
        send();
      });
  };

  const commitHere = (batch: readonly PendingWrite[], steps: readonly Step[]): void => {
    writeHere ??= statementsCommitter(db, statements);
    try {
      writeHere(steps);
    } catch (error) {
      finish(batch, asError(error));
      return;
    }
    finish(batch);
  };

  const startWorker = (): SqliteThread<'statements'> => {
    const started = startSqliteThread(
      {
        connection: { file, fileMustExist: false, pragmas, requireDurable: false },
        job: { kind: 'statements', statements },
      },
      {
        name: workerThreadNames.idempotency,
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
    batchInFlight = true;
    if (closed || !worker) {
      if (db.open) commitHere(batch, steps);
      else finish(batch, new Error('The idempotency store is closed'));
      return;
    }
    worker.request(steps).then(
      () => finish(batch),
      (error: unknown) => {
        // A batch the thread could not commit (SQLITE_BUSY, say) is tried once more here before
        // its commands are answered with an error. One the thread held when it ended may or may
        // not have committed: it is written again here (a put of a scope already stored changes
        // nothing, nor does a forget done twice), and this connection writes on.
        if (db.open) commitHere(batch, steps);
        else {
          const failed = error instanceof SqliteThreadError && error.outcome === 'failed';
          finish(batch, new Error(failed ? error.message : 'The idempotency store is closed'));
        }
      },
    );
  };

  /** Writes accepted in the same turn of the event loop are committed together. */
  const accept = (write: PendingWrite): void => {
    pending.push(write);
    flushScheduled ??= setImmediate(() => {
      flushScheduled = undefined;
      send();
    });
  };

  return {
    get(scope) {
      const read = (): StoredAnswer | null => {
        const row = select.get(scope, now() - ttlMs);
        return row
          ? {
              fingerprint: row.fingerprint,
              statusCode: row.status_code,
              body: row.body,
              owner: row.owner,
            }
          : null;
      };
      // A put of this scope still committing: answer from the file once it is there.
      const putting = committing.get(scope);
      if (putting) return putting.then(read, read);
      try {
        return Promise.resolve(read());
      } catch (error) {
        return Promise.reject(asError(error));
      }
    },
    put(scope, answer) {
      if (closed) return Promise.reject(new Error('The idempotency store is closed'));
      let write!: PendingWrite;
      const done = new Promise<void>((resolve, reject) => {
        write = { kind: 'put', scope, answer, at: now(), resolve, reject };
      });
      if (!committing.has(scope)) committing.set(scope, done);
      accept(write);
      return done;
    },
    forgetAnswersOf(ownerUid) {
      if (closed) return Promise.reject(new Error('The idempotency store is closed'));
      return new Promise<void>((resolve, reject) => {
        accept({ kind: 'forget', owner: ownerUid, resolve, reject });
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      if (flushScheduled) {
        clearImmediate(flushScheduled);
        flushScheduled = undefined;
      }
      // Writes already accepted are committed (or refused) before the file closes.
      await new Promise<void>((resolve) => {
        idle = resolve;
        send();
      });
      const stopping = worker;
      worker = undefined;
      await stopping?.close();
      db.close();
    },
  };
}

const asError = (error: unknown): Error =>
  error instanceof Error ? error : new Error(String(error));
