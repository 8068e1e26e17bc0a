import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import Database from 'better-sqlite3';
import { truncateWal } from '../sqlite-writer/wal-truncation.ts';
import type { PersonalDataKeys } from './key-store.ts';

const schema = `
  CREATE TABLE IF NOT EXISTS personal_data_keys (
    subject    TEXT PRIMARY KEY,
    key        BLOB,
    created_at TEXT NOT NULL,
    erased_at  TEXT
  ) STRICT;
`;

/** Keys kept as KeyObjects, per process: making one costs several times an encryption. */
const cachedKeysMax = 10_000;

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
 * Every lookup reads the table, so an erasure by any process is seen by the next read of every
 * other; only the KeyObject made from a key's bytes is cached.
 */
export class SqlitePersonalDataKeys implements PersonalDataKeys {
  private readonly db: Database.Database;
  private readonly cache = new Map<string, { raw: Buffer; key: KeyObject }>();
  private readonly statements: {
    readonly find: Database.Statement<[string], Buffer | null>;
    readonly insert: Database.Statement<[string, Buffer, string]>;
    readonly erase: Database.Statement<[string, string, string]>;
  };

  constructor(file: string) {
    const db = new Database(file);
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
    };
  }

  /** The subject's key; null when erased or never made. */
  findNow(subject: string): KeyObject | null {
    const raw = this.statements.find.get(subject);
    return raw ? this.keyObjectOf(subject, raw) : null;
  }

  /** The subject's key, made now if they have none; null when erased. */
  obtainNow(subject: string): KeyObject | null {
    const raw = this.statements.find.get(subject);
    if (raw !== undefined) return raw ? this.keyObjectOf(subject, raw) : null;
    this.statements.insert.run(subject, randomBytes(32), new Date().toISOString());
    // Another process may have made it first: the stored key is the one.
    return this.findNow(subject);
  }

  eraseNow(subject: string): void {
    const now = new Date().toISOString();
    this.db.pragma('synchronous = FULL');
    try {
      this.statements.erase.run(subject, now, now);
    } finally {
      this.db.pragma('synchronous = NORMAL');
    }
    this.cache.delete(subject);
  }

  obtain(subjects: readonly string[]): Promise<ReadonlyMap<string, KeyObject | null>> {
    return Promise.try(
      () => new Map(subjects.map((subject) => [subject, this.obtainNow(subject)])),
    );
  }

  find(subjects: readonly string[]): Promise<ReadonlyMap<string, KeyObject | null>> {
    return Promise.try(() => new Map(subjects.map((subject) => [subject, this.findNow(subject)])));
  }

  async erase(subject: string): Promise<void> {
    this.eraseNow(subject);
    if (!(await truncateWal(this.db)))
      throw new Error('The log is too busy to remove an erased key from its WAL: try again');
  }

  close(): Promise<void> {
    this.db.close();
    return Promise.resolve();
  }

  private keyObjectOf(subject: string, raw: Buffer): KeyObject {
    const cached = this.cache.get(subject);
    if (cached?.raw.equals(raw)) return cached.key;
    if (this.cache.size >= cachedKeysMax) this.cache.clear();
    const key = createSecretKey(raw);
    this.cache.set(subject, { raw, key });
    return key;
  }
}
