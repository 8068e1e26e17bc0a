import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openMongoIdempotencyStore } from '../../src/idempotency-store/mongo-idempotency-store.ts';
import type { IdempotencyStore } from '../../src/idempotency-store/port.ts';
import { openSqliteIdempotencyStore } from '../../src/idempotency-store/sqlite-idempotency-store.ts';

const day = 24 * 60 * 60 * 1000;
const answer = (body: string, owner: string | null = 'uid-buyer') => ({
  fingerprint: 'f1',
  statusCode: 201,
  body,
  owner,
});

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

  it('forgets every answer of one owner, and only theirs', async () => {
    await store.put('scope-alice-1', answer('alice 1', 'uid-alice'));
    await store.put('scope-alice-2', answer('alice 2', 'uid-alice'));
    await store.put('scope-bob', answer('bob', 'uid-bob'));
    await store.put('scope-nobody', answer('signed out', null));
    await store.forgetAnswersOf('uid-alice');
    expect(await store.get('scope-alice-1')).toBeNull();
    expect(await store.get('scope-alice-2')).toBeNull();
    expect(await store.get('scope-bob')).toEqual(answer('bob', 'uid-bob'));
    expect(await store.get('scope-nobody')).toEqual(answer('signed out', null));
    // Forgetting someone with no answers changes nothing; the store keeps answers afterwards.
    await store.forgetAnswersOf('uid-nobody-known');
    await store.put('scope-alice-3', answer('alice 3', 'uid-alice'));
    expect(await store.get('scope-alice-3')).toEqual(answer('alice 3', 'uid-alice'));
  });

  it('forgets a put of the owner accepted before the forget, even if not yet stored', async () => {
    const putting = store.put('scope-carol', answer('carol', 'uid-carol'));
    await store.forgetAnswersOf('uid-carol');
    await putting;
    expect(await store.get('scope-carol')).toBeNull();
  });
}

/** Every file of `dir` that holds `text`, read as bytes. */
const filesHolding = (dir: string, text: string): string[] =>
  readdirSync(dir).filter((name) =>
    readFileSync(path.join(dir, name)).includes(Buffer.from(text, 'utf8')),
  );

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

  it("leaves no byte of a forgotten user's answers in any file of the data folder", async () => {
    const erasureDir = mkdtempSync(path.join(tmpdir(), 'idempotency-erasure-'));
    try {
      const store = openSqliteIdempotencyStore(erasureDir, day);
      const personal = 'Quentin Xylophone-Erased, quentin.erased@example.test, +33 6 99 88 77 66';
      const bodyOf = (i: number, text: string): string =>
        JSON.stringify({ acknowledged: true, insertedId: `booking-${i}`, buyer: text });
      // Interleaved with others' answers, so that pages split and cells move; one answer larger
      // than a page, kept in overflow pages.
      const others = 'Other Person, other@example.test';
      for (let round = 0; round < 4; round++) {
        await Promise.all(
          Array.from({ length: 300 }, (_, i) =>
            store.put(`other-${round}-${i}`, answer(bodyOf(i, others), `uid-other-${i % 7}`)),
          ),
        );
        await store.put(`quentin-${round}`, answer(bodyOf(round, personal), 'uid-quentin'));
        // Part of it in the file itself, part only in the WAL.
        if (round === 1) {
          const reader = new Database(path.join(erasureDir, 'idempotency.sqlite'));
          reader.pragma('wal_checkpoint(PASSIVE)');
          reader.close();
        }
      }
      await store.put('quentin-large', answer(bodyOf(9, personal.repeat(400)), 'uid-quentin'));
      expect(filesHolding(erasureDir, personal)).not.toEqual([]);

      await store.forgetAnswersOf('uid-quentin');
      expect(filesHolding(erasureDir, personal)).toEqual([]);
      expect(filesHolding(erasureDir, 'quentin.erased@example.test')).toEqual([]);
      // The others' answers stay, and the store keeps answers afterwards.
      expect(await store.get('other-3-299')).toEqual(answer(bodyOf(299, others), 'uid-other-5'));
      await store.put('after', answer('after', 'uid-other-1'));
      await store.close();
      expect(filesHolding(erasureDir, personal)).toEqual([]);
      const reopened = openSqliteIdempotencyStore(erasureDir, day);
      expect(await reopened.get('quentin-0')).toBeNull();
      expect(await reopened.get('after')).toEqual(answer('after', 'uid-other-1'));
      await reopened.close();
    } finally {
      rmSync(erasureDir, { recursive: true, force: true });
    }
  });

  it('opens a file made before answers had owners: its answers still answer, with none', async () => {
    const oldDir = mkdtempSync(path.join(tmpdir(), 'idempotency-old-'));
    try {
      const old = new Database(path.join(oldDir, 'idempotency.sqlite'));
      old.pragma('journal_mode = WAL');
      old.exec(`CREATE TABLE idempotency_keys (
          scope TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, status_code INTEGER NOT NULL,
          body TEXT NOT NULL, created_at INTEGER NOT NULL
        ) STRICT`);
      old
        .prepare('INSERT INTO idempotency_keys VALUES (?, ?, ?, ?, ?)')
        .run('scope-old', 'f1', 201, 'kept before', Date.now());
      old.close();
      const store = openSqliteIdempotencyStore(oldDir, day);
      expect(await store.get('scope-old')).toEqual(answer('kept before', null));
      await store.put('scope-new', answer('kept after', 'uid-dora'));
      await store.forgetAnswersOf('uid-dora');
      expect(await store.get('scope-new')).toBeNull();
      expect(await store.get('scope-old')).toEqual(answer('kept before', null));
      await store.close();
    } finally {
      rmSync(oldDir, { recursive: true, force: true });
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
      // It reads the expired answers only, however many live ones the table holds.
      const other = new Database(path.join(purgeDir, 'idempotency.sqlite'), { readonly: true });
      const plan = other
        .prepare('EXPLAIN QUERY PLAN DELETE FROM idempotency_keys WHERE created_at <= ?')
        .all(0) as { detail: string }[];
      other.close();
      expect(plan.map((step) => step.detail).join('; ')).toMatch(/USING .*INDEX/);
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

  it('answers a document kept before answers had owners, with none', async () => {
    interface OldEntry {
      _id: string;
      fingerprint: string;
      statusCode: number;
      body: string;
      createdAt: Date;
    }
    const entries = db.collection<OldEntry>('idempotencyKeys');
    const store = await openMongoIdempotencyStore({ url, dbName }, day);
    await entries.insertOne({
      _id: 'scope-old',
      fingerprint: 'f1',
      statusCode: 201,
      body: 'kept before',
      createdAt: new Date(),
    });
    expect(await store.get('scope-old')).toEqual(answer('kept before', null));
    await store.forgetAnswersOf('uid-dora');
    expect(await store.get('scope-old')).toEqual(answer('kept before', null));
    await store.close();
  });

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
