// What a SQLite thread does with each request it takes, by kind of job. Each job is also what the
// thread's owner runs on a connection of its own when no thread can run, so it lives here once;
// the log's reader, which needs the event catalog, lives in ../store/log-reads.ts and runs in a
// bundle of its own (thread-code.ts), so that the writers' threads do not load the catalog.
import type Database from 'better-sqlite3';
import type { RecordedEvent } from '../envelope.ts';
import { batchCommitter, type CommitEntry, type CommitOutcome } from '../store/embedded-commit.ts';
import { statementsCommitter, type Step } from './statements.ts';

/** The jobs a SQLite thread can run, with what each needs besides its connection. */
export type JobSpec =
  /** The event log's group commit: one transaction per batch, each append checked on its own. */
  | { readonly kind: 'event-log' }
  /** Named statements: each request runs some of them in order, in one transaction. */
  | { readonly kind: 'statements'; readonly statements: Readonly<Record<string, string>> }
  /** A PASSIVE checkpoint per request: the WAL copied into the database file, and synced. */
  | { readonly kind: 'checkpoint' }
  /** Log pages and streams, read and opened as the store reads them (../store/log-reads.ts). */
  | { readonly kind: 'log-reads' };

export type JobKind = JobSpec['kind'];
export type SpecOf<K extends JobKind> = Extract<JobSpec, { readonly kind: K }>;

interface JobMessages {
  readonly 'event-log': {
    readonly request: readonly CommitEntry[];
    readonly answer: CommitOutcome[];
  };
  readonly statements: { readonly request: readonly Step[]; readonly answer: null };
  readonly checkpoint: {
    readonly request: null;
    /** Pages the WAL held when the checkpoint began copying. */
    readonly answer: { readonly walPages: number };
  };
  readonly 'log-reads': {
    /** A page of the global log, or the events of some streams, read in one transaction. */
    readonly request:
      | { readonly after: number; readonly limit: number }
      | { readonly streamIds: readonly string[] };
    readonly answer: RecordedEvent[] | StreamsRead;
  };
}
/**
 * Each stream's events, in the order the streams were asked for; null for a stream that did not
 * read (an event that does not open, or breaks the catalog): its owner reads it again, and meets
 * the error as its own class.
 */
export interface StreamsRead {
  readonly streams: (RecordedEvent[] | null)[];
}
export type JobRequest<K extends JobKind> = JobMessages[K]['request'];
export type JobAnswer<K extends JobKind> = JobMessages[K]['answer'];

/** A job started on a connection: answers one request (throws when it fails). */
export type Job<K extends JobKind> = (request: JobRequest<K>) => JobAnswer<K>;

/** What `PRAGMA wal_checkpoint` answers: pages in the WAL, and how many of them are copied. */
interface WalCheckpointResult {
  readonly busy: number;
  readonly log: number;
  readonly checkpointed: number;
}

const jobs: { readonly [K in JobKind]: (db: Database.Database, spec: SpecOf<K>) => Job<K> } = {
  'event-log': (db) => batchCommitter(db),
  statements: (db, spec) => statementsCommitter(db, spec.statements),
  checkpoint: (db) => () => {
    const [copied] = db.pragma('wal_checkpoint(PASSIVE)') as WalCheckpointResult[];
    return { walPages: copied?.log ?? 0 };
  },
  'log-reads': () => {
    throw new Error('The log is read in a thread of its own (../store/log-reads-thread.ts)');
  },
};

export function startJob<K extends JobKind>(db: Database.Database, spec: SpecOf<K>): Job<K> {
  const start: (db: Database.Database, spec: SpecOf<K>) => Job<K> = jobs[spec.kind];
  return start(db, spec);
}
