import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  leftToCheckpointThread,
  walBackstopPages,
} from '../../src/store/background-checkpoints.ts';
import { BackgroundCheckpoints } from '../../src/store/embedded-event-store.ts';

/** A WAL database with one table of text rows, its WAL emptied, checkpointed by a thread. */
function openTable(file: string, minIntervalMs: number) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
  db.pragma('wal_checkpoint(TRUNCATE)');
  const checkpoints = new BackgroundCheckpoints(db, file, { startAfterCommits: 1, minIntervalMs });
  const insert = db.prepare<[string]>('INSERT INTO t (text) VALUES (?)');
  return { db, checkpoints, insert };
}

describe('background checkpoints', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'checkpoints-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('copies the WAL into the database file from a thread, not in the committing connection', async () => {
    const file = path.join(dir, 'wal.sqlite');
    const { db, checkpoints, insert } = openTable(file, 0);
    const sizeBefore = statSync(file).size;
    // 2 MB in five commits: far below the connection's own checkpoint once the thread runs.
    const commit = db.transaction(() => {
      for (let i = 0; i < 100; i++) insert.run('x'.repeat(4000));
    });
    for (let i = 0; i < 5; i++) {
      commit();
      checkpoints.committed();
    }
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(walBackstopPages);
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

  it('copies a burst of writes without waiting out the interval between checkpoints', async () => {
    const file = path.join(dir, 'burst.sqlite');
    // An interval longer than the test: only a burst brings the second checkpoint on time.
    const { db, checkpoints, insert } = openTable(file, 600_000);
    // 8 MB: some 2,000 pages, a burst.
    const burst = db.transaction(() => {
      for (let i = 0; i < 2_000; i++) insert.run('x'.repeat(4000));
    });
    burst();
    checkpoints.committed();
    await expect.poll(() => checkpoints.checkpointsMade, { timeout: 10_000 }).toBe(1);
    burst();
    // Each small commit after the burst asks for a checkpoint, as a projection's would.
    await expect
      .poll(
        () => {
          insert.run('y');
          checkpoints.committed();
          return checkpoints.checkpointsMade;
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThanOrEqual(2);
    await checkpoints.close();
    expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBeGreaterThan(4_000);
    db.close();
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

  it("copies a large commit of another connection at once, as a rebuild's write-out", async () => {
    const file = path.join(dir, 'other.sqlite');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
    db.pragma('wal_checkpoint(TRUNCATE)');
    // The default: its own connection has committed nothing since.
    const checkpoints = new BackgroundCheckpoints(db, file);
    const sizeBefore = statSync(file).size;
    // Another connection that leaves its checkpoints to the thread, writing 2 MB at once.
    const other = new Database(file);
    for (const pragma of leftToCheckpointThread) other.pragma(pragma);
    const insert = other.prepare<[string]>('INSERT INTO t (text) VALUES (?)');
    other.transaction(() => {
      for (let i = 0; i < 500; i++) insert.run('x'.repeat(4000));
    })();
    checkpoints.committed(true);
    // The thread's answer comes after its pages reach the file: wait for the answer.
    await expect.poll(() => checkpoints.checkpointsMade, { timeout: 10_000 }).toBe(1);
    expect(statSync(file).size).toBeGreaterThan(sizeBefore + 1_000_000);
    other.close();
    await checkpoints.close();
    db.close();
  });
});
