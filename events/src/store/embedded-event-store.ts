import type Database from 'better-sqlite3';
import type { DomainEvent, NewEvent, RecordedEvent } from '../envelope.ts';
import { sealPersonalData } from '../personal-data/sealing.ts';
import { SqlitePersonalDataKeys } from '../personal-data/sqlite-key-store.ts';
import { startSqliteThread, type SqliteThread } from '../sqlite-writer/sqlite-thread.ts';
import { assertAppendable, assertSequence } from './appendable.ts';
import { BackgroundCheckpoints } from './background-checkpoints.ts';
import { GroupCommit, toCommitAppend, type StoredForm } from './embedded-group-commit.ts';
import {
  checkIntegrity,
  openLogConnection,
  prepareReads,
  readerCacheSize,
  type LogReads,
} from './embedded-schema.ts';
import { sealEventsStoredInClear } from './embedded-personal-data.ts';
import { recordedEventReader } from './log-reads.ts';
import { CommitSignal, EmbeddedSubscription } from './embedded-subscription.ts';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  IntegrityReport,
  ReadAllOptions,
  StreamAppend,
  SubscribeOptions,
  Subscription,
} from './port.ts';

export { durabilityProblems } from '../sqlite-writer/connection.ts';
export {
  BackgroundCheckpoints,
  leftToCheckpointThread,
  type BackgroundCheckpointsOptions,
} from './background-checkpoints.ts';
export { AppendOutcomeUnknownError, DuplicateEventIdError } from './embedded-group-commit.ts';
export { EventStoreNotDurableError } from './embedded-schema.ts';

/*
 * The embedded event store: one SQLite file in WAL mode with synchronous=FULL, so a commit is on
 * disk (the WAL fsynced) before any append is acknowledged. Its parts, by concept:
 * - embedded-schema.ts: the table, the store's own connection, the log's invariants;
 * - embedded-group-commit.ts (and embedded-commit.ts): appends committed in batches, in a writer
 *   thread, each acknowledged after its transaction committed;
 * - embedded-subscription.ts: subscriptions, woken by this instance's commits, polling for others';
 * - background-checkpoints.ts: the WAL copied into the database file by a thread;
 * - log-reads.ts: rows read as events, on the store's connection or in its reader thread
 *   (log-reads-thread.ts), which a replay's store reads pages ahead in;
 * - personal data is sealed on append and opened on read with the keys of the file's own table
 *   (../personal-data, embedded-personal-data.ts for logs written before sealing).
 *
 * Why readers never see a gap in global positions: positions are assigned inside the write
 * transaction, as max(position)+1, +2, ... read under the write lock that BEGIN IMMEDIATE takes,
 * so there is a single writer at any time (this instance's writer; another process on the same
 * file waits for the lock). A reader, in this process or another, sees all of a committed
 * transaction or none of it, and a rolled-back transaction leaves no position behind, so the
 * committed positions are always exactly 1..N.
 *
 * Reads stay on this thread's connection, or the reader thread's: WAL readers never wait for the
 * writer.
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
  /**
   * Read pages of the global log (`readAll`) in a thread of their own, with their personal data
   * opened there, so that a process that works on each page while the next is read (a replay)
   * does both at once. Off by default: a thread holds memory of its own, and a service reads the
   * log through its subscriptions. A page the thread does not answer is read on the store's own
   * connection.
   */
  readonly readerThread?: boolean;
  /**
   * Read streams (`readStream`) in that thread too, with their personal data opened there, so
   * that a process deciding commands (the gateway) reads and opens each command's stream off its
   * event loop, which answers other requests meanwhile. Off by default, for the thread's memory.
   * The streams asked for in one turn of the event loop are read in one request, in one
   * transaction. A stream the thread does not answer is read on the store's own connection.
   */
  readonly streamReadsInThread?: boolean;
}

/** Pages the reader thread reads ahead of readAll. */
const pagesReadAhead = 4;

export function openEmbeddedEventStore(options: EmbeddedEventStoreOptions): EmbeddedEventStore {
  return new EmbeddedEventStore(options);
}

