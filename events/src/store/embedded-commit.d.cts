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

export type CommitOutcome = { ok: AppendResult } | { refused: AppendRefusal };

export function batchCommitter(
  db: Database.Database,
): (batch: readonly CommitAppend[]) => CommitOutcome[];

export function durabilityProblems(db: Database.Database): string[];
