import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type Database from 'better-sqlite3';
import { sealedPartsMember, sealPersonalData } from '../personal-data/sealing.ts';

/** `PRAGMA user_version` of a log whose personal data is all sealed. */
const sealedLogVersion = 1;
const rowsPerTransaction = 2_000;

/**
 * The one-off migration of a log written before personal data was sealed: each event holding
 * personal data in clear is rewritten in its sealed form, with the same position, ids, times and
 * meaning (it opens to what was appended). This is the only rewrite of recorded events; it runs
 * once, when a store first opens such a file, in transactions of a few thousand rows (readers meet
 * clear and sealed rows alike and read both the same way; a crash resumes where it stopped).
 * `secure_delete` zeroes the clear text in the pages, and the WAL is truncated at the end.
 *
 * Keys are made on `db`, inside its transactions: a second connection would wait for this one's
 * write lock.
 */
export function sealEventsStoredInClear(db: Database.Database): number {
  if (Number(db.pragma('user_version', { simple: true })) >= sealedLogVersion) return 0;
  const keys = new Map<string, KeyObject | null>();
  const findKey = db
    .prepare<[string], Buffer | null>('SELECT key FROM personal_data_keys WHERE subject = ?')
    .pluck();
  const makeKey = db.prepare<[string, Buffer, string]>(
    'INSERT INTO personal_data_keys (subject, key, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const keyFor = (subject: string): KeyObject | null => {
    if (!keys.has(subject)) {
      if (findKey.get(subject) === undefined)
        makeKey.run(subject, randomBytes(32), new Date().toISOString());
      const raw = findKey.get(subject);
      keys.set(subject, raw ? createSecretKey(raw) : null);
    }
    return keys.get(subject) ?? null;
  };
  const page = db.prepare<
    [number, number],
    { position: number; type: string; data: string; metadata: string }
  >(
    'SELECT position, type, data, metadata FROM events WHERE position > ? ORDER BY position LIMIT ?',
  );
  const update = db.prepare<[string, string, number]>(
    'UPDATE events SET data = ?, metadata = ? WHERE position = ?',
  );
  const sealPage = db.transaction((after: number): { last: number; sealed: number } => {
    const rows = page.all(after, rowsPerTransaction);
    let sealed = 0;
    for (const row of rows) {
      if (row.data.includes(`"${sealedPartsMember}"`)) continue;
      const stored = sealPersonalData(
        row.type,
        JSON.parse(row.data) as object,
        JSON.parse(row.metadata) as object,
        keyFor,
      );
      const data = JSON.stringify(stored.data);
      const metadata = JSON.stringify(stored.metadata);
      if (data === row.data && metadata === row.metadata) continue;
      update.run(data, metadata, row.position);
      sealed += 1;
    }
    return { last: rows.at(-1)?.position ?? after, sealed };
  });

  db.pragma('secure_delete = ON');
  try {
    let sealed = 0;
    for (let after = 0; ;) {
      const done = sealPage.immediate(after);
      sealed += done.sealed;
      if (done.last === after) break;
      after = done.last;
    }
    db.pragma(`user_version = ${sealedLogVersion}`);
    if (sealed > 0) db.pragma('wal_checkpoint(TRUNCATE)');
    return sealed;
  } finally {
    db.pragma('secure_delete = OFF');
  }
}
