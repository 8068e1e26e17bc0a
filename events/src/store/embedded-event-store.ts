import Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { assertValidEvent } from '../catalog.ts';
import type { DomainEvent, EventMetadata, NewEvent, RecordedEvent } from '../envelope.ts';
import { assertAppendable, assertSequence } from './appendable.ts';
import {
  batchCommitter,
  durabilityProblems,
  type AppendRefusal,
  type CommitAppend,
  type CommitEntry,
  type CommitOutcome,
} from './embedded-commit.cjs';
import { isInsideHandlerOf, runAsHandlerOf } from './handler-scope.ts';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type IntegrityReport,
  type ReadAllOptions,
  type StreamAppend,
  type SubscribeOptions,
  type Subscription,
} from './port.ts';

export { durabilityProblems };

/*
 * The embedded event store: one SQLite file in WAL mode with synchronous=FULL, so a commit is on
 * disk (the WAL fsynced) before any append is acknowledged.
 *
 * Why readers never see a gap in global positions: positions are assigned inside the write
 * transaction, as max(position)+1, +2, ... read under the write lock that BEGIN IMMEDIATE takes,
 * so there is a single writer at any time (this instance's one connection; another process on the
 * same file waits for the lock). A reader, in this process or another, sees all of a committed
 * transaction or none of it, and a rolled-back transaction leaves no position behind, so the
 * committed positions are always exactly 1..N.
 *
 * Group commit: the appends arriving while the previous batch commits join one transaction. Each
 * append inside it is checked on its own (expected revision, unique event ids), a multi-event
 * append in a savepoint, so one failing append does not fail its neighbours; all of them are
 * acknowledged only after the transaction committed (embedded-commit.cjs).
 *
 * The transaction runs in a writer thread with its own connection, so that its inserts and its
 * fsync do not hold the event loop (they were about a fifth of the gateway's CPU per booking).
 * Reads stay on this thread's connection: WAL readers never wait for the writer, and a commit is
 * visible to them once the thread has answered, before any append of it is acknowledged or any
 * subscriber woken. Should the thread be unavailable, this connection commits the batches itself.
 */

export interface EmbeddedEventStoreOptions {
  /** Path of the SQLite file; created when missing. */
  readonly file: string;
  /**
   * How often a live subscription looks for commits made by other processes on the same file.
   * Commits of this instance wake subscribers at once.
   */
  readonly pollIntervalMs?: number;
  /**
   * Commit in a writer thread (the default) or on this thread's connection, which is also what
   * the store falls back to when no thread can run.
   */
  readonly writerThread?: boolean;
}

const schema = `
  CREATE TABLE IF NOT EXISTS events (
    position       INTEGER PRIMARY KEY,
    stream_id      TEXT    NOT NULL,
    revision       INTEGER NOT NULL,
    event_id       TEXT    NOT NULL UNIQUE,
    type           TEXT    NOT NULL,
    schema_version INTEGER NOT NULL,
    data           TEXT    NOT NULL,
    metadata       TEXT    NOT NULL,
    recorded_at    TEXT    NOT NULL,
    UNIQUE (stream_id, revision)
  ) STRICT;
`;

type EventRow = [
  position: number,
  streamId: string,
  revision: number,
  eventId: string,
  type: string,
  schemaVersion: number,
  data: string,
  metadata: string,
  recordedAt: string,
];

/**
 * Page cache of the store's own connection, in KiB (negative: SQLite's unit for a size): SQLite's
 * default, not better-sqlite3's 16 MB. The connection reads (it commits only where no writer
 * thread runs), and every commit of the writer thread empties its cache (a WAL reader drops its
 * pages once another connection changed the file), so a larger one serves nothing while appends
 * run. It only kept a catch-up read of the whole log: about 10 MiB of RSS per store handle (the
 * gateway and its projection thread have one each), held after the catch-up.
 */
const readerCacheSize = -2000;

const columns =
  'position, stream_id, revision, event_id, type, schema_version, data, metadata, recorded_at';

/** An append, or a sequence of appends, waiting for its batch: one entry of the transaction. */
type PendingAppend =
  | {
      readonly kind: 'one';
      readonly entry: CommitAppend;
      readonly resolve: (result: AppendResult) => void;
      readonly reject: (error: Error) => void;
    }
  | {
      readonly kind: 'sequence';
      readonly entry: { readonly sequence: readonly CommitAppend[] };
      readonly resolve: (results: AppendResult[]) => void;
      readonly reject: (error: Error) => void;
    };

