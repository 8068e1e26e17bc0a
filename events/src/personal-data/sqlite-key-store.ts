import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import Database from 'better-sqlite3';
import { truncateWal } from '../sqlite-writer/wal-truncation.ts';
import type { PersonalDataKeys } from './key-store.ts';

// `personal_data_erasures` came after the keys: one row per erasure, so that a process knows
// from one lookup of its last row whether any key was destroyed since it last looked.
const schema = `
  CREATE TABLE IF NOT EXISTS personal_data_keys (
    subject    TEXT PRIMARY KEY,
    key        BLOB,
    created_at TEXT NOT NULL,
    erased_at  TEXT
  ) STRICT;
  CREATE TABLE IF NOT EXISTS personal_data_erasures (
    seq       INTEGER PRIMARY KEY,
    erased_at TEXT NOT NULL
  ) STRICT;
`;

/** Keys kept in memory, per process, at most (the least recently made go first). */
const cachedKeysMax = 10_000;

/** The keys of one read or one append: each subject's key, made first where `obtain` asks. */
export interface KeyLookups {
  /** The subject's key; null when erased or never made. */
  find(subject: string): KeyObject | null;
  /** The subject's key, made now if they have none; null when erased. */
  obtain(subject: string): KeyObject | null;
}

/**
 * The embedded log's keys, in a table of the log's own file: a backup (VACUUM INTO) copies the
 * keys and the events they open in one snapshot.
 *
 * This connection is apart from the log's: it writes with synchronous=NORMAL. A key is committed
 * before any event sealed with it is appended, and the WAL is written in order, so the fsync that
 * makes such an event durable makes its key durable too. An erasure commits with FULL.
 *
 * `secure_delete` zeroes an erased key's bytes in the page, and the checkpoint that follows
 * (TRUNCATE) leaves no copy of it in the WAL file either.
 *
 * Keys found are kept in memory for the reads and appends that follow, each of which first looks
 * at the last erasure recorded: when any process erased anyone since, every kept key is dropped
 * and read again from the table. So an erasure by any process is seen by the next read or append
 * of every other, at the cost of one lookup per read instead of one per event and person.
 */
export class SqlitePersonalDataKeys implements PersonalDataKeys {
  private readonly db: Database.Database;
  /** Keys found since the last erasure this process saw. */
  private readonly kept = new Map<string, KeyObject>();
  /** The last erasure recorded when the kept keys were last checked; null before. */
  private erasuresSeen: number | null = null;
  private readonly statements: {
    readonly find: Database.Statement<[string], Buffer | null>;
    readonly insert: Database.Statement<[string, Buffer, string]>;
    readonly erase: Database.Statement<[string, string, string]>;
    readonly recordErasure: Database.Statement<[string]>;
    readonly lastErasure: Database.Statement<[], number>;
  };
  private readonly eraseAndRecord: (subject: string, at: string) => void;

  /** Whether close() closes the connection: the one it opened on a file, not one it was given. */
  private readonly ownsConnection: boolean;

  /**
   * On the log's file, on a connection of its own; or on a connection to the log's file that its
   * owner set up and closes (the log's reader thread: it only finds keys).
   */
  constructor(source: string | Database.Database) {
    const db = typeof source === 'string' ? new Database(source) : source;
    this.ownsConnection = typeof source === 'string';
    if (this.ownsConnection)
      try {
        db.pragma('busy_timeout = 5000');
        db.pragma('journal_mode = WAL');
        db.pragma('synchronous = NORMAL');
        db.pragma('secure_delete = ON');
        db.exec(schema);
      } catch (error) {
        db.close();
        throw error;
      }
    this.db = db;
    this.statements = {
      find: db
        .prepare<[string], Buffer | null>('SELECT key FROM personal_data_keys WHERE subject = ?')
        .pluck(),
      insert: db.prepare<[string, Buffer, string]>(
        `INSERT INTO personal_data_keys (subject, key, created_at) VALUES (?, ?, ?)
           ON CONFLICT (subject) DO NOTHING`,
      ),
      erase: db.prepare<[string, string, string]>(
        `INSERT INTO personal_data_keys (subject, key, created_at, erased_at) VALUES (?, NULL, ?, ?)
           ON CONFLICT (subject) DO UPDATE SET key = NULL, erased_at = excluded.erased_at
           WHERE personal_data_keys.key IS NOT NULL`,
      ),
      recordErasure: db.prepare<[string]>(
        'INSERT INTO personal_data_erasures (erased_at) VALUES (?)',
      ),
      lastErasure: db
        .prepare<[], number>('SELECT coalesce(max(seq), 0) FROM personal_data_erasures')
        .pluck(),
    };
    this.eraseAndRecord = db.transaction((subject: string, at: string) => {
      this.statements.erase.run(subject, at, at);
      this.statements.recordErasure.run(at);
    });
  }

  /**
   * The key lookups of one read or append: the keys kept in memory, unless someone was erased
   * since they were checked, then the table.
   */
  lookups(): KeyLookups {
    const last = this.statements.lastErasure.get() ?? 0;
    if (last !== this.erasuresSeen) {
      this.kept.clear();
      this.erasuresSeen = last;
    }
    return {
      find: (subject) => this.kept.get(subject) ?? this.findNow(subject),
      obtain: (subject) => this.kept.get(subject) ?? this.obtainNow(subject),
    };
  }

  /** How many erasures any process recorded: it grows with every key destroyed. */
  erasuresRecorded(): number {
    return this.statements.lastErasure.get() ?? 0;
  }

  private findNow(subject: string): KeyObject | null {
    const raw = this.statements.find.get(subject);
    return raw ? this.keep(subject, raw) : null;
  }

  private obtainNow(subject: string): KeyObject | null {
    const raw = this.statements.find.get(subject);
    if (raw !== undefined) return raw ? this.keep(subject, raw) : null;
    this.statements.insert.run(subject, randomBytes(32), new Date().toISOString());
    // Another process may have made it first: the stored key is the one.
    return this.findNow(subject);
  }

  private eraseNow(subject: string): void {
    const now = new Date().toISOString();
    this.db.pragma('synchronous = FULL');
    try {
      this.eraseAndRecord(subject, now);
    } finally {
      this.db.pragma('synchronous = NORMAL');
    }
    this.kept.delete(subject);
  }

  obtain(subjects: readonly string[]): Promise<ReadonlyMap<string, KeyObject | null>> {
    return Promise.try(() => {
      const { obtain } = this.lookups();
      return new Map(subjects.map((subject) => [subject, obtain(subject)]));
    });
  }

  find(subjects: readonly string[]): Promise<ReadonlyMap<string, KeyObject | null>> {
    return Promise.try(() => {
      const { find } = this.lookups();
      return new Map(subjects.map((subject) => [subject, find(subject)]));
    });
  }

  async erase(subject: string): Promise<void> {
    this.eraseNow(subject);
    if (!(await truncateWal(this.db)))
      throw new Error('The log is too busy to remove an erased key from its WAL: try again');
  }

  close(): Promise<void> {
    if (this.ownsConnection) this.db.close();
    return Promise.resolve();
  }

  private keep(subject: string, raw: Buffer): KeyObject {
    const key = createSecretKey(raw);
    if (this.kept.size >= cachedKeysMax) {
      const [oldest] = this.kept.keys();
      if (oldest !== undefined) this.kept.delete(oldest);
    }
    this.kept.set(subject, key);
    return key;
  }
}
