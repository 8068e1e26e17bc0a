// How the embedded event store commits a batch of appends: one SQLite transaction, each append
// checked on its own. Run by the store's writer thread (../sqlite-writer) and, should that thread be
// unavailable, by the store's own connection, so the rules live here once. The thread's bundle
// includes this module and what it imports: keep those to SQLite and types.
import type Database from 'better-sqlite3';
import { columns } from './embedded-schema.ts';
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

/** Several streams' appends that commit all or none. */
export interface CommitSequence {
  readonly sequence: readonly CommitAppend[];
}

/** What a batch holds: single appends, and sequences of appends that commit all or none. */
export type CommitEntry = CommitAppend | CommitSequence;

/** The outcome of an entry: `ok` holds one result for an append, one per append for a sequence. */
export type CommitOutcome =
  { ok: AppendResult | AppendResult[] } | { refused: AppendRefusal; streamId: string };

/** An append refused on its own (its neighbours in the batch go on). */
class AppendRefused extends Error {
  readonly refusal: AppendRefusal;

  constructor(refusal: AppendRefusal) {
    super(refusal.kind);
    this.refusal = refusal;
  }
}

function refusalOf(error: unknown): AppendRefusal {
  if (error instanceof AppendRefused) return error.refusal;
  if (
    error instanceof Error &&
    (error as Error & { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE' &&
    error.message.includes('events.event_id')
  )
    return { kind: 'duplicate-event-id' };
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
}

const isSequence = (entry: CommitEntry): entry is CommitSequence => 'sequence' in entry;

/**
 * Returns commit(batch): appends each entry of the batch in one IMMEDIATE transaction and returns
 * one outcome per entry: `{ ok: { nextExpectedRevision, position } }` for an append, `{ ok: [...] }`
 * for a sequence, or `{ refused, streamId }` naming the append refused. Throws when the
 * transaction itself fails (disk full, I/O, busy): then nothing of the batch is durable.
 *
 * Positions are max(position)+1, +2, ... read under the write lock the transaction holds, so
 * committed positions are always exactly 1..N.
 */
export function batchCommitter(
  db: Database.Database,
): (batch: readonly CommitEntry[]) => CommitOutcome[] {
  const selectHead = db
    .prepare<[], number>('SELECT coalesce(max(position), 0) FROM events')
    .pluck();
  const selectStreamRevision = db
    .prepare<[string], number | null>('SELECT max(revision) FROM events WHERE stream_id = ?')
    .pluck();
  const insertEvent = db.prepare<
    [number, string, number, string, string, number, string, string, string]
  >(`INSERT INTO events (${columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);

  const appendOne = (append: CommitAppend, head: number): AppendResult => {
    const found = selectStreamRevision.get(append.streamId);
    const current = found === null || found === undefined ? 'no_stream' : found;
    const expected = append.expectedRevision;
    if (
      (expected === 'no_stream' && current !== 'no_stream') ||
      (typeof expected === 'number' && current !== expected)
    )
      throw new AppendRefused({ kind: 'wrong-revision', expected, current });
    const recordedAt = new Date().toISOString();
    let revision = current === 'no_stream' ? -1 : current;
    let position = head;
    for (const event of append.events) {
      revision += 1;
      position += 1;
      insertEvent.run(
        position,
        append.streamId,
        revision,
        event.eventId,
        event.type,
        event.schemaVersion,
        event.data,
        event.metadata,
        recordedAt,
      );
    }
    return { nextExpectedRevision: revision, position };
  };
  // The append being made, to name the stream of a refusal inside a sequence.
  let current: CommitAppend | undefined;
  const appendEach = (sequence: readonly CommitAppend[], head: number): AppendResult[] =>
    sequence.map((append) => {
      current = append;
      const ok = appendOne(append, head);
      head = ok.position;
      return ok;
    });
  // A nested db.transaction runs as a savepoint, so a multi-event append or a sequence that fails
  // halfway rolls back only itself. A single INSERT is atomic on its own and needs none (the
  // common case).
  const appendOneInSavepoint = db.transaction(appendOne);
  const appendEachInSavepoint = db.transaction(appendEach);
  const commit = db.transaction((batch: readonly CommitEntry[]): CommitOutcome[] => {
    let head = selectHead.get() ?? 0;
    return batch.map((entry): CommitOutcome => {
      current = isSequence(entry) ? entry.sequence[0] : entry;
      try {
        if (isSequence(entry)) {
          const ok = appendEachInSavepoint(entry.sequence, head);
          head = ok.at(-1)?.position ?? head;
          return { ok };
        }
        const ok =
          entry.events.length === 1 ? appendOne(entry, head) : appendOneInSavepoint(entry, head);
        head = ok.position;
        return { ok };
      } catch (error) {
        // Some errors (disk full, I/O) make SQLite roll back the whole transaction: then the
        // batch must fail as a whole, not carry on outside any transaction.
        if (!db.inTransaction) throw error;
        return { refused: refusalOf(error), streamId: current?.streamId ?? '' };
      }
    });
  });
  return (batch) => commit.immediate(batch);
}