/** The streams of a pending append, for the errors that name them. */
const streamsOf = (append: PendingAppend): string =>
  append.kind === 'sequence'
    ? append.entry.sequence.map((part) => part.streamId).join(', ')
    : append.entry.streamId;

/** A batch the writer thread holds, with the id its answer carries. */
interface BatchInFlight {
  readonly id: number;
  readonly appends: readonly PendingAppend[];
}

type WriterAnswer =
  | { readonly ready: true }
  | { readonly id: number; readonly outcomes: CommitOutcome[] }
  | { readonly id: number; readonly failure: string };

/** Thrown when the database cannot be made durable (WAL + synchronous=FULL). */
export class EventStoreNotDurableError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Refusing to open event store ${file}: ${problems.join('; ')}`);
    this.name = 'EventStoreNotDurableError';
  }
}

/** The event id is already in the log (an append retried after it was acknowledged, say). */
export class DuplicateEventIdError extends Error {
  constructor(readonly streamId: string) {
    super(`An event id of this append to ${streamId} is already recorded`);
    this.name = 'DuplicateEventIdError';
  }
}

/** The writer thread died holding a batch: whether the batch committed is not known here. */
export class AppendOutcomeUnknownError extends Error {
  constructor(readonly streamId: string) {
    super(
      `The event store's writer stopped while appending to ${streamId}: the append may or may not be recorded (appending the same event ids again is safe)`,
    );
    this.name = 'AppendOutcomeUnknownError';
  }
}

/** The message loop the store's threads share (plain CommonJS, as their sources). */
export const sqliteThreadModule = createRequire(import.meta.url).resolve('./sqlite-thread.cjs');

// The writer thread: its own connection (WAL, synchronous=FULL, checked), one transaction per
// batch, answered once committed. Plain CommonJS, so that it runs without a TypeScript loader.
const writerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const { batchCommitter, durabilityProblems } = require(workerData.commit);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = FULL');
// The store's BackgroundCheckpoints copy the WAL in yet another thread; this connection's own
// checkpoint (inside a commit, delaying the appends behind it) is only the backstop.
db.pragma('wal_autocheckpoint = 10000');
const problems = durabilityProblems(db);
if (problems.length > 0) throw new Error('writer connection not durable: ' + problems.join('; '));
const commit = batchCommitter(db);
parentPort.postMessage({ ready: true });
require(workerData.thread).serveMessages(
  parentPort,
  db,
  (message) => ({ id: message.id, outcomes: commit(message.batch) }),
  (message, failure) => ({ id: message.id, failure }),
);
`;

// The checkpointing thread: its own connection to the file, copying the WAL into the database
// (and syncing it) when asked. Plain CommonJS, so that it runs without a TypeScript loader.
const checkpointerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = FULL');
require(workerData.thread).serveMessages(
  parentPort,
  db,
  () => {
    db.pragma('wal_checkpoint(PASSIVE)');
    return 'done';
  },
  (_message, failure) => failure,
);
`;

export interface BackgroundCheckpointsOptions {
  /** Commits before the thread starts: a database written a few times keeps SQLite's own. */
  readonly startAfterCommits?: number;
  /** The least time between two checkpoints, so that a page written often is copied once. */
  readonly minIntervalMs?: number;
}

/**
 * Moves the WAL checkpoints of a database written on the event loop to a worker thread.
 *
 * SQLite checkpoints in the connection that commits once the WAL holds 1,000 pages: it copies them
 * into the database file and syncs it, synchronously, which for a file written at random places
 * (UUID keys) costs several times the commit itself, on the event loop. Here the committing
 * connection only nudges a thread after its commits, and that thread's connection checkpoints
 * PASSIVE (never waiting for, nor blocking, readers and writers). Durability does not change: a
 * commit is on disk once its WAL frames are synced, as before. Should the thread be slow or gone,
 * the connection's own checkpoint still runs, at 10,000 pages.
 */
export class BackgroundCheckpoints {
  private worker: Worker | undefined;
  private commits = 0;
  private inFlight = false;
  private lastDone = 0;
  private closed = false;
  private readonly startAfterCommits: number;
  private readonly minIntervalMs: number;

