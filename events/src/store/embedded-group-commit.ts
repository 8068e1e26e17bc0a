import type Database from 'better-sqlite3';
import type { EventMetadata } from '../envelope.ts';
import {
  SqliteThreadError,
  startSqliteThread,
  type SqliteThread,
} from '../sqlite-writer/sqlite-thread.ts';
import {
  batchCommitter,
  type AppendRefusal,
  type CommitAppend,
  type CommitEntry,
  type CommitOutcome,
} from './embedded-commit.ts';
import { leftToCheckpointThread } from './background-checkpoints.ts';
import { WrongExpectedRevisionError, type AppendResult, type StreamAppend } from './port.ts';

/*
 * Group commit: the appends arriving while the previous batch commits join one transaction. Each
 * append inside it is checked on its own (expected revision, unique event ids), a multi-event
 * append in a savepoint, so one failing append does not fail its neighbours; all of them are
 * acknowledged only after the transaction committed (embedded-commit.ts).
 *
 * The transaction runs in a writer thread with its own connection (../sqlite-writer), so that its
 * inserts and its fsync do not hold the event loop (they were about a fifth of the gateway's CPU
 * per booking). A commit is visible to the store's own connection once the thread has answered,
 * before any append of it is acknowledged or any subscriber woken. Should the thread be
 * unavailable, the store's connection commits the batches itself.
 */

/** The event id is already in the log (an append retried after it was acknowledged, say). */
export class DuplicateEventIdError extends Error {
  readonly streamId: string;

  constructor(streamId: string) {
    super(`An event id of this append to ${streamId} is already recorded`);
    this.streamId = streamId;
    this.name = 'DuplicateEventIdError';
  }
}

/** The writer thread died holding a batch: whether the batch committed is not known here. */
export class AppendOutcomeUnknownError extends Error {
  readonly streamId: string;

  constructor(streamId: string) {
    super(
      `The event store's writer stopped while appending to ${streamId}: the append may or may not be recorded (appending the same event ids again is safe)`,
    );
    this.streamId = streamId;
    this.name = 'AppendOutcomeUnknownError';
  }
}

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

export interface GroupCommitOptions {
  /** The store's own connection: it commits where no writer thread runs. */
  readonly db: Database.Database;
  readonly file: string;
  /** Commit in a writer thread (else, and should the thread be unavailable, on `db`). */
  readonly writerThread: boolean;
  /** Called after each commit, before its appends are answered. */
  readonly beforeAnswers: () => void;
  /** Called after each commit, once its appends are answered: wakes the subscribers. */
  readonly afterAnswers: () => void;
}

export class GroupCommit {
  private pending: PendingAppend[] = [];
  private flushScheduled: NodeJS.Immediate | undefined;
  private writer: SqliteThread<'event-log'> | undefined;
  /** The store's connection commits: chosen (writerThread: false), or the thread could not run. */
  private commitsHere: boolean;
  /** The batch the writer thread holds. */
  private batchInFlight: readonly PendingAppend[] | undefined;
  /** Called once nothing is pending or in flight (close waits for it). */
  private idle: (() => void) | undefined;
  /** The store connection's committer, made when the writer thread is unavailable. */
  private committer: ((batch: readonly CommitEntry[]) => CommitOutcome[]) | undefined;

  private readonly options: GroupCommitOptions;

  constructor(options: GroupCommitOptions) {
    this.options = options;

    this.commitsHere = !options.writerThread;
  }

