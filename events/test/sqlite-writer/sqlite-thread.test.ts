import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  SqliteThreadError,
  startSqliteThread,
  type ThreadSettings,
} from '../../src/sqlite-writer/index.ts';
import { sqliteThreadCode } from '../../src/sqlite-writer/thread-code.ts';
import { osThreadNames } from '../../src/testing/os-threads.ts';

describe('SQLite threads (sqlite-writer)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sqlite-thread-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let files = 0;

  /** A fresh database with table t, and the settings of a statements thread writing to it. */
  const givenTable = (): { file: string; settings: ThreadSettings<'statements'> } => {
    const file = path.join(dir, `db-${(files += 1)}.sqlite`);
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
    db.close();
    return {
      file,
      settings: {
        connection: {
          file,
          fileMustExist: true,
          pragmas: ['busy_timeout = 5000', 'synchronous = FULL'],
          requireDurable: true,
        },
        job: {
          kind: 'statements',
          statements: {
            insert: 'INSERT INTO t (id, text) VALUES (?, ?)',
            clear: 'DELETE FROM t',
          },
        },
      },
    };
  };
  const count = (file: string): unknown => {
    const db = new Database(file, { readonly: true });
    try {
      return db.prepare('SELECT count(*) FROM t').pluck().get();
    } finally {
      db.close();
    }
  };
  const insert = (id: number) => ({ statement: 'insert', params: [id, `row ${id}`] });

  it('commits each request in one transaction and answers once it committed', async () => {
    const { file, settings } = givenTable();
    const thread = startSqliteThread(settings);
    await expect(thread.request([insert(1), insert(2)])).resolves.toBeNull();
    // Resolved means committed: another connection sees the rows.
    expect(count(file)).toBe(2);
    await thread.close();
  });

  it.runIf(osThreadNames() !== null)('runs under the name it was given', async () => {
    const { settings } = givenTable();
    const thread = startSqliteThread(settings, { name: 'test writer' });
    await thread.request([insert(1)]);
    expect(osThreadNames()).toContain('test writer');
    await thread.close();
    expect(osThreadNames()).not.toContain('test writer');
  });

  it('rolls back a request that fails halfway, says why, and serves the next one', async () => {
    const { file, settings } = givenTable();
    const thread = startSqliteThread(settings);
    const failed = thread.request([insert(1), insert(1)]);
    const next = thread.request([insert(3)]);
    await expect(failed).rejects.toMatchObject({
      name: 'SqliteThreadError',
      outcome: 'failed',
      message: expect.stringMatching(/UNIQUE constraint failed/),
    });
    await next;
    expect(count(file)).toBe(1);
    await thread.close();
  });

  it('answers the requests sent before close(), then ends and takes no more', async () => {
    const { file, settings } = givenTable();
    const thread = startSqliteThread(settings);
    const requests = [1, 2, 3].map((id) => thread.request([insert(id)]));
    await thread.close();
    await Promise.all(requests);
    expect(count(file)).toBe(3);
    await expect(thread.request([insert(4)])).rejects.toMatchObject({ outcome: 'not-done' });
  });

  it('reports a thread that could not open its connection, its requests as not done', async () => {
    const { settings } = givenTable();
    const gone: (Error | undefined)[] = [];
    const thread = startSqliteThread(
      { ...settings, connection: { ...settings.connection, file: path.join(dir, 'missing') } },
      { onGone: (cause) => gone.push(cause) },
    );
    const request = thread.request([insert(1)]);
    await expect(request).rejects.toBeInstanceOf(SqliteThreadError);
    await expect(request).rejects.toMatchObject({ outcome: 'not-done' });
    expect(gone).toHaveLength(1);
    expect(gone[0]?.message).toMatch(/unable to open database file/);
    await thread.close();
  });

  it('refuses a connection that is not durable when asked to', async () => {
    const { settings } = givenTable();
    const gone: (Error | undefined)[] = [];
    const thread = startSqliteThread(
      {
        ...settings,
        connection: { ...settings.connection, pragmas: ['synchronous = NORMAL'] },
      },
      { onGone: (cause) => gone.push(cause) },
    );
    await expect(thread.request([insert(1)])).rejects.toMatchObject({ outcome: 'not-done' });
    expect(gone[0]?.message).toMatch(/not durable: synchronous is 1, not FULL/);
  });

  it('runs plain JavaScript with no package inlined but its own modules', async () => {
    const code = await sqliteThreadCode('event-log');
    // The event log's commit comes without the catalog and its schemas (typebox).
    expect(code).toMatch(/INSERT INTO events/);
    expect(code).not.toMatch(/node_modules\/(?!better-sqlite3\/)/);
    // The log's reader is the one that needs them, in a bundle of its own.
    const reader = await sqliteThreadCode('log-reads');
    expect(reader).toMatch(/node_modules\/typebox\//);
    expect(reader).not.toMatch(/INSERT INTO events/);
  });
});