  constructor(
    private readonly db: Database.Database,
    private readonly file: string,
    options: BackgroundCheckpointsOptions = {},
  ) {
    this.startAfterCommits = options.startAfterCommits ?? 100;
    this.minIntervalMs = options.minIntervalMs ?? 500;
  }

  /** Call after each commit of `db`. Never throws: the commit it follows is done either way. */
  committed(): void {
    if (this.closed) return;
    if (!this.worker) {
      if (++this.commits < this.startAfterCommits || this.commits > this.startAfterCommits) return;
      try {
        this.start();
      } catch {
        // No thread (none can be created): SQLite's own checkpoints in the connection stay on.
        return;
      }
    }
    const worker = this.worker;
    if (!worker || this.inFlight || performance.now() - this.lastDone < this.minIntervalMs) return;
    this.inFlight = true;
    worker.postMessage('checkpoint');
  }

  private start(): void {
    const worker = new Worker(checkpointerSource, {
      eval: true,
      workerData: {
        file: this.file,
        sqlite: createRequire(import.meta.url).resolve('better-sqlite3'),
        thread: sqliteThreadModule,
      },
    });
    worker.unref();
    worker.on('message', () => {
      this.inFlight = false;
      this.lastDone = performance.now();
    });
    const giveUp = (): void => {
      // Back to SQLite's own checkpoints in the committing connection.
      if (this.worker !== worker) return;
      this.worker = undefined;
      if (this.db.open) this.db.pragma('wal_autocheckpoint = 1000');
    };
    worker.on('error', giveUp);
    worker.on('exit', giveUp);
    this.worker = worker;
    this.db.pragma('wal_autocheckpoint = 10000');
  }

  /** Stops the thread; call before closing `db`. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.ref();
    worker.postMessage('close');
    await exited;
  }
}

export function openEmbeddedEventStore(options: EmbeddedEventStoreOptions): EmbeddedEventStore {
  return new EmbeddedEventStore(options);
}

export class EmbeddedEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly pollIntervalMs: number;
  private pending: PendingAppend[] = [];
  private flushScheduled: NodeJS.Immediate | undefined;
  /** Set by close(): no append is accepted any more. */
  private closing: Promise<void> | undefined;
  /** Set once the file is about to close: nothing is read any more either. */
  private closed = false;
  private readonly commitListeners = new Set<() => void>();
  private readonly subscriptions = new Set<EmbeddedSubscription>();
  private readonly checkpoints: BackgroundCheckpoints;

  private readonly selectHead: Database.Statement<[], number>;
  private readonly selectPage: Database.Statement<[number, number], EventRow>;
  private readonly selectStream: Database.Statement<[string], EventRow>;

  private readonly file: string;
  private writer: Worker | undefined;
  /** This connection commits: chosen (writerThread: false), or the thread could not run. */
  private commitsHere = false;
  private batchInFlight: BatchInFlight | undefined;
  private nextBatchId = 0;
  /** Called once nothing is pending or in flight (close waits for it). */
  private idle: (() => void) | undefined;
  /** This connection's committer, made when the writer thread is unavailable. */
  private committer: ((batch: readonly CommitEntry[]) => CommitOutcome[]) | undefined;

  constructor(options: EmbeddedEventStoreOptions) {
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    const db = new Database(options.file);
    try {
      // Other processes (an operator's script, a crash test) may hold the write lock briefly.
      db.pragma('busy_timeout = 5000');
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.pragma(`cache_size = ${readerCacheSize}`);
      const problems = durabilityProblems(db);
      if (problems.length > 0) throw new EventStoreNotDurableError(options.file, problems);
      db.exec(schema);
    } catch (error) {
      db.close();
      throw error;
    }
    this.db = db;
    this.file = options.file;
    this.commitsHere = options.writerThread === false;
    this.checkpoints = new BackgroundCheckpoints(db, options.file);

    this.selectHead = db
      .prepare<[], number>('SELECT coalesce(max(position), 0) FROM events')
      .pluck();
    this.selectPage = db
      .prepare<[number, number], EventRow>(
        `SELECT ${columns} FROM events WHERE position > ? ORDER BY position LIMIT ?`,
      )
      .raw(true);
    this.selectStream = db
      .prepare<[string], EventRow>(
        `SELECT ${columns} FROM events WHERE stream_id = ? ORDER BY revision`,
      )
      .raw(true);
  }

