import type Database from 'better-sqlite3';
import type { AppendResult, ExpectedRevision } from './port.ts';

/** One append as the committing side sees it: events already serialized. */
export interface CommitAppend {
  readonly streamId: string;
  readonly events: readonly {
    readonly eventId: string;
    readonly type: string;
    readonly schemaVersion: number;
    readonly data: string;
    readonly metadata: string;
  }[];
  readonly expectedRevision: ExpectedRevision;
}

export type AppendRefusal =
  | { kind: 'wrong-revision'; expected: ExpectedRevision; current: number | 'no_stream' }
  | { kind: 'duplicate-event-id' }
  | { kind: 'failed'; message: string };

/** What a batch holds: single appends, and sequences of appends that commit all or none. */
export type CommitEntry = CommitAppend | { readonly sequence: readonly CommitAppend[] };

/** The outcome of an entry: `ok` holds one result for an append, one per append for a sequence. */
export type CommitOutcome =
  { ok: AppendResult | AppendResult[] } | { refused: AppendRefusal; streamId: string };

export function batchCommitter(
  db: Database.Database,
): (batch: readonly CommitEntry[]) => CommitOutcome[];

export function durabilityProblems(db: Database.Database): string[];
