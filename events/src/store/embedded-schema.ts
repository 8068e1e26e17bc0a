// The embedded event store's file: its one table, how the store's own connection opens it, and
// the invariants the log keeps. Also part of the writer thread's bundle (embedded-commit.ts
// imports the columns): keep its imports to SQLite and types.
import Database from 'better-sqlite3';
import { durabilityProblems } from '../sqlite-writer/connection.ts';
import type { IntegrityReport } from './port.ts';

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

export const columns =
  'position, stream_id, revision, event_id, type, schema_version, data, metadata, recorded_at';

export type EventRow = [
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
 * Page cache of the store's own connection and of its reader thread's, in KiB (negative: SQLite's
 * unit for a size): SQLite's default, not better-sqlite3's 16 MB. These connections read (the
 * store's commits only where no writer thread runs), and every commit of the writer thread empties
 * their cache (a WAL reader drops its pages once another connection changed the file), so a
 * larger one serves nothing while appends run. It only kept a catch-up read of the whole log in
 * memory per store handle (the gateway and its projection thread have one each), held after the
 * catch-up.
 */
export const readerCacheSize = -2000;

/** Thrown when the database cannot be made durable (WAL + synchronous=FULL). */
export class EventStoreNotDurableError extends Error {
  readonly file: string;
  readonly problems: string[];

  constructor(file: string, problems: string[]) {
    super(`Refusing to open event store ${file}: ${problems.join('; ')}`);
    this.file = file;
    this.problems = problems;
    this.name = 'EventStoreNotDurableError';
  }
}

/**
 * Opens the store's own connection (created when missing) in WAL mode with synchronous=FULL, so
 * that a commit is on disk (the WAL fsynced) before any append is acknowledged, and creates the
 * table. Refuses a file that cannot be made durable.
 */
export function openLogConnection(file: string): Database.Database {
  const db = new Database(file);
  try {
    // Other processes (an operator's script, a crash test) may hold the write lock briefly.
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma(`cache_size = ${readerCacheSize}`);
    const problems = durabilityProblems(db);
    if (problems.length > 0) throw new EventStoreNotDurableError(file, problems);
    db.exec(schema);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** The statements the store reads with, on its own connection. */
export interface LogReads {
  readonly head: Database.Statement<[], number>;
  /** Events after a position, in position order: a page of the global log. */
  readonly page: Database.Statement<[number, number], EventRow>;
  readonly stream: Database.Statement<[string], EventRow>;
}

export function prepareReads(db: Database.Database): LogReads {
  return {
    head: db.prepare<[], number>('SELECT coalesce(max(position), 0) FROM events').pluck(),
    page: db
      .prepare<[number, number], EventRow>(
        `SELECT ${columns} FROM events WHERE position > ? ORDER BY position LIMIT ?`,
      )
      .raw(true),
    stream: db
      .prepare<[string], EventRow>(
        `SELECT ${columns} FROM events WHERE stream_id = ? ORDER BY revision`,
      )
      .raw(true),
  };
}

/** SQLite's own integrity check, then the log's invariants: positions 1..N, revisions 0..n-1. */
export function checkIntegrity(db: Database.Database): IntegrityReport {
  const problems: string[] = [];
  const sqlite = db.prepare<[], string>('PRAGMA integrity_check').pluck().all();
  if (!(sqlite.length === 1 && sqlite[0] === 'ok'))
    problems.push(...sqlite.map((p) => `sqlite: ${p}`));
  const positions = db
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
  const streams = db
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
