import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openMongoIdempotencyStore } from '../../src/idempotency-store/mongo-idempotency-store.ts';
import type { IdempotencyStore } from '../../src/idempotency-store/port.ts';
import { openSqliteIdempotencyStore } from '../../src/idempotency-store/sqlite-idempotency-store.ts';

const day = 24 * 60 * 60 * 1000;
const answer = (body: string) => ({ fingerprint: 'f1', statusCode: 201, body });

/** What every idempotency store must do, with a clock the test moves. */
function contract(open: (now: () => number) => Promise<IdempotencyStore>) {
  let clock = 1_800_000_000_000;
  let store: IdempotencyStore;
  beforeAll(async () => {
    store = await open(() => clock);
  });
  afterAll(() => store.close());

  it('keeps the first answer of a scope', async () => {
    await store.put('scope-a', answer('first'));
    await store.put('scope-a', answer('second'));
    expect(await store.get('scope-a')).toEqual(answer('first'));
    expect(await store.get('scope-unknown')).toBeNull();
  });

  it('forgets an answer after 24 hours, and then keeps a new one', async () => {
    await store.put('scope-b', answer('old'));
    clock += day - 1;
    expect(await store.get('scope-b')).toEqual(answer('old'));
    clock += 2;
    expect(await store.get('scope-b')).toBeNull();
    await store.put('scope-b', answer('new'));
    expect(await store.get('scope-b')).toEqual(answer('new'));
  });
}

describe('SQLite idempotency store (embedded profile)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'idempotency-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  contract(async (now) => openSqliteIdempotencyStore(dir, day, now));

  it('commits puts made together at once; a get waits for a put of its scope still committing', async () => {
    const groupDir = mkdtempSync(path.join(tmpdir(), 'idempotency-group-'));
    try {
      const store = openSqliteIdempotencyStore(groupDir, day);
      const puts = Array.from({ length: 50 }, (_, i) => store.put(`group-${i}`, answer(`${i}`)));
      expect(await store.get('group-7')).toEqual(answer('7'));
      await Promise.all(puts);
      // Resolved means committed: another connection to the file sees every answer.
      const other = new Database(path.join(groupDir, 'idempotency.sqlite'), { readonly: true });
      expect(other.prepare('SELECT count(*) FROM idempotency_keys').pluck().get()).toBe(50);
      other.close();
      // Accepted but not yet committed when the store closes: committed by close.
      void store.put('group-last', answer('last'));
      await store.close();
      const reopened = openSqliteIdempotencyStore(groupDir, day);
      for (const i of [0, 7, 49]) expect(await reopened.get(`group-${i}`)).toEqual(answer(`${i}`));
      expect(await reopened.get('group-last')).toEqual(answer('last'));
      await reopened.close();
      await expect(reopened.put('late', answer('late'))).rejects.toThrow(/closed/);
    } finally {
      rmSync(groupDir, { recursive: true, force: true });
    }
  });

  it('deletes expired answers from the table with every 500 puts', async () => {
    const purgeDir = mkdtempSync(path.join(tmpdir(), 'idempotency-purge-'));
    try {
      let clock = 1_900_000_000_000;
      const store = openSqliteIdempotencyStore(purgeDir, day, () => clock);
      const rows = (): unknown => {
        const other = new Database(path.join(purgeDir, 'idempotency.sqlite'), { readonly: true });
        try {
          return other.prepare('SELECT count(*) FROM idempotency_keys').pluck().get();
        } finally {
          other.close();
        }
      };
      await Promise.all(Array.from({ length: 10 }, (_, i) => store.put(`old-${i}`, answer('old'))));
      clock += day + 1;
      await Promise.all(
        Array.from({ length: 489 }, (_, i) => store.put(`new-${i}`, answer('new'))),
      );
      // 499 puts: the expired answers are still in the table (a get no longer returns them).
      expect(rows()).toBe(499);
      expect(await store.get('old-0')).toBeNull();
      await store.put('new-last', answer('new'));
      expect(rows()).toBe(490);
      await store.close();
    } finally {
      rmSync(purgeDir, { recursive: true, force: true });
    }
  });
});

// The server is the run's (mongo-wire.global-setup.ts): MONGODB_URL's, or FerretDB.
describe(`MongoDB idempotency store (${inject('mongoServer')})`, () => {
  const url = inject('mongoUrl');
  const dbName = `idempotency_store_test_${process.pid}`;
  // The test's own connection, to look into the collection the stores write.
  const client = new MongoClient(url);
  const db = client.db(dbName);
  afterAll(async () => {
    await db.dropDatabase();
    await client.close();
  });
  contract((now) => openMongoIdempotencyStore({ url, dbName }, day, now));

  it('deletes expired answers from the collection, at most once a minute', async () => {
    let clock = 1_900_000_000_000;
    const entries = db.collection<{ _id: string }>('idempotencyKeys');
    const store = await openMongoIdempotencyStore({ url, dbName }, day, () => clock);
    await store.put('sweep-old', answer('old'));
    clock += day + 1;
    await store.put('sweep-new', answer('new'));
    await store.close();
    expect(await entries.countDocuments({ _id: 'sweep-old' })).toBe(0);
    expect(await entries.countDocuments({ _id: 'sweep-new' })).toBe(1);
  });
});
