import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PersonalDataKeys } from '../../src/personal-data/key-store.ts';
import { openMongoPersonalDataKeys } from '../../src/personal-data/mongo-key-store.ts';
import { SqlitePersonalDataKeys } from '../../src/personal-data/sqlite-key-store.ts';
import { temporaryDirectory, uniqueStream } from '../store/fixtures.ts';

/** What every key store must do: one key per person, kept until erased, then gone for good. */
function contract(open: () => PersonalDataKeys) {
  let keys: PersonalDataKeys;
  beforeAll(() => {
    keys = open();
  });
  afterAll(() => keys.close());

  it('makes a key on first use and answers the same key afterwards, to every caller', async () => {
    const [ann, bob] = [uniqueStream('ann'), uniqueStream('bob')];
    expect((await keys.find([ann])).get(ann)).toBeNull();
    const made = await keys.obtain([ann, bob]);
    const again = await Promise.all([keys.obtain([ann]), keys.find([ann, bob])]);
    const exported = (map: ReadonlyMap<string, { export(): Buffer } | null>, subject: string) =>
      map.get(subject)?.export().toString('hex');
    expect(exported(made, ann)).toHaveLength(64);
    expect(exported(again[0], ann)).toBe(exported(made, ann));
    expect(exported(again[1], bob)).toBe(exported(made, bob));
    expect(exported(made, ann)).not.toBe(exported(made, bob));
  });

  it('erases a key for good: found and obtained as null, others untouched', async () => {
    const [ann, bob] = [uniqueStream('ann'), uniqueStream('bob')];
    await keys.obtain([ann, bob]);
    await keys.erase(ann);
    await keys.erase(ann);
    expect((await keys.find([ann])).get(ann)).toBeNull();
    expect((await keys.obtain([ann])).get(ann)).toBeNull();
    expect((await keys.find([bob])).get(bob)).not.toBeNull();
  });

  it("sees another handle's erasure at its next lookup, however recently it used the key", async () => {
    const other = open();
    try {
      const ann = uniqueStream('ann');
      expect((await keys.obtain([ann])).get(ann)).not.toBeNull();
      expect((await keys.find([ann])).get(ann)).not.toBeNull();
      await other.erase(ann);
      expect((await keys.find([ann])).get(ann)).toBeNull();
      expect((await keys.obtain([ann])).get(ann)).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('erases a person who never had a key, so that none is made for them later', async () => {
    const never = uniqueStream('never');
    await keys.erase(never);
    expect((await keys.obtain([never])).get(never)).toBeNull();
  });
}

describe('SQLite personal-data keys (the embedded log)', () => {
  const { dir, remove } = temporaryDirectory();
  afterAll(remove);
  contract(() => new SqlitePersonalDataKeys(join(dir, 'events.sqlite3')));

  it('leaves no byte of an erased key in the file or its WAL', async () => {
    const file = join(dir, 'erased.sqlite3');
    const keys = new SqlitePersonalDataKeys(file);
    const subject = uniqueStream('ann');
    const key = (await keys.obtain([subject])).get(subject)?.export();
    if (!key) throw new Error('no key made');
    const inFiles = () =>
      readdirSync(dir)
        .filter((name) => name.startsWith('erased.sqlite3'))
        .some((name) => readFileSync(join(dir, name)).includes(key));
    expect(inFiles()).toBe(true);
    await keys.erase(subject);
    expect(inFiles()).toBe(false);
    await keys.close();
  });
});

describe(`MongoDB personal-data keys (${inject('mongoServer')})`, () => {
  const url = inject('mongoUrl');
  contract(() => openMongoPersonalDataKeys({ url, dbName: `keys_${process.pid}` }));
});
