import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BackgroundCheckpoints } from '../../src/store/embedded-event-store.ts';

describe('background checkpoints', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'checkpoints-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('copies the WAL into the database file from a thread, not in the committing connection', async () => {
    const file = path.join(dir, 'wal.sqlite');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
    db.pragma('wal_checkpoint(TRUNCATE)');
    const checkpoints = new BackgroundCheckpoints(db, file, {
      startAfterCommits: 1,
      minIntervalMs: 0,
    });
    const sizeBefore = statSync(file).size;
    const insert = db.prepare<[string]>('INSERT INTO t (text) VALUES (?)');
    // 2 MB in five commits: below the connection's own checkpoint once the thread runs (10,000 pages).
    const commit = db.transaction(() => {
      for (let i = 0; i < 100; i++) insert.run('x'.repeat(4000));
    });
    for (let i = 0; i < 5; i++) {
      commit();
      checkpoints.committed();
    }
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(10_000);
    // The pages reach the database file while this connection commits nothing more.
    await expect
      .poll(() => statSync(file).size, { timeout: 10_000 })
      .toBeGreaterThan(sizeBefore + 1_000_000);
    await checkpoints.close();
    // Nothing lost: the rows are there, through a new connection as well.
    db.close();
    const reopened = new Database(file);
    expect(reopened.prepare('SELECT count(*) FROM t').pluck().get()).toBe(500);
    reopened.close();
  });

  it('starts no thread for a database committed to only a few times', async () => {
    const file = path.join(dir, 'few.sqlite');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    const checkpoints = new BackgroundCheckpoints(db, file);
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY)');
    checkpoints.committed();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000);
    await checkpoints.close();
    db.close();
  });
});
