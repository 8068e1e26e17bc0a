'use strict';
// How the embedded event store commits a batch of appends: one SQLite transaction, each append
// checked on its own. Run by the store's writer thread and, should that thread be unavailable, by
// the store's own connection, so the rules live here once. Plain CommonJS: a worker thread loads it
// without a TypeScript loader. Types: embedded-commit.d.cts.

const columns =
  'position, stream_id, revision, event_id, type, schema_version, data, metadata, recorded_at';

/** The reasons a connection is not durable enough to hold the log; empty when it is. */
function durabilityProblems(db) {
  const problems = [];
  const journalMode = db.pragma('journal_mode', { simple: true });
  if (journalMode !== 'wal') problems.push(`journal_mode is ${String(journalMode)}, not wal`);
  const synchronous = db.pragma('synchronous', { simple: true });
  // 2 is FULL; 3 (EXTRA) would be stricter still and is accepted.
  if (typeof synchronous !== 'number' || synchronous < 2)
    problems.push(`synchronous is ${String(synchronous)}, not FULL (2)`);
  return problems;
}

/** An append refused on its own (its neighbours in the batch go on). */
class AppendRefused extends Error {
  constructor(refusal) {
    super(refusal.kind);
    this.refusal = refusal;
  }
}

function refusalOf(error) {
  if (error instanceof AppendRefused) return error.refusal;
  if (
    error &&
    error.code === 'SQLITE_CONSTRAINT_UNIQUE' &&
    String(error.message).includes('events.event_id')
  )
    return { kind: 'duplicate-event-id' };
  return { kind: 'failed', message: String((error && error.message) || error) };
}

/**
 * Returns commit(batch): appends each entry of the batch in one IMMEDIATE transaction and returns
 * one outcome per entry: `{ ok: { nextExpectedRevision, position } }` for an append, `{ ok: [...] }`
 * for a sequence (`{ sequence: [append, ...] }`, several streams' appends that commit all or none),
 * or `{ refused, streamId }` naming the append refused. Throws when the transaction itself fails
 * (disk full, I/O, busy): then nothing of the batch is durable.
 *
 * Positions are max(position)+1, +2, ... read under the write lock the transaction holds, so
 * committed positions are always exactly 1..N.
 */
function batchCommitter(db) {
  const selectHead = db.prepare('SELECT coalesce(max(position), 0) FROM events').pluck();
  const selectStreamRevision = db
    .prepare('SELECT max(revision) FROM events WHERE stream_id = ?')
    .pluck();
  const insertEvent = db.prepare(
    `INSERT INTO events (${columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  const appendOne = (append, head) => {
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
  let current;
  const appendEach = (sequence, head) =>
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
  const commit = db.transaction((batch) => {
    let head = selectHead.get();
    return batch.map((entry) => {
      current = entry;
      try {
        if (entry.sequence) {
          const ok = appendEachInSavepoint(entry.sequence, head);
          head = ok[ok.length - 1].position;
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
        return { refused: refusalOf(error), streamId: current.streamId };
      }
    });
  });
  return (batch) => commit.immediate(batch);
}

module.exports = { batchCommitter, durabilityProblems };