export class EmbeddedEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly reads: LogReads;
  private readonly groupCommit: GroupCommit;
  private readonly commits: CommitSignal;
  private readonly subscriptions = new Set<EmbeddedSubscription>();
  private readonly checkpoints: BackgroundCheckpoints;
  private readonly keys: SqlitePersonalDataKeys;
  /**
   * Where readAll (options.readerThread) and readStream (options.streamReadsInThread) read, once
   * asked for; null when it cannot.
   */
  private reader: SqliteThread<'log-reads'> | null | undefined;
  /** Streams asked of readStream for the next request to the reader thread. */
  private readonly streamsToRead: {
    readonly streamId: string;
    /** Null: the thread did not answer it. */
    readonly answer: (events: RecordedEvent[] | null) => void;
  }[] = [];
  private readonly pagesInThread: boolean;
  private readonly streamsInThread: boolean;
  /** Pages asked of the reader thread before readAll asked for them, by the position they follow. */
  private readonly pagesAhead = new Map<
    number,
    {
      readonly limit: number;
      /** The erasures recorded when it was asked for (erasuresRecorded). */
      readonly erasures: number;
      readonly page: Promise<RecordedEvent[] | null>;
    }
  >();
  private readonly file: string;
  /** Set by close(): no append is accepted any more. */
  private closing: Promise<void> | undefined;
  /** Set once the file is about to close: nothing is read any more either. */
  private closed = false;

  constructor(options: EmbeddedEventStoreOptions) {
    const db = openLogConnection(options.file);
    this.db = db;
    this.file = options.file;
    this.pagesInThread = options.readerThread ?? false;
    this.streamsInThread = options.streamReadsInThread ?? false;
    if (!this.pagesInThread && !this.streamsInThread) this.reader = null;
    try {
      this.keys = new SqlitePersonalDataKeys(options.file);
      sealEventsStoredInClear(db);
    } catch (error) {
      db.close();
      throw error;
    }
    this.reads = prepareReads(db);
    this.commits = new CommitSignal(options.pollIntervalMs ?? 500);
    this.checkpoints = new BackgroundCheckpoints(db, options.file, {
      threadName: 'log checkpoints',
    });
    this.groupCommit = new GroupCommit({
      db,
      file: options.file,
      writerThread: options.writerThread !== false,
      beforeAnswers: () => this.checkpoints.committed(),
      afterAnswers: () => this.commits.notify(),
    });
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
    return this.groupCommit.append(
      toCommitAppend(
        { streamId, events, expectedRevision: options.expectedRevision },
        this.storedFormer(),
      ),
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
    const storedForm = this.storedFormer();
    return this.groupCommit.appendSequence(
      appends.map((append) => toCommitAppend(append, storedForm)),
    );
  }

  /** Whether appends commit in the writer thread now (false before the first append). */
  get commitsInWriterThread(): boolean {
    return this.groupCommit.inWriterThread;
  }

  readStream(streamId: string): Promise<RecordedEvent[]> {
    if (!this.streamsInThread || !this.logReader())
      return Promise.try(() => this.readStreamNow(streamId));
    // A stream the thread did not answer is read here, which also throws an event's own error
    // (one that does not open, or breaks the catalog) as its own class.
    return new Promise<RecordedEvent[] | null>((answer) => {
      this.streamsToRead.push({ streamId, answer });
      if (this.streamsToRead.length === 1) setImmediate(() => this.readStreamsAsked());
    }).then((events) => events ?? this.readStreamNow(streamId));
  }

  /**
   * The streams asked for since the last batch, read in one request to the reader thread (one
   * transaction there): those of the requests this turn of the event loop took in.
   */
  private readStreamsAsked(): void {
    const asked = this.streamsToRead.splice(0);
    const reader = this.logReader();
    if (!reader) {
      for (const { answer } of asked) answer(null);
      return;
    }
    reader.request({ streamIds: asked.map(({ streamId }) => streamId) }).then(
      (read) =>
        asked.forEach(({ answer }, i) => answer(('streams' in read && read.streams[i]) || null)),
      () => asked.forEach(({ answer }) => answer(null)),
    );
  }

  readAll({ after, limit }: ReadAllOptions): Promise<RecordedEvent[]> {
    const reader = this.pagesInThread ? this.logReader() : null;
    if (!reader) return Promise.try(() => this.readAllNow(after, limit));
    const erasures = this.keys.erasuresRecorded();
    // A page asked for before someone was erased may hold their data in clear: it is read again.
    const kept = this.pagesAhead.get(after);
    const ahead = kept?.limit === limit && kept.erasures === erasures ? kept : undefined;
    for (const [position, page] of this.pagesAhead)
      if (position <= after || page.erasures !== erasures) this.pagesAhead.delete(position);
    const asked = ahead?.page ?? this.pageFromThread(reader, after, limit);
    // The next pages are asked for now, while the caller works on this one: positions are 1..N
    // (see above), so the page after this one, if full, follows position after + limit.
    for (let page = 1; page <= pagesReadAhead; page += 1) {
      const next = after + page * limit;
      if (!this.pagesAhead.has(next))
        this.pagesAhead.set(next, {
          limit,
          erasures,
          page: this.pageFromThread(reader, next, limit),
        });
    }
    return asked.then((page) =>
      // A read changes nothing: a page the thread did not answer is read here, which also throws
      // a page's own error (an event that does not open, or breaks the catalog) as its own class.
      // So is a page asked ahead that ended at the log's head then: the log may have grown since.
      page && (page.length === limit || !ahead) ? page : this.readAllNow(after, limit),
    );
  }

  /** A page from the reader thread; null when it did not answer one. */
  private pageFromThread(
    reader: SqliteThread<'log-reads'>,
    after: number,
    limit: number,
  ): Promise<RecordedEvent[] | null> {
    return reader.request({ after, limit }).then(
      (page) => (Array.isArray(page) ? page : null),
      () => null,
    );
  }

  headPosition(): Promise<number> {
    return Promise.try(() => {
      this.assertOpen();
      return this.reads.head.get() ?? 0;
    });
  }

  readStreamNow(streamId: string): RecordedEvent[] {
    this.assertOpen();
    return this.reads.stream.all(streamId).map(recordedEventReader(this.keys));
  }

  /** The same page as readAll, synchronously: what subscriptions read with. */
  readAllNow(after: number, limit: number): RecordedEvent[] {
    this.assertOpen();
    return this.reads.page.all(after, limit).map(recordedEventReader(this.keys));
  }

  /** Crypto-shredding (see the port): the subject's key is destroyed in the file and its WAL. */
  async erasePersonalData(subject: string): Promise<void> {
    this.assertOpen();
    await this.keys.erase(subject);
  }

  erasedAmong(subjects: readonly string[]): Promise<ReadonlySet<string>> {
    return Promise.try(() => {
      this.assertOpen();
      const { find } = this.keys.lookups();
      return new Set(subjects.filter((subject) => find(subject) === null));
    });
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
    this.commits.notify();
  }

  /** Resolves after the next commit of this instance, or after the poll interval. */
  waitForCommit(): { promise: Promise<void>; cancel: () => void } {
    return this.commits.next();
  }

  /** SQLite's own integrity check, then the log's invariants: positions 1..N, revisions 0..n-1. */
  integrityCheck(): IntegrityReport {
    this.assertOpen();
    return checkIntegrity(this.db);
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
    await this.groupCommit.close();
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    this.closed = true;
    await this.checkpoints.close();
    await this.reader?.close();
    await this.keys.close();
    this.db.close();
  }

  /** What the events of one append are stored as: their personal data sealed with each person's key. */
  private storedFormer(): StoredForm {
    const { obtain } = this.keys.lookups();
    return (type, data, metadata) => sealPersonalData(type, data, metadata, obtain);
  }

  /**
   * The reader thread, started by the first readAll; null once it is gone, when not asked for, or
   * once the store is closing (reads then go on, on its own connection, until it is closed).
   */
  private logReader(): SqliteThread<'log-reads'> | null {
    if (this.closing) return null;
    if (this.reader !== undefined) return this.reader;
    const reader = startSqliteThread(
      {
        connection: {
          file: this.file,
          fileMustExist: true,
          pragmas: ['busy_timeout = 5000', 'query_only = ON', `cache_size = ${readerCacheSize}`],
          requireDurable: false,
        },
        job: { kind: 'log-reads' },
      },
      {
        name: 'log reader',
        onGone: () => {
          this.reader = null;
        },
      },
    );
    this.reader = reader;
    return reader;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The event store is closed');
  }
}