  append<E extends DomainEvent>(
    streamId: string,
    events: readonly NewEvent<E>[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    try {
      if (this.closing) throw new Error('The event store is closed');
      assertAppendable(streamId, events, options.expectedRevision);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const entry = toCommitAppend({ streamId, events, expectedRevision: options.expectedRevision });
    return new Promise<AppendResult>((resolve, reject) =>
      this.enqueue({ kind: 'one', entry, resolve, reject }),
    );
  }

  /** One entry of a batch: one transaction's savepoint, all or none (see the port). */
  appendSequence(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    try {
      if (this.closing) throw new Error('The event store is closed');
      assertSequence(appends);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const entry = { sequence: appends.map(toCommitAppend) };
    return new Promise<AppendResult[]>((resolve, reject) =>
      this.enqueue({ kind: 'sequence', entry, resolve, reject }),
    );
  }

  private enqueue(append: PendingAppend): void {
    this.pending.push(append);
    this.flushScheduled ??= setImmediate(() => {
      this.flushScheduled = undefined;
      this.send();
    });
  }

  /** Hands what is pending to the writer thread, unless a batch is still committing there. */
  private send(): void {
    if (this.batchInFlight) return;
    const appends = this.pending;
    this.pending = [];
    if (appends.length === 0) {
      this.idle?.();
      return;
    }
    // Started with the first append: a process that only reads (replay, audit) runs no thread.
    if (!this.writer && !this.commitsHere) this.writer = this.startWriter();
    const writer = this.writer;
    if (!writer) {
      this.commitOnThisThread(appends);
      this.idle?.();
      return;
    }
    this.batchInFlight = { id: this.nextBatchId++, appends };
    writer.ref();
    writer.postMessage({ id: this.batchInFlight.id, batch: appends.map(({ entry }) => entry) });
  }

  private startWriter(): Worker | undefined {
    let started: Worker;
    try {
      started = new Worker(writerSource, {
        eval: true,
        workerData: {
          file: this.file,
          sqlite: createRequire(import.meta.url).resolve('better-sqlite3'),
          commit: createRequire(import.meta.url).resolve('./embedded-commit.cjs'),
          thread: sqliteThreadModule,
        },
      });
    } catch (error) {
      this.commitsHere = true;
      warnCommittingHere(error);
      return undefined;
    }
    started.unref();
    // Until the thread has opened its connection, a batch it holds has certainly not committed.
    let ready = false;
    started.on('message', (answer: WriterAnswer) => {
      if ('ready' in answer) {
        ready = true;
        return;
      }
      const batch = this.batchInFlight;
      if (!batch || batch.id !== answer.id) return;
      this.batchInFlight = undefined;
      // Kept alive only while a batch commits: an idle store does not hold the process open.
      started.unref();
      if ('failure' in answer) {
        // The transaction failed as a whole (disk full, I/O, busy): nothing of it is durable.
        const failure = new Error(answer.failure);
        for (const append of batch.appends) append.reject(failure);
      } else this.answerCommitted(batch.appends, answer.outcomes);
      this.send();
    });
    const gone = (error?: unknown): void => {
      if (this.writer !== started) return;
      this.writer = undefined;
      this.commitsHere = true;
      warnCommittingHere(error);
      // This connection commits from now on. A batch the thread held once it was ready may or
      // may not be on disk: its appends are answered as such, never committed twice.
      const batch = this.batchInFlight;
      this.batchInFlight = undefined;
      if (batch && !ready) this.pending.unshift(...batch.appends);
      else
        for (const append of batch?.appends ?? [])
          append.reject(new AppendOutcomeUnknownError(streamsOf(append)));
      this.send();
    };
    started.on('error', gone);
    started.on('exit', () => gone());
    return started;
  }

  /** Whether appends commit in the writer thread now (false before the first append). */
  get commitsInWriterThread(): boolean {
    return this.writer !== undefined;
  }

  private commitOnThisThread(appends: readonly PendingAppend[]): void {
    let outcomes: CommitOutcome[];
    try {
      this.committer ??= batchCommitter(this.db);
      outcomes = this.committer(appends.map(({ entry }) => entry));
    } catch (error) {
      // The transaction itself failed (disk full, I/O error): nothing of the batch is durable.
      const failure = error instanceof Error ? error : new Error(String(error));
      for (const append of appends) append.reject(failure);
      return;
    }
    this.answerCommitted(appends, outcomes);
  }

  /** Answers each append of a committed batch, then wakes the subscribers. */
  private answerCommitted(
    appends: readonly PendingAppend[],
    outcomes: readonly CommitOutcome[],
  ): void {
    this.checkpoints.committed();
    appends.forEach((append, index) => {
      const outcome = outcomes[index];
      const ok = outcome && 'ok' in outcome ? outcome.ok : undefined;
      if (outcome && 'refused' in outcome)
        append.reject(refusalError(outcome.refused, outcome.streamId));
      else if (append.kind === 'one' && ok && !Array.isArray(ok)) append.resolve(ok);
      else if (append.kind === 'sequence' && Array.isArray(ok)) append.resolve(ok);
      else append.reject(new Error(`The commit of ${streamsOf(append)} answered nothing`));
    });
    for (const listener of this.commitListeners) listener();
  }

  readStream(streamId: string): Promise<RecordedEvent[]> {
    return settle(() => this.readStreamNow(streamId));
  }

  readAll({ after, limit }: ReadAllOptions): Promise<RecordedEvent[]> {
    return settle(() => this.readAllNow(after, limit));
  }

  headPosition(): Promise<number> {
    return settle(() => {
      this.assertOpen();
      return this.selectHead.get() ?? 0;
    });
  }

  readStreamNow(streamId: string): RecordedEvent[] {
    this.assertOpen();
    return this.selectStream.all(streamId).map(toRecordedEvent);
  }

  /** The same page as readAll, synchronously: what subscriptions read with. */
  readAllNow(after: number, limit: number): RecordedEvent[] {
    this.assertOpen();
    return this.selectPage.all(after, limit).map(toRecordedEvent);
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    if (this.closing) throw new Error('The event store is closed');
    const subscription = new EmbeddedSubscription(this, options);
    this.subscriptions.add(subscription);
    void subscription.done.then(() => this.subscriptions.delete(subscription));
    return subscription;
  }

  /**
   * Wakes this handle's subscriptions for commits another connection made, which they would
   * otherwise find at their next poll: a process whose other thread appends tells this one.
   */
  noticeCommitsElsewhere(): void {
    for (const listener of this.commitListeners) listener();
  }

  /** Resolves after the next commit of this instance, or after the poll interval. */
  waitForCommit(): { promise: Promise<void>; cancel: () => void } {
    let cancel = (): void => {};
    const promise = new Promise<void>((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.commitListeners.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, this.pollIntervalMs);
      this.commitListeners.add(wake);
      cancel = wake;
    });
    return { promise, cancel };
  }

  /** SQLite's own integrity check, then the log's invariants: positions 1..N, revisions 0..n-1. */
  integrityCheck(): IntegrityReport {
    this.assertOpen();
    const problems: string[] = [];
    const sqlite = this.db.prepare<[], string>('PRAGMA integrity_check').pluck().all();
    if (!(sqlite.length === 1 && sqlite[0] === 'ok'))
      problems.push(...sqlite.map((p) => `sqlite: ${p}`));
    const positions = this.db
      .prepare<[], { count: number; first: number | null; last: number | null }>(
        'SELECT count(*) AS count, min(position) AS first, max(position) AS last FROM events',
      )
      .get();
    if (
      positions &&
      positions.count > 0 &&
      (positions.first !== 1 || positions.last !== positions.count)
    )
      problems.push(
        `positions are not 1..${positions.count}: they run from ${positions.first} to ${positions.last}`,
      );
    const streams = this.db
      .prepare<[], { streamId: string; count: number; first: number; last: number }>(
        `SELECT stream_id AS streamId, count(*) AS count, min(revision) AS first, max(revision) AS last
           FROM events GROUP BY stream_id HAVING first <> 0 OR last <> count - 1 LIMIT 20`,
      )
      .all();
    for (const s of streams)
      problems.push(
        `stream ${s.streamId}: ${s.count} events with revisions ${s.first}..${s.last}, not 0..${s.count - 1}`,
      );
    return { ok: problems.length === 0, problems };
  }

  close(): Promise<void> {
    this.closing ??= this.closeNow();
    return this.closing;
  }

  /**
   * New appends are refused from the start; reads go on until the end, for whoever the last
   * commits wake (subscribers, callers of those appends).
   */
  private async closeNow(): Promise<void> {
    // Appends already accepted are committed (or refused) before the file closes.
    if (this.flushScheduled) {
      clearImmediate(this.flushScheduled);
      this.flushScheduled = undefined;
    }
    if (this.batchInFlight || this.pending.length > 0) {
      const drained = new Promise<void>((resolve) => (this.idle = resolve));
      this.send();
      await drained;
    }
    const writer = this.writer;
    this.writer = undefined;
    if (writer) {
      const exited = new Promise<void>((resolve) => writer.once('exit', () => resolve()));
      // Held open until it has closed its connection, or the process could end first.
      writer.ref();
      writer.postMessage({ type: 'close' });
      await exited;
    }
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    this.closed = true;
    await this.checkpoints.close();
    this.db.close();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The event store is closed');
  }
}

function settle<T>(read: () => T): Promise<T> {
  try {
    return Promise.resolve(read());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** Committing on the event loop works, but slower: say so once, where operators look. */
function warnCommittingHere(cause: unknown): void {
  process.emitWarning(
    `The event store's writer thread is unavailable (${cause instanceof Error ? cause.message : 'it stopped'}): appends commit on the event loop`,
    { code: 'RESALE_EVENT_STORE_WRITER' },
  );
}

/** An append as the committing side takes it: its events serialized. */
const toCommitAppend = ({ streamId, events, expectedRevision }: StreamAppend): CommitAppend => ({
  streamId,
  events: events.map(({ eventId, event, metadata }) => ({
    eventId,
    type: event.type,
    schemaVersion: event.schemaVersion,
    data: JSON.stringify(event.data),
    metadata: JSON.stringify(metadata),
  })),
  expectedRevision,
});

function refusalError(refusal: AppendRefusal, streamId: string): Error {
  switch (refusal.kind) {
    case 'wrong-revision':
      return new WrongExpectedRevisionError(streamId, refusal.expected, refusal.current);
    case 'duplicate-event-id':
      return new DuplicateEventIdError(streamId);
    case 'failed':
      return new Error(refusal.message);
  }
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  const [position, streamId, revision, eventId, type, schemaVersion, data, metadata, recordedAt] =
    row;
  const parsedData: unknown = JSON.parse(data);
  const parsedMetadata: unknown = JSON.parse(metadata);
  assertValidEvent(type, schemaVersion, parsedData, parsedMetadata);
  return {
    eventId,
    streamId,
    revision,
    position,
    type,
    schemaVersion,
    data: parsedData as object,
    metadata: parsedMetadata as EventMetadata,
    recordedAt,
  };
}

const catchUpPageSize = 500;

/** Reads the table from `after` page by page; once at the head, waits for the next commit. */
class EmbeddedSubscription implements Subscription {
  readonly done: Promise<void>;
  private stopped = false;
  private wakeUp: (() => void) | undefined;

  constructor(
    private readonly store: EmbeddedEventStore,
    private readonly options: SubscribeOptions,
  ) {
    // Deliver from the next microtask on: never before subscribeToAll has returned.
    this.done = Promise.resolve().then(() => this.run());
  }

  private async run(): Promise<void> {
    let cursor = this.options.after;
    try {
      while (!this.stopped) {
        const page = this.store.readAllNow(cursor, catchUpPageSize);
        if (page.length === 0) {
          // Nothing can commit between the empty read and this registration: both are synchronous.
          const { promise, cancel } = this.store.waitForCommit();
          this.wakeUp = cancel;
          await promise;
          this.wakeUp = undefined;
          continue;
        }
        for (const event of page) {
          if (this.stopped) return;
          await runAsHandlerOf(this, () => this.options.onEvent(event));
          cursor = event.position;
        }
      }
    } catch (error) {
      if (this.stopped) return;
      this.stopped = true;
      const failure = error instanceof Error ? error : new Error(String(error));
      if (this.options.onError) this.options.onError(failure);
      // Nobody listens: fail loudly rather than stop delivering in silence.
      else void Promise.reject(failure);
    }
  }

  close(): Promise<void> {
    this.stopped = true;
    this.wakeUp?.();
    // From inside its own handler, waiting for the handler to end would never resolve.
    return isInsideHandlerOf(this) ? Promise.resolve() : this.done;
  }
}