  append(entry: CommitAppend): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) =>
      this.enqueue({ kind: 'one', entry, resolve, reject }),
    );
  }

  /** One entry of a batch: one transaction's savepoint, all or none. */
  appendSequence(sequence: readonly CommitAppend[]): Promise<AppendResult[]> {
    return new Promise<AppendResult[]>((resolve, reject) =>
      this.enqueue({ kind: 'sequence', entry: { sequence }, resolve, reject }),
    );
  }

  /** Whether appends commit in the writer thread now (false before the first append). */
  get inWriterThread(): boolean {
    return this.writer !== undefined;
  }

  /** Commits (or refuses) the appends accepted so far, then stops the writer thread. */
  async close(): Promise<void> {
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
    await writer?.close();
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
    this.batchInFlight = appends;
    writer.request(appends.map(({ entry }) => entry)).then(
      (outcomes) => {
        this.batchInFlight = undefined;
        this.answerCommitted(appends, outcomes);
        this.send();
      },
      (error: unknown) => {
        this.batchInFlight = undefined;
        this.answerNotCommitted(appends, error);
        this.send();
      },
    );
  }

  private startWriter(): SqliteThread<'event-log'> {
    const writer = startSqliteThread(
      {
        // Its own connection (WAL, synchronous=FULL, checked): one transaction per batch.
        connection: {
          file: this.options.file,
          fileMustExist: true,
          pragmas: [
            'busy_timeout = 5000',
            'synchronous = FULL',
            // The store's BackgroundCheckpoints copy the WAL in yet another thread; this
            // connection's own checkpoint (inside a commit, delaying the appends behind it) is
            // only the backstop.
            ...leftToCheckpointThread,
          ],
          requireDurable: true,
        },
        job: { kind: 'event-log' },
      },
      {
        name: 'log writer',
        onGone: (cause) => {
          if (this.writer !== writer) return;
          // The store's connection commits from now on, starting with the batch the thread
          // held if that certainly did not commit (see answerNotCommitted).
          this.writer = undefined;
          this.commitsHere = true;
          warnCommittingHere(cause);
          if (!this.batchInFlight) this.send();
        },
      },
    );
    return writer;
  }

  private commitOnThisThread(appends: readonly PendingAppend[]): void {
    let outcomes: CommitOutcome[];
    try {
      this.committer ??= batchCommitter(this.options.db);
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
    this.options.beforeAnswers();
    appends.forEach((append, index) => {
      const outcome = outcomes[index];
      const ok = outcome && 'ok' in outcome ? outcome.ok : undefined;
      if (outcome && 'refused' in outcome)
        append.reject(refusalError(outcome.refused, outcome.streamId));
      else if (append.kind === 'one' && ok && !Array.isArray(ok)) append.resolve(ok);
      else if (append.kind === 'sequence' && Array.isArray(ok)) append.resolve(ok);
      else append.reject(new Error(`The commit of ${streamsOf(append)} answered nothing`));
    });
    this.options.afterAnswers();
  }

  /** A batch the writer thread did not answer as committed. */
  private answerNotCommitted(appends: readonly PendingAppend[], error: unknown): void {
    const outcome = error instanceof SqliteThreadError ? error.outcome : 'failed';
    if (outcome === 'not-done')
      // The thread ended before it opened its connection: the batch certainly did not commit,
      // and is committed by the store's connection now (onGone switched to it), not refused.
      this.pending.unshift(...appends);
    else if (outcome === 'unknown')
      // It may or may not be on disk: answered as such, never committed twice.
      for (const append of appends) append.reject(new AppendOutcomeUnknownError(streamsOf(append)));
    else {
      // The transaction failed as a whole (disk full, I/O, busy): nothing of it is durable.
      const failure = new Error(error instanceof Error ? error.message : String(error));
      for (const append of appends) append.reject(failure);
    }
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
/** How an event is written to the file (its personal data sealed: embedded-event-store.ts). */
export type StoredForm = (
  type: string,
  data: object,
  metadata: EventMetadata,
) => { readonly data: object; readonly metadata: object };

export const toCommitAppend = (
  { streamId, events, expectedRevision }: StreamAppend,
  storedForm: StoredForm,
): CommitAppend => ({
  streamId,
  events: events.map(({ eventId, event, metadata }) => {
    const stored = storedForm(event.type, event.data, metadata);
    return {
      eventId,
      type: event.type,
      schemaVersion: event.schemaVersion,
      data: JSON.stringify(stored.data),
      metadata: JSON.stringify(stored.metadata),
    };
  }),
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
