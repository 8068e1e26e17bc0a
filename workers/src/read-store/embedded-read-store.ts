import { hash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { setImmediate } from 'node:timers/promises';
import { BackgroundCheckpoints, leftToCheckpointThread, type RecordedEvent } from '@resale/events';
import { truncateWal } from '@resale/events/sqlite-writer';
import Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import {
  applyEvent,
  documentsOf,
  type StoredRecord,
  type SyncDocuments,
} from '../projections/apply-event.ts';
import type {
  FieldValue,
  ReadModelChange,
  ReadModelDocument,
  ReadModelName,
} from '../projections/projection.ts';
import { readModels, readModelNames } from '../projections/registry.ts';
import { searchWords } from '../projections/search-words.ts';
import { assertValidQuery, decodeCursor, pageOf } from './document-query.ts';
import {
  type DocumentFilter,
  type DocumentQuery,
  type Page,
  type PageRequest,
  type ReadModelHashes,
  type ReadModelSwaps,
  type ReadStore,
  type RebuildTarget,
} from './port.ts';
import { compareAsSqlite } from './memory-documents.ts';
import { everyModel, RebuildProgress, shadowOf } from './rebuild-progress.ts';
import { ModelHasher, type StoredForm } from './stored-form.ts';
import { workerThreadNames } from '../thread-names.ts';

/*
 * The embedded read store: one SQLite file (WAL, synchronous=NORMAL) with a table of JSON documents
 * per read model. The guard fields are columns (`position`, `deleted`); every query has an
 * expression index over json_extract(doc, ...). All writes of a batch of events, the
 * checkpoints covering them and the record of which events were applied commit in one
 * transaction, so neither runs ahead of or behind the documents.
 *
 * A rebuild writes into shadow tables (`<table>__rebuild`) through its own connection and swaps
 * them in with renames inside one transaction.
 *
 * Why NORMAL and not FULL, as the event store: read models are derived from the log, which is
 * synced on every commit. In WAL mode a NORMAL commit is atomic and survives the process being
 * killed (it is in the WAL, in the OS's cache); only an OS crash or power loss can take the last
 * commits back, and then their checkpoints with them, so the projector applies those events again
 * from the log. Syncing every projection batch on the gateway's event loop would cost a large share
 * of its CPU per booking.
 */

export interface EmbeddedReadStoreOptions {
  /** Path of the SQLite file; created when missing. */
  readonly file: string;
  /**
   * Documents a rebuild holds in memory at most (about 1 KB each); past them it writes out
   * those it used least recently (RecentDocuments). Default 25,000.
   */
  readonly rebuildMemoryLimit?: number;
  /**
   * Above this many matches a keyword search walks the order's index (WordsPlan); by default
   * it grows with the table (broadSearchMatchesOf).
   */
  readonly broadSearchMatches?: number;
  /**
   * Rows of the list a walk goes along at most before the search reads its matches instead; by
   * default it grows with the table (walkRowsOf).
   */
  readonly searchWalkRows?: number;
  /**
   * Above this many matches a walk checks each row's own words; by default an eighth of the
   * table (veryBroadSearchMatchesOf).
   */
  readonly veryBroadSearchMatches?: number;
  /** Above this many matches a keyword search walks its rarest word's lists; default 1,000. */
  readonly listedSearchMatches?: number;
  /**
   * The most words a query's word may begin for its lists to be walked (merged); default 64.
   * 0: no search walks the word lists.
   */
  readonly listedWordsPerPrefix?: number;
  /** Entries of each list a walk takes in its first step (then 4 times more each step). */
  readonly listedFirstStep?: number;
  /**
   * A keyword search bounded on a field its word lists are ordered by (a price range) reads
   * the entries of its word within the bounds when there are at most this many; default 1,000.
   */
  readonly rangeListedMatches?: number;
}

/** Thrown when SQLite cannot be made safe for the read models (WAL, synchronous NORMAL or more). */
export class ReadStoreNotDurableError extends Error {
  readonly file: string;
  readonly problems: string[];

  constructor(file: string, problems: string[]) {
    super(`Refusing to open read store ${file}: ${problems.join('; ')}`);
    this.file = file;
    this.problems = problems;
    this.name = 'ReadStoreNotDurableError';
  }
}

type Db = Database.Database;
type Statement = Database.Statement<unknown[], unknown>;
type DocumentRow = { id: string; position: number; deleted: number; doc: string };

const checkpointsTable = 'read_model_checkpoints';
/** Positions of the events applied to every read model, beyond `appliedThroughTable`. */
const appliedTable = 'applied_events';
/** One row: every event up to this position is applied (set by a full rebuild). */
const appliedThroughTable = 'applied_through';
/** Per read model: rebuilds swapped in and the position of the latest. */
const swapsTable = 'read_model_swaps';

/** SQL for a field: guard fields are columns, visible ones live in the JSON document. */
function fieldSql(field: string): string {
  if (field === '_id') return 'id';
  if (field === '_position') return 'position';
  return `json_extract(doc, '$.${field}')`;
}

/**
 * A boolean as SQL text. A query's booleans are written in its text, not bound: SQLite uses a
 * partial index (IndexSpec's `only`) only for a query whose text implies the index's condition.
 */
const booleanSql = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** SQLite's JSON functions read true/false as 1/0. */
const sqlValue = (value: FieldValue): string | number | null =>
  typeof value === 'boolean' ? booleanSql(value) : value;

/**
 * The FTS5 table indexing the search words of a read model's table (`searchText`), row by row:
 * its rowid is the document row's. It holds the words as search-words.ts makes them, separated
 * by spaces, so that SQLite's tokenizer splits them and changes nothing else: the same words as
 * the MongoDB store's, and a query's prefixes match the same documents in both.
 */
const searchTableOf = (table: string): string => `${table}__search`;

/** The FTS5 query for word prefixes: every word, each as a prefix ("sam"* "gal"*). */
const matchOf = (words: readonly string[]): string => words.map((word) => `"${word}"*`).join(' ');

/** The text a document row holds in the search table; null: none (deleted, or no search). */
function searchTextOf(model: ReadModelName, record: StoredRecord): string | null {
  const { searchText } = readModels[model];
  if (!searchText || record.deleted || !record.doc) return null;
  return searchWords(searchText(record.doc)).join(' ');
}

/**
 * The orders a searchable read model's word lists are kept in: the first field of each of its
 * indexes led by one field then `_id` (the orders its searches ask for; the fields after them
 * are what the searches filter by).
 */
function wordListFieldsOf(model: ReadModelName): string[] {
  const { searchText, indexes } = readModels[model];
  if (!searchText) return [];
  return indexes.flatMap(({ fields: [first, second] }) =>
    first && second?.[0] === '_id' && first[0] !== '_id' ? [first[0]] : [],
  );
}

/**
 * A word list: for each word of the table's documents, the documents having it (their rowids),
 * in the order of one field (`value`, the document's value of it). A keyword search walks the
 * lists of its rarest word in the order asked, so that a page fills after a few rows however
 * many products match. Documents without a value of the field are not listed.
 */
const wordListOf = (table: string, field: string): string => `${table}__words_by_${field}`;

/**
 * The FTS5 table of a filter field's values (`searchFilterFields`): each document's search words,
 * each led by the tag of the document's value (`valueTagOf`). A search filtered on one value (a
 * brand) matches its words there among that value's documents alone. In the search table the
 * words' entries are every value's, and when few documents of the value have every word (another
 * brand's model) intersecting them reads them whole. Contentless: it answers rowids only.
 */
const valueSearchTableOf = (table: string, field: string): string => `${table}__search_by_${field}`;

/** Characters of a value's tag: a token of the values' table is a tag, then a word. */
const valueTagLength = 6;

/** A value's tag: letters and digits the tokenizer keeps whole (two values rarely share one). */
export const valueTagOf = (value: string | number): string =>
  hash('sha256', `${typeof value}:${value}`, 'hex').slice(0, valueTagLength);

/** A document's words as the values' table holds them: each led by its value's tag. */
const taggedWordsOf = (words: string, value: string | number): string => {
  const tag = valueTagOf(value);
  return words
    .split(' ')
    .filter((word) => word.length > 0)
    .map((word) => tag + word)
    .join(' ');
};

/**
 * Where a query's words are matched, and the MATCH: among one value's documents when the query
 * asks for one value of a filter field and has a word that is not one of the value's own (a
 * brand's own words, which each of its documents has, are left out there: their entries are
 * every document of the value, and reading them would cost what the table saves); otherwise in
 * the search table.
 */
function wordsMatchOf(
  model: ReadModelName,
  table: string,
  words: readonly string[],
  where: DocumentQuery['where'],
): { search: string; match: string } {
  for (const field of filterFieldsOf(model)) {
    const asked = where?.[field];
    if (asked === undefined || asked === null) continue;
    const value = sqlValue(asked);
    if (value === null) continue;
    const own = searchWords(String(value));
    const others = words.filter((word) => !own.some((ownWord) => ownWord.startsWith(word)));
    if (others.length === 0) continue;
    const tag = valueTagOf(value);
    return {
      search: valueSearchTableOf(table, field),
      match: matchOf(others.map((word) => tag + word)),
    };
  }
  return { search: searchTableOf(table), match: matchOf(words) };
}

/** How many documents have each word: which of a query's words is the rarest. */
const wordCountsOf = (table: string): string => `${table}__word_counts`;

/** The fields a searchable read model counts its words per value of (`searchFilterFields`). */
const filterFieldsOf = (model: ReadModelName): readonly string[] =>
  readModels[model].searchText ? (readModels[model].searchFilterFields ?? []) : [];

/**
 * How many documents of each value of a field have each word: a search filtered on a value
 * (a brand) with a word none of its documents has (another brand's name) finds nothing, known
 * here at once where the word's many other documents would be read to learn it.
 */
const wordCountsByOf = (table: string, field: string): string =>
  `${table}__word_counts_by_${field}`;

/** The fields each entry of a searchable read model's word lists carries (`searchListedFields`). */
const carriedFieldsOf = (model: ReadModelName): readonly string[] =>
  readModels[model].searchText ? (readModels[model].searchListedFields ?? []) : [];

/** The column of a word list holding a field it carries. */
const carriedColumnOf = (field: string): string => `"carried_${field}"`;

/** The fields whose values a document's search entries depend on: its lists', its counts'. */
const searchValueFieldsOf = (model: ReadModelName): string[] => [
  ...new Set([...wordListFieldsOf(model), ...filterFieldsOf(model), ...carriedFieldsOf(model)]),
];

const tableExists = (db: Db, name: string): boolean =>
  db
    .prepare<[string], number>('SELECT count(*) FROM sqlite_master WHERE name = ?')
    .pluck()
    .get(name) === 1;

/**
 * How much new index data an FTS5 table keeps in memory before writing it out as a segment
 * (FTS5's `hashsize`, 1 MiB by default). A table filled from every document in one transaction
 * otherwise writes a great many small segments and merges them over and over; other writes are
 * small transactions, whose data is written out at their commit whatever this is.
 */
const fullTextPendingBytes = 16n * 1024n * 1024n;

/**
 * Creates an FTS5 table of one column, `words`, with prefix indexes of 1 to prefixIndexed
 * characters after a lead of `leadLength` characters each word starts with (a value's tag).
 * `detail = none`: a search asks which documents have every word, never where in them (no
 * phrases, NEAR or ranking), so the index keeps no positions, which made it far smaller and
 * quicker to fill. A table made with positions, by an earlier version, answers the same.
 */
function createFullTextTable(db: Db, name: string, leadLength: number, options = ''): void {
  const prefixes = Array.from({ length: prefixIndexed }, (_, i) => leadLength + i + 1);
  db.exec(
    `CREATE VIRTUAL TABLE "${name}" USING fts5(words, ${options ? `${options}, ` : ''}detail = none, tokenize = 'unicode61 remove_diacritics 0', prefix = '${prefixes.join(' ')}')`,
  );
  // An integer: FTS5 refuses a configuration value bound as a real.
  db.prepare(`INSERT INTO "${name}" ("${name}", rank) VALUES ('hashsize', ?)`).run(
    fullTextPendingBytes,
  );
}

/**
 * Creates the search table and the word lists of a searchable read model's table when missing,
 * filled from the documents already there (a file written before the read model was searchable
 * or before it had word lists, and a rebuild's tables, filled once at its end).
 */
function createSearchTables(db: Db, model: ReadModelName, table: string): void {
  if (!readModels[model].searchText) return;
  const search = searchTableOf(table);
  const fillSearch = !tableExists(db, search);
  if (fillSearch) {
    // Prefix indexes up to prefixIndexed characters: a MATCH of a prefix reads one entry of them.
    createFullTextTable(db, search, 0);
    const insert = db.prepare(`INSERT INTO "${search}" (rowid, words) VALUES (?, ?)`);
    // Page by page: a rebuild fills its search table here from a million documents or more.
    const page = db.prepare(
      `SELECT rowid, id, position, deleted, doc FROM "${table}" WHERE deleted = 0 AND rowid > ? ORDER BY rowid LIMIT 5000`,
    );
    for (let after = 0; ;) {
      const rows = page.all(after) as (DocumentRow & { rowid: number })[];
      const last = rows.at(-1);
      if (!last) break;
      for (const row of rows) {
        const text = searchTextOf(model, toRecord(row));
        if (text !== null) insert.run(row.rowid, text);
      }
      after = last.rowid;
    }
  }
  // The word lists and counts from the search table's words.
  const counts = wordCountsOf(table);
  if (!tableExists(db, counts)) {
    db.exec(
      `CREATE TABLE "${counts}" (word TEXT PRIMARY KEY, docs INTEGER NOT NULL) STRICT, WITHOUT ROWID`,
    );
    // Counted here rather than grouped in SQL, which sorts every word of every row first.
    const docs = new Map<string, number>();
    const rows = db.prepare(`SELECT words FROM "${search}"`).pluck().iterate() as Iterable<string>;
    for (const words of rows)
      if (words) for (const word of words.split(' ')) docs.set(word, (docs.get(word) ?? 0) + 1);
    const insert = db.prepare(`INSERT INTO "${counts}" (word, docs) VALUES (?, ?)`);
    for (const [word, count] of [...docs].sort(([a], [b]) => compareAsSqlite(a, b)))
      insert.run(word, count);
  }
  for (const field of filterFieldsOf(model)) {
    const countsBy = wordCountsByOf(table, field);
    if (tableExists(db, countsBy)) continue;
    db.exec(
      `CREATE TABLE "${countsBy}" (value NOT NULL, word TEXT NOT NULL, docs INTEGER NOT NULL, PRIMARY KEY (value, word)) WITHOUT ROWID`,
    );
    const docs = new Map<string | number, Map<string, number>>();
    const rows = db
      .prepare(
        `SELECT s.words, ${fieldSql(field)} FROM "${search}" AS s JOIN "${table}" ON "${table}".rowid = s.rowid`,
      )
      .raw()
      .iterate() as Iterable<[string, string | number | null]>;
    for (const [words, value] of rows) {
      if (!words || value === null) continue;
      let ofValue = docs.get(value);
      if (!ofValue) docs.set(value, (ofValue = new Map()));
      for (const word of words.split(' ')) ofValue.set(word, (ofValue.get(word) ?? 0) + 1);
    }
    const insert = db.prepare(`INSERT INTO "${countsBy}" (value, word, docs) VALUES (?, ?, ?)`);
    for (const [value, ofValue] of docs)
      for (const [word, count] of ofValue) insert.run(value, word, count);
  }
  for (const field of filterFieldsOf(model)) {
    const byValue = valueSearchTableOf(table, field);
    if (tableExists(db, byValue)) continue;
    // Prefix indexes of a tag and 1 to prefixIndexed characters of a word, as the search table's.
    createFullTextTable(db, byValue, valueTagLength, `content = '', contentless_delete = 1`);
    const insert = db.prepare(`INSERT INTO "${byValue}" (rowid, words) VALUES (?, ?)`);
    const page = db.prepare(
      `SELECT s.rowid, s.words, ${fieldSql(field)} FROM "${search}" AS s JOIN "${table}" ON "${table}".rowid = s.rowid
         WHERE s.rowid > ? ORDER BY s.rowid LIMIT 5000`,
    );
    for (let after = 0; ;) {
      const rows = page.raw().all(after) as [number, string | null, string | number | null][];
      const last = rows.at(-1);
      if (!last) break;
      for (const [rowid, words, value] of rows)
        if (words && value !== null) insert.run(rowid, taggedWordsOf(words, value));
      after = last[0];
    }
  }
  for (const field of wordListFieldsOf(model)) {
    const list = wordListOf(table, field);
    if (tableExists(db, list)) continue;
    // `value` without a type: numbers and texts as the document holds them, ordered as its index.
    // Not the field the list is ordered by: its value is that field's.
    const carried = carriedFieldsOf(model).filter((name) => name !== field);
    const carriedColumns = carried.map((name) => `, ${carriedColumnOf(name)}`).join('');
    // Each document's words as the search table's index holds them (fts5vocab, one row per word
    // and document), and the values the list holds read once per document: splitting each
    // document's words in SQL (json_each) and reading its values for each word cost several times
    // as much. Sorted before they are inserted: SQLite appends sorted rows to a B-tree far faster
    // than scattered ones.
    const words = `${list}__words`;
    const values = `${list}__values`;
    const carriedValues = carried.map((_, i) => `, c${i}`).join('');
    db.exec(`
      CREATE TABLE "${list}" (
        word  TEXT    NOT NULL,
        value         NOT NULL,
        doc   INTEGER NOT NULL${carriedColumns},
        PRIMARY KEY (word, value, doc)
      ) WITHOUT ROWID;
      CREATE VIRTUAL TABLE temp."${words}" USING fts5vocab(main, "${search}", instance);
      CREATE TEMP TABLE "${values}" (doc INTEGER PRIMARY KEY, value NOT NULL${carriedValues});
      INSERT INTO temp."${values}" (doc, value${carriedValues})
        SELECT rowid, ${fieldSql(field)}${carried.map((name) => `, ${fieldSql(name)}`).join('')}
        FROM "${table}" WHERE deleted = 0 AND ${fieldSql(field)} IS NOT NULL;
      INSERT INTO "${list}" (word, value, doc${carriedColumns})
        SELECT words.term, listed.value, listed.doc${carried.map((_, i) => `, listed.c${i}`).join('')}
        FROM temp."${words}" AS words JOIN temp."${values}" AS listed ON listed.doc = words.doc
        ORDER BY 1, 2, 3;
      DROP TABLE temp."${values}";
      DROP TABLE temp."${words}";
    `);
  }
}

const indexName = (collection: string, index: string, generation: 'a' | 'b'): string =>
  `ix_${collection}_${index}_${generation}`;

function configure(db: Db, synchronous: 'FULL' | 'NORMAL'): void {
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma('busy_timeout = 5000');
  // An erased user's data must not outlive its overwriting in free space of the file: SQLite
  // zeroes what a write or a drop frees. (The search tables hold no personal data: searchText,
  // dropSearchTables.)
  db.pragma('secure_delete = ON');
}

/** Thrown when the WAL could not be emptied: readers held it through every attempt. */
export class ReadStorePurgeError extends Error {
  readonly file: string;

  constructor(file: string) {
    super(`Could not empty the write-ahead log of ${file}: readers held it through every attempt`);
    this.file = file;
    this.name = 'ReadStorePurgeError';
  }
}

function durabilityProblems(db: Db): string[] {
  const problems: string[] = [];
  const journalMode = db.pragma('journal_mode', { simple: true });
  if (journalMode !== 'wal') problems.push(`journal_mode is ${String(journalMode)}, not wal`);
  const synchronous = db.pragma('synchronous', { simple: true });
  // 1 is NORMAL: enough in WAL mode for a store the log can rebuild (see above).
  if (typeof synchronous !== 'number' || synchronous < 1)
    problems.push(`synchronous is ${String(synchronous)}, not NORMAL (1) or more`);
  return problems;
}

/**
 * Creates a read model's table and indexes under `table` (the live name or a shadow). With
 * `indexes: 'none'` the table alone: a rebuild bulk-loads its shadow and creates the indexes at
 * the end, much faster than maintaining them row by row.
 */
function createModelTable(
  db: Db,
  model: ReadModelName,
  table: string,
  generation: 'a' | 'b',
  indexes: 'all' | 'none' = 'all',
): void {
  // `indexes: 'none'` leaves out the search table too: made with the indexes, from the documents.
  const { collection, indexes: specs } = readModels[model];
  db.exec(`
    CREATE TABLE IF NOT EXISTS "${table}" (
      id       TEXT    PRIMARY KEY,
      position INTEGER NOT NULL,
      deleted  INTEGER NOT NULL,
      doc      TEXT    NOT NULL
    ) STRICT;
  `);
  if (indexes === 'none') return;
  createSearchTables(db, model, table);
  const existing = new Set(
    db
      .prepare<[string], string>(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?",
      )
      .pluck()
      .all(table),
  );
  const declared = new Set(
    specs.flatMap((index) => [
      indexName(collection, index.name, 'a'),
      indexName(collection, index.name, 'b'),
    ]),
  );
  // An index an earlier version declared only costs writes now.
  for (const name of existing)
    if (name.startsWith(`ix_${collection}_`) && !declared.has(name))
      db.exec(`DROP INDEX "${name}"`);
  for (const index of specs) {
    const [a, b] = [indexName(collection, index.name, 'a'), indexName(collection, index.name, 'b')];
    if (existing.has(a) || existing.has(b)) continue;
    const columns = index.fields
      .map(([field, direction]) => `${fieldSql(field)}${direction === -1 ? ' DESC' : ''}`)
      .join(', ');
    const only = Object.entries(index.only ?? {})
      .map(([field, value]) => `${fieldSql(field)} = ${booleanSql(value)}`)
      .join(' AND ');
    db.exec(
      `CREATE INDEX "${indexName(collection, index.name, generation)}" ON "${table}"(${columns})${
        only ? ` WHERE ${only}` : ''
      }`,
    );
  }
}

/** Tables of read models that earlier versions kept and this one does not. */
function dropObsoleteTables(db: Db): void {
  db.exec(`
    DROP TABLE IF EXISTS "reportedProducts";
    DROP TABLE IF EXISTS "reportedProducts__rebuild";
    DROP TABLE IF EXISTS "reportedProducts__standing";
    DROP TABLE IF EXISTS "reportedProducts__rebuild__standing";
    DELETE FROM ${checkpointsTable} WHERE model = 'reportedProducts';
    DELETE FROM ${swapsTable} WHERE model = 'reportedProducts';
  `);
  for (const model of readModelNames) {
    const table = readModels[model].collection;
    db.exec(`
      DROP TABLE IF EXISTS "${table}__standing";
      DROP TABLE IF EXISTS "${table}__rebuild__standing";
    `);
  }
}

/** The tables beside a read model's table that its search keeps. */
const searchTablesOf = (model: ReadModelName, table: string): string[] =>
  readModels[model].searchText
    ? [
        searchTableOf(table),
        wordCountsOf(table),
        ...wordListFieldsOf(model).map((field) => wordListOf(table, field)),
        ...filterFieldsOf(model).map((field) => wordCountsByOf(table, field)),
        ...filterFieldsOf(model).map((field) => valueSearchTableOf(table, field)),
      ]
    : [];

/**
 * Drops search tables without zeroing the pages they free: they hold no personal data
 * (`searchText`), and zeroing a large catalog's search tables held a rebuild's swap, and the
 * write lock it takes, far longer than the drop itself.
 */
function dropSearchTables(db: Db, tables: readonly string[]): void {
  db.pragma('secure_delete = FAST');
  try {
    for (const table of tables) db.exec(`DROP TABLE IF EXISTS "${table}"`);
  } finally {
    db.pragma('secure_delete = ON');
  }
}

function dropShadowTable(db: Db, model: ReadModelName): void {
  db.exec(`DROP TABLE IF EXISTS "${shadowOf(model)}"`);
  dropSearchTables(db, searchTablesOf(model, shadowOf(model)));
}

/**
 * The generation letter of a live table's indexes; a shadow uses the other one (index names are
 * global in SQLite, and a shadow's indexes keep theirs after the swap).
 */
function generationOf(db: Db, model: ReadModelName): 'a' | 'b' {
  const { collection } = readModels[model];
  const found = db
    .prepare<[string, string], string>(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name GLOB ?",
    )
    .pluck()
    .get(collection, `ix_${collection}_*_b`);
  return found ? 'b' : 'a';
}

/**
 * Keyset paging: rows strictly after the cursor's values (f1, f2, ...) in the sort order, written
 * as `f1 <= v1 AND (f1 < v1 OR (f2 <= v2 AND (...)))` so that SQLite bounds the index range by
 * the first field (it does not for a row-value comparison on a descending index). `fields` says
 * which cursor value each placeholder takes.
 */
function keysetCondition(
  columns: readonly string[],
  beyond: '<' | '>',
): { sql: string; fields: number[] } {
  const [column, ...rest] = columns;
  if (column === undefined) throw new RangeError('A list needs an order');
  if (rest.length === 0) return { sql: `${column} ${beyond} ?`, fields: [0] };
  const inner = keysetCondition(rest, beyond);
  return {
    sql: `${column} ${beyond}= ? AND (${column} ${beyond} ? OR (${inner.sql}))`,
    fields: [0, 0, ...inner.fields.map((i) => i + 1)],
  };
}

interface FindSql {
  readonly sql: string;
  readonly params: (string | number | null)[];
}

/**
 * How a keyword search finds its page. 'matches': from the words' matches, each looked up and
 * the lot sorted (fast when few documents match). When many match, 'walk': along the order's
 * index instead, so that the page fills after a few steps where sorting every match would read
 * them all: the matches are gathered into a set first (reading a match costs far less than
 * looking its row up), and each row of the walk is checked against it. (A MATCH of the search
 * table by each row's rowid, as before, set up the whole query again for every row: walks that
 * went far, to matches at the other end of the order or to none at all, took seconds.)
 */
type WordsPlan = 'matches' | 'walk' | 'walk-words';

/**
 * Above this many matches (an eighth of the rows: a brand, a common word) a search walks the
 * order checking each row's own words (`walk-words`): the page fills within a few dozen rows,
 * where gathering every match into a set first reads them all.
 */
const veryBroadSearchMatchesOf = (rows: number): number => Math.round(rows / 8);

/** Rows a walk by each row's words goes along at most, before the set of matches is taken. */
const wordsWalkRows = 2_000;

/**
 * The SQL function `walk-words` checks each row with: words_begin(text, words), 1 when each of
 * the words (a JSON array of `queryWords`) begins a word of the text, the row's words as the
 * search table holds them (`searchTextOf`: searchWords' words, one space apart), which is what
 * the table's MATCH of `matchOf` says of that row.
 */
const wordsBeginFunction = 'words_begin';

function registerWordsBegin(db: Db): void {
  let asked = '';
  let words: string[] = [];
  db.function(
    wordsBeginFunction,
    { deterministic: true },
    (text: unknown, wordsJson: unknown): number => {
      if (typeof text !== 'string' || typeof wordsJson !== 'string') return 0;
      if (wordsJson !== asked) {
        words = JSON.parse(wordsJson) as string[];
        asked = wordsJson;
      }
      const own = text.split(' ');
      return words.every((word) => own.some((candidate) => candidate.startsWith(word))) ? 1 : 0;
    },
  );
}

/** Prefix indexes of 1 to 8 characters: most words typed are within them. */
const prefixIndexed = 8;

/**
 * How many matches make a walk cheaper than sorting them: sorting reads every match, the walk
 * checks about rows / matches rows per product of the page, each far dearer than reading a
 * match, so the two cost the same where matches² is a constant times rows: the ratio of those
 * two costs, measured with workers/bench/search.bench.ts.
 */
const broadSearchMatchesOf = (rows: number): number =>
  Math.max(1_000, Math.round(Math.sqrt(160 * rows)));

/**
 * Rows of the list a walk goes along at most before the search takes its matches instead, in
 * their own order: matches bunched at the far end of the order (the dearest phones for the
 * cheapest first) or none left by the other filters would otherwise walk the whole list.
 */
const walkRowsOf = (rows: number): number => Math.max(20_000, Math.round(rows / 10));

/**
 * How far a keyword search counts its matches: within it, a walk of the word lists goes no
 * further than `listedEntriesPerMatch` entries per match before the matches are read instead;
 * past it, reading them would cost more than walking the lists to their end.
 */
const countedMatches = 40_000;

/**
 * Entries of the word lists a walk reads per match before it reads the matches instead: an
 * entry checked in the lists costs about an eighth of a match found and read.
 */
const listedEntriesPerMatch = 8;

interface FindSqlOptions {
  readonly wordsPlan?: WordsPlan;
  /** The order's first field goes no further than this value (a walk's end). */
  readonly within?: FieldValue;
  /** What to select instead of the rows, and from which row on (the walk's end itself). */
  readonly select?: string;
  readonly offset?: number;
  /**
   * Rows of deleted documents too: then the order's index alone answers (for the walk's end,
   * where a deleted row only counts as one more row along).
   */
  readonly tombstones?: boolean;
  /** A count: no order, so every filter may use an index. */
  readonly counting?: boolean;
  /** The rows of a stretch of word lists (`listed`): only those, checked by their own words. */
  readonly listed?: ListedStretch;
  /** The rows of the words' matches, found already (`matchingRows`): only those. */
  readonly matched?: readonly number[];
}

/**
 * A stretch of the word lists of `words` in one order: `value` within the bounds, and only the
 * entries whose document has, for each of `others`, one of its words too (a query's other words,
 * each as the words it begins). Those are looked up in the same list by (word, value, doc), its
 * key: an entry is left out without reading its document or its words.
 */
interface ListedStretch {
  readonly list: string;
  readonly words: readonly string[];
  readonly bounds: readonly ListBound[];
  readonly carried: CarriedFilter;
  readonly others: readonly (readonly string[])[];
}

/** `value <op> bound`. */
type ListBound = readonly ['<' | '<=' | '>' | '>=', string | number];

const listBoundsSql = (bounds: readonly ListBound[]): string =>
  bounds.map(([op]) => ` AND value ${op} ?`).join('');

/** Two values of a list as SQLite orders them: numbers before texts. */
const compareListed = (a: string | number, b: string | number): number =>
  typeof a === 'number' && typeof b === 'number'
    ? a - b
    : typeof a === 'string' && typeof b === 'string'
      ? compareAsSqlite(a, b)
      : typeof a === 'number'
        ? -1
        : 1;

/**
 * The tightest of some bounds: one from below, one from above at most. SQLite bounds a walk of
 * the list's index by one of each and checks the others on every entry: a step past a value
 * many entries share went through all the entries from the query's own bound to it.
 */
function tightestBounds(bounds: readonly ListBound[]): ListBound[] {
  let below: ListBound | undefined;
  let above: ListBound | undefined;
  for (const bound of bounds) {
    const [op, value] = bound;
    if (op === '>' || op === '>=') {
      const order = below ? compareListed(value, below[1]) : 1;
      if (order > 0 || (order === 0 && op === '>')) below = bound;
    } else {
      const order = above ? compareListed(value, above[1]) : -1;
      if (order < 0 || (order === 0 && op === '<')) above = bound;
    }
  }
  return [...(below ? [below] : []), ...(above ? [above] : [])];
}

/**
 * A query's conditions on the fields a word list carries, on its columns: a walk of the list
 * leaves out the entries they exclude without reading their documents (a phone's years of use,
 * which the cheapest first pass over for the most part).
 */
interface CarriedFilter {
  readonly sql: string;
  readonly params: readonly (string | number)[];
}

function carriedFilterOf(fields: readonly string[], query: DocumentQuery): CarriedFilter {
  const conditions: string[] = [];
  const params: (string | number)[] = [];
  for (const field of fields) {
    const column = carriedColumnOf(field);
    const value = query.where?.[field];
    if (value !== undefined && value !== null) {
      conditions.push(`${column} = ?`);
      params.push(sqlValue(value) ?? 0);
    }
    const values = query.oneOf?.[field];
    if (values) {
      conditions.push(`${column} IN (SELECT value FROM json_each(?))`);
      params.push(JSON.stringify(values));
    }
    const range = query.range?.[field];
    if (range?.min !== undefined) {
      conditions.push(`${column} >= ?`);
      params.push(range.min);
    }
    if (range?.max !== undefined) {
      conditions.push(`${column} <= ?`);
      params.push(range.max);
    }
  }
  return { sql: conditions.map((condition) => ` AND ${condition}`).join(''), params };
}

function findSql(
  model: ReadModelName,
  table: string,
  query: DocumentQuery,
  {
    wordsPlan = 'matches',
    within,
    select = 'id, position, doc',
    offset,
    tombstones = false,
    listed,
    matched,
    counting = false,
  }: FindSqlOptions = {},
): FindSql {
  const direction = assertValidQuery(query);
  const conditions: string[] = [];
  const params: (string | number | null)[] = [];
  const [firstOrder] = query.orderBy;
  if (within !== undefined && firstOrder) {
    conditions.push(`${fieldSql(firstOrder[0])} ${direction === 'desc' ? '>=' : '<='} ?`);
    params.push(sqlValue(within));
  }
  // Rows found by rowid (a search's matches, a stretch of word lists) are few: SQLite must look
  // them up rather than walk an index of the filters (unary +: no index), which, for a brand
  // that other words name too, read every product of the brand.
  const byRowid =
    listed !== undefined ||
    matched !== undefined ||
    (wordsPlan === 'matches' && (query.words?.length ?? 0) > 0);
  const filterSql = (field: string): string => `${byRowid ? '+' : ''}${fieldSql(field)}`;
  for (const [field, value] of Object.entries(query.where ?? {})) {
    if (value === null) conditions.push(`${filterSql(field)} IS NULL`);
    else if (typeof value === 'boolean')
      conditions.push(`${filterSql(field)} = ${booleanSql(value)}`);
    else {
      conditions.push(`${filterSql(field)} = ?`);
      params.push(sqlValue(value));
    }
  }
  // A range or a list of values bounds the walk of the order's index when it is on the order's
  // first field; on another field (unary +: no index for it) it filters that walk, so that the
  // first page never waits for every match to be sorted. (An index led by such a field, with
  // hundreds of values asked, such as the verified sellers of a search, had every product of
  // theirs read and sorted for a page.)
  const [first] = query.orderBy;
  // One parameter whatever the number of values: one SQL text, one prepared statement.
  for (const [field, values] of Object.entries(query.oneOf ?? {})) {
    const value = field === first?.[0] || counting ? filterSql(field) : `+${fieldSql(field)}`;
    conditions.push(`${value} IN (SELECT value FROM json_each(?))`);
    params.push(JSON.stringify(values));
  }
  for (const [field, { min, max }] of Object.entries(query.range ?? {})) {
    const value = field === first?.[0] || counting ? filterSql(field) : `+${fieldSql(field)}`;
    if (min !== undefined) {
      conditions.push(`${value} >= ?`);
      params.push(min);
    }
    if (max !== undefined) {
      conditions.push(`${value} <= ?`);
      params.push(max);
    }
  }
  if (listed) {
    const others = listed.others
      .map(
        () =>
          ` AND EXISTS (SELECT 1 FROM "${listed.list}" AS other WHERE other.word IN (SELECT value FROM json_each(?)) AND other.value = entry.value AND other.doc = entry.doc)`,
      )
      .join('');
    conditions.push(
      `rowid IN (SELECT doc FROM "${listed.list}" AS entry WHERE word IN (SELECT value FROM json_each(?))${listBoundsSql(listed.bounds)}${listed.carried.sql}${others})`,
    );
    params.push(
      JSON.stringify(listed.words),
      ...listed.bounds.map(([, value]) => value),
      ...listed.carried.params,
      ...listed.others.map((words) => JSON.stringify(words)),
    );
  }
  if (matched) {
    conditions.push(`rowid IN (SELECT value FROM json_each(?))`);
    params.push(JSON.stringify(matched));
  } else if (query.words && query.words.length > 0) {
    if (!readModels[model].searchText) throw new RangeError(`${model} cannot be searched`);
    if (wordsPlan === 'walk-words') {
      const search = searchTableOf(table);
      conditions.push(
        `${wordsBeginFunction}((SELECT words FROM "${search}" WHERE rowid = "${table}".rowid), ?)`,
      );
      params.push(JSON.stringify(query.words));
    } else {
      const { search, match } = wordsMatchOf(model, table, query.words, query.where);
      // Unary + for a walk: the set is not used to find rows, only to check them.
      conditions.push(
        `${wordsPlan === 'walk' ? '+' : ''}rowid IN (SELECT rowid FROM "${search}" WHERE "${search}" MATCH ?)`,
      );
      params.push(match);
    }
  }
  const orderFields = query.orderBy.map(([field]) => field);
  if (query.page?.after !== undefined) {
    const values = decodeCursor(query.page.after, orderFields.length);
    const keyset = keysetCondition(orderFields.map(filterSql), direction === 'desc' ? '<' : '>');
    conditions.push(keyset.sql);
    params.push(...keyset.fields.map((i) => sqlValue(values[i] ?? null)));
  }
  // Last: SQLite checks the conditions in their order, and those on fields an index holds
  // before it reads the row, which this one needs.
  if (!tombstones) conditions.push('deleted = 0');
  const order = orderFields.map((f) => `${fieldSql(f)} ${direction.toUpperCase()}`).join(', ');
  let sql = `SELECT ${select} FROM "${table}" WHERE ${conditions.length > 0 ? conditions.join(' AND ') : '1'}`;
  if (!counting) sql += ` ORDER BY ${order}`;
  if (offset !== undefined) {
    sql += ' LIMIT 1 OFFSET ?';
    params.push(offset);
  } else if (query.page) {
    sql += ' LIMIT ?';
    params.push(query.page.limit + 1);
  }
  return { sql, params };
}

/**
 * Prepared statements kept per connection, the most recently used. Searches make a statement per
 * combination of filters, orders and word counts, and SQLite holds each prepared one in memory
 * outside V8's heap: unbounded, a gateway serving varied searches kept growing. One dropped is
 * finalized when collected, and prepared again if asked for.
 */
const preparedStatementsKept = 256;

/**
 * The documents of one set of tables (live or shadow) of a connection, with prepared statements
 * cached per SQL text.
 */
class DocumentTables {
  private readonly statements = new LRUCache<string, Statement>({ max: preparedStatementsKept });

  private readonly db: Db;
  private readonly tableOf: (model: ReadModelName) => string;

  /** Whether writes keep the search tables (a rebuild fills them once, at its end). */
  private readonly searchTables: 'kept' | 'filled-at-end';

  constructor(
    db: Db,
    tableOf: (model: ReadModelName) => string,
    searchTables: 'kept' | 'filled-at-end' = 'kept',
  ) {
    this.db = db;
    this.tableOf = tableOf;
    this.searchTables = searchTables;
  }

  statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  table(model: ReadModelName): string {
    return this.tableOf(model);
  }

  /** The columns of a table as it is now (a rebuild's swap may change them, in any process). */
  columnsOf(table: string): Set<string> {
    return new Set(
      this.statement('SELECT name FROM pragma_table_info(?)').pluck().all(table) as string[],
    );
  }

  /** A record as stored now, or null. */
  read(model: ReadModelName, id: string): StoredRecord | null {
    const row = this.statement(
      `SELECT id, position, deleted, doc FROM "${this.tableOf(model)}" WHERE id = ?`,
    ).get(id) as DocumentRow | undefined;
    return row ? toRecord(row) : null;
  }

  /** The records of those of `ids` the table has, in one query. */
  readMany(model: ReadModelName, ids: readonly string[]): StoredRecord[] {
    const rows = this.statement(
      `SELECT id, position, deleted, doc FROM "${this.tableOf(model)}" WHERE id IN (SELECT value FROM json_each(?))`,
    ).all(JSON.stringify(ids)) as DocumentRow[];
    return rows.map(toRecord);
  }

  private readonly documents: SyncDocuments = {
    load: (model, id) => this.read(model, id),
    save: (model, next) => this.write(model, next),
    // SQLite rewrites only the indexes holding the position (categories' order), not the doc's.
    savePosition: (model, next) =>
      this.statement(`UPDATE "${this.tableOf(model)}" SET position = ? WHERE id = ?`).run(
        next.position,
        next.id,
      ),
  };

  /** Writes a record as it is now, and its search words where the read model has them. */
  write(model: ReadModelName, record: StoredRecord): void {
    const table = this.tableOf(model);
    const upsert = `INSERT INTO "${table}" (id, position, deleted, doc) VALUES (?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, doc = excluded.doc`;
    const values = [
      record.id,
      record.position,
      record.deleted ? 1 : 0,
      JSON.stringify(record.doc ?? { _id: record.id }),
    ];
    if (!readModels[model].searchText || this.searchTables === 'filled-at-end') {
      this.statement(upsert).run(...values);
      return;
    }
    const fields = searchValueFieldsOf(model);
    const valuesBefore =
      fields.length === 0
        ? []
        : ((this.statement(
            `SELECT ${fields.map(fieldSql).join(', ')} FROM "${table}" WHERE id = ? AND deleted = 0`,
          )
            .raw()
            .get(record.id) as (string | number | null)[] | undefined) ?? []);
    const rowid = this.statement(`${upsert} RETURNING rowid`)
      .pluck()
      .get(...values) as number;
    const doc = record.deleted ? null : record.doc;
    this.writeSearchText(
      model,
      table,
      rowid,
      searchTextOf(model, record),
      fields.map((_, i) => valuesBefore[i] ?? null),
      fields.map((field) => sqlValue(doc?.[field] ?? null)),
    );
  }

  /**
   * Keeps a row's search words, their counts and its places in the word lists; most changes (a
   * booking, a report) change none of them.
   */
  private writeSearchText(
    model: ReadModelName,
    table: string,
    rowid: number,
    text: string | null,
    valuesBefore: readonly (string | number | null)[],
    valuesAfter: readonly (string | number | null)[],
  ): void {
    const search = searchTableOf(table);
    const before =
      (this.statement(`SELECT words FROM "${search}" WHERE rowid = ?`).pluck().get(rowid) as
        string | undefined) ?? null;
    const fields = searchValueFieldsOf(model);
    const valuesChanged = fields.some((_, i) => valuesBefore[i] !== valuesAfter[i]);
    if (before === text && !valuesChanged) return;
    const wordsBefore = before ? before.split(' ') : [];
    const wordsAfter = text ? text.split(' ') : [];
    if (before !== text) {
      if (before !== null) this.statement(`DELETE FROM "${search}" WHERE rowid = ?`).run(rowid);
      if (text !== null)
        this.statement(`INSERT INTO "${search}" (rowid, words) VALUES (?, ?)`).run(rowid, text);
      const counts = wordCountsOf(table);
      const had = new Set(wordsBefore);
      const has = new Set(wordsAfter);
      for (const word of wordsBefore)
        if (!has.has(word)) {
          this.statement(`UPDATE "${counts}" SET docs = docs - 1 WHERE word = ?`).run(word);
          this.statement(`DELETE FROM "${counts}" WHERE word = ? AND docs <= 0`).run(word);
        }
      for (const word of wordsAfter)
        if (!had.has(word))
          this.statement(
            `INSERT INTO "${counts}" (word, docs) VALUES (?, 1) ON CONFLICT (word) DO UPDATE SET docs = docs + 1`,
          ).run(word);
    }
    for (const field of filterFieldsOf(model)) {
      const i = fields.indexOf(field);
      const [old, now] = [valuesBefore[i] ?? null, valuesAfter[i] ?? null];
      const countsBy = wordCountsByOf(table, field);
      const kept = old === now ? new Set(wordsAfter) : new Set<string>();
      if (old !== null)
        for (const word of wordsBefore)
          if (!kept.has(word)) {
            this.statement(
              `UPDATE "${countsBy}" SET docs = docs - 1 WHERE value = ? AND word = ?`,
            ).run(old, word);
            this.statement(
              `DELETE FROM "${countsBy}" WHERE value = ? AND word = ? AND docs <= 0`,
            ).run(old, word);
          }
      const had = old === now ? new Set(wordsBefore) : new Set<string>();
      if (now !== null)
        for (const word of wordsAfter)
          if (!had.has(word))
            this.statement(
              `INSERT INTO "${countsBy}" (value, word, docs) VALUES (?, ?, 1) ON CONFLICT (value, word) DO UPDATE SET docs = docs + 1`,
            ).run(now, word);
      if (before === text && old === now) continue;
      // A row is in the values' table when it has search words and a value (as it is filled).
      const byValue = valueSearchTableOf(table, field);
      if (before && old !== null)
        this.statement(`DELETE FROM "${byValue}" WHERE rowid = ?`).run(rowid);
      if (text && now !== null)
        this.statement(`INSERT INTO "${byValue}" (rowid, words) VALUES (?, ?)`).run(
          rowid,
          taggedWordsOf(text, now),
        );
    }
    wordListFieldsOf(model).forEach((field) => {
      const list = wordListOf(table, field);
      const i = fields.indexOf(field);
      const [old, now] = [valuesBefore[i] ?? null, valuesAfter[i] ?? null];
      const columns = this.columnsOf(list);
      const carried = carriedFieldsOf(model).filter((name) =>
        columns.has(carriedColumnOf(name).slice(1, -1)),
      );
      const carriedNow = carried.map((name) => valuesAfter[fields.indexOf(name)] ?? null);
      // An entry whose carried values changed is written again, as one whose value changed.
      const same =
        old === now &&
        carried.every((name, j) => valuesBefore[fields.indexOf(name)] === carriedNow[j]);
      const kept = same ? new Set(wordsAfter) : new Set<string>();
      if (old !== null)
        for (const word of wordsBefore)
          if (!kept.has(word))
            this.statement(`DELETE FROM "${list}" WHERE word = ? AND value = ? AND doc = ?`).run(
              word,
              old,
              rowid,
            );
      const had = same ? new Set(wordsBefore) : new Set<string>();
      const columnsSql = carried.map((name) => `, ${carriedColumnOf(name)}`).join('');
      if (now !== null)
        for (const word of wordsAfter)
          if (!had.has(word))
            this.statement(
              `INSERT INTO "${list}" (word, value, doc${columnsSql}) VALUES (?, ?, ?${', ?'.repeat(carried.length)})`,
            ).run(word, now, rowid, ...carriedNow);
    });
  }

  /** Runs `work` in one (write) transaction. */
  inTransaction(work: () => void): void {
    this.db.transaction(work).immediate();
  }

  /** Applies events in order within the caller's (write) transaction. */
  apply(events: readonly RecordedEvent[], models: readonly ReadModelName[]): ReadModelChange[][] {
    return events.map((event) => applyEvent(event, models, this.documents));
  }

  hash(model: ReadModelName): string {
    const hasher = new ModelHasher();
    const rows = this.statement(
      `SELECT id, position, deleted, doc FROM "${this.tableOf(model)}" ORDER BY id`,
    ).iterate() as IterableIterator<DocumentRow>;
    for (const row of rows) hasher.add(storedFormOf(row));
    return hasher.digest();
  }
}

function toRecord(row: DocumentRow): StoredRecord {
  return row.deleted
    ? { id: row.id, position: row.position, deleted: true, doc: null }
    : {
        id: row.id,
        position: row.position,
        deleted: false,
        doc: JSON.parse(row.doc) as ReadModelDocument,
      };
}

function storedFormOf(row: DocumentRow): StoredForm {
  return row.deleted
    ? { _id: row.id, _position: row.position, _deleted: true }
    : { ...(JSON.parse(row.doc) as ReadModelDocument), _id: row.id, _position: row.position };
}

/**
 * The page cache of the connection of searches in steps, in KiB: small, since it is memory the
 * gateway holds on top of its connection's own (better-sqlite3's default, 16 MB), while the pages
 * a search reads are in the file system's cache anyway.
 */
const stepsCacheKiB = 2_048;

/** Runs a search's steps one after the other at once. */
function runAtOnce<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs a search's steps, each in its own turn of the event loop: other work runs between them. */
async function runInSteps<T>(steps: Generator<void, T>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await setImmediate();
  }
}

/** The settings of a search: EmbeddedReadStoreOptions' own. */
type SearchSettings = Pick<
  EmbeddedReadStoreOptions,
  | 'broadSearchMatches'
  | 'searchWalkRows'
  | 'veryBroadSearchMatches'
  | 'listedSearchMatches'
  | 'listedWordsPerPrefix'
  | 'listedFirstStep'
  | 'rangeListedMatches'
>;

/**
 * Finds the pages of list queries and searches on one connection's tables. A search that walks
 * goes in steps (a stretch of word lists, a batch of matches, a walk of an index): `find` yields
 * between them, so that its caller may let other work run meanwhile (`runInSteps`) or run them
 * all at once (`runAtOnce`).
 */
class DocumentSearch {
  private readonly tables: DocumentTables;
  private readonly settings: SearchSettings;

  constructor(tables: DocumentTables, settings: SearchSettings) {
    this.tables = tables;
    this.settings = settings;
  }

  /** A query's page, found in steps: it yields between them (see the class). */
  *find<D extends ReadModelDocument>(
    model: ReadModelName,
    query: DocumentQuery,
  ): Generator<void, Page<D>> {
    const table = this.tables.table(model);
    const page = query.page;
    if (this.noneOfValueHasWord(model, table, query)) return { items: [], nextCursor: null };
    const inRange = page ? this.findInRangeOfLists<D>(model, table, query) : null;
    if (inRange) return inRange;
    const few = this.settings.listedSearchMatches ?? 1_000;
    // The rows of the matches when there are few: found once, for the plan and the page (finding
    // few matches among words that many documents have costs as much as reading them).
    const matched = page ? this.matchingRows(model, query, few) : null;
    const fewMatched = matched !== null && matched.length <= few ? matched : undefined;
    if (page && matched !== null && !fewMatched) {
      // The walk goes on while it has read at most listedEntriesPerMatch entries per match
      // (past countedMatches of them, to the lists' end), then the matches are read instead:
      // leaving an entry out in the lists alone costs a fraction of reading a match, and both
      // read the documents of the entries that have every word. The matches are counted as far
      // as the walk needs, when it needs: counting them all costs as much as a short walk. The
      // matches are taken on from the last one taken, at least twice as many each time, and
      // kept: the page is made of them when the walk stops. None is taken once they came short
      // of what was asked: that is all of them.
      const found = [...matched];
      let all = false;
      let fewer = false;
      const mayWalk = (walked: number): boolean => {
        if (this.settings.searchWalkRows !== undefined) {
          if (walked <= this.settings.searchWalkRows) return true;
          fewer = this.countMatches(model, query, countedMatches) <= countedMatches;
          return false;
        }
        const needed = Math.min(Math.ceil(walked / listedEntriesPerMatch), countedMatches);
        if (needed <= found.length) return true;
        if (!all) {
          const bound = Math.min(Math.max(needed, 2 * found.length), countedMatches);
          const more = this.matchingRows(model, query, bound - found.length, found.at(-1)) ?? [];
          found.push(...more);
          all = found.length <= bound;
        }
        fewer = found.length < needed;
        return !fewer;
      };
      yield;
      const listed = yield* this.walkWordLists<D>(model, table, query, page, mayWalk);
      if (listed === 'too-far' && fewer) {
        yield;
        return this.findRows<D>(findSql(model, table, query, all ? { matched: found } : {}), query);
      }
      if (listed !== 'not-listed' && listed !== 'too-far') return listed;
    }
    const plan = this.wordsPlan(model, query, fewMatched?.length);
    if (page && plan === 'walk-words') {
      yield;
      const walked = this.walkFor<D>(model, table, query, page, 'walk-words', wordsWalkRows);
      if (walked) return walked;
    }
    if (page && plan !== 'matches') {
      yield;
      const walked = this.walkFor<D>(
        model,
        table,
        query,
        page,
        'walk',
        walkRowsOf(this.rowsOf(table)),
      );
      if (walked) return walked;
      yield;
    }
    return this.findRows<D>(
      findSql(model, table, query, fewMatched ? { matched: fewMatched } : {}),
      query,
    );
  }

  /**
   * A walk as far as the row `rows` rows along the list (or the searchWalkRows setting); null
   * when the page is not full by then, to be taken another way.
   */
  private walkFor<D extends ReadModelDocument>(
    model: ReadModelName,
    table: string,
    query: DocumentQuery,
    page: PageRequest,
    wordsPlan: WordsPlan,
    rows: number,
  ): Page<D> | null {
    // The end is in the list within the order's own range, found in the order's index alone:
    // other filters would have each row read to find it.
    const first = query.orderBy[0]?.[0] ?? '_id';
    const ownRange = query.range?.[first];
    const endSql = findSql(
      model,
      table,
      { orderBy: query.orderBy, page, ...(ownRange ? { range: { [first]: ownRange } } : {}) },
      { select: fieldSql(first), offset: this.settings.searchWalkRows ?? rows, tombstones: true },
    );
    const end = this.tables
      .statement(endSql.sql)
      .pluck()
      .get(...endSql.params) as FieldValue | undefined;
    const walked = this.findRows<D>(
      findSql(model, table, query, { wordsPlan, ...(end === undefined ? {} : { within: end }) }),
      query,
    );
    // A page with a next one is the same whatever lies beyond the walk's end.
    return end === undefined || walked.nextCursor !== null ? walked : null;
  }

  private findRows<D extends ReadModelDocument>(
    { sql, params }: FindSql,
    query: DocumentQuery,
  ): Page<D> {
    const rows = this.tables.statement(sql).all(...params) as Omit<DocumentRow, 'deleted'>[];
    return pageOf(
      rows.map((row) => ({ ...row, doc: JSON.parse(row.doc) as D })),
      query,
      (row) => row.doc,
      (row, field) =>
        field === '_id' ? row.id : field === '_position' ? row.position : (row.doc[field] ?? null),
    );
  }

  /** The largest rowid: how many rows the table has, near enough, without counting them. */
  private rowsOf(table: string): number {
    return (
      (this.tables.statement(`SELECT max(rowid) FROM "${table}"`).pluck().get() as number | null) ??
      0
    );
  }

  /**
   * The rows of the documents matching a query's words after the row `after`, in their order,
   * no more than one past `bound`; null when it has no words.
   */
  private matchingRows(
    model: ReadModelName,
    query: DocumentQuery,
    bound: number,
    after = 0,
  ): number[] | null {
    if (!query.words?.length || !readModels[model].searchText) return null;
    const { search, match } = wordsMatchOf(
      model,
      this.tables.table(model),
      query.words,
      query.where,
    );
    // In rowid order, which FTS5 reads its matches in: taken on after the last one taken.
    return this.tables
      .statement(
        `SELECT rowid FROM "${search}" WHERE "${search}" MATCH ? AND rowid > ? ORDER BY rowid LIMIT ?`,
      )
      .pluck()
      .all(match, after, bound + 1) as number[];
  }

  /** How many documents match a query's words, counted no further than one past `bound`. */
  private countMatches(model: ReadModelName, query: DocumentQuery, bound: number): number {
    if (!query.words?.length || !readModels[model].searchText) return 0;
    const { search, match } = wordsMatchOf(
      model,
      this.tables.table(model),
      query.words,
      query.where,
    );
    return this.tables
      .statement(
        `SELECT count(*) FROM (SELECT 1 FROM "${search}" WHERE "${search}" MATCH ? LIMIT ?)`,
      )
      .pluck()
      .get(match, bound + 1) as number;
  }

  /**
   * The words a query's word begins and how many documents have them; null when it begins more
   * than the setting allows (a word's first letter or two: then the order's index is walked).
   */
  private wordsBegunBy(table: string, prefix: string): { words: string[]; docs: number } | null {
    const most = this.settings.listedWordsPerPrefix ?? 64;
    const rows = this.tables
      .statement(
        `SELECT word, docs FROM "${wordCountsOf(table)}" WHERE word >= ? AND word < ? || char(1114111) ORDER BY word LIMIT ?`,
      )
      .all(prefix, prefix, most + 1) as { word: string; docs: number }[];
    if (rows.length > most) return null;
    return {
      words: rows.map((row) => row.word),
      docs: rows.reduce((sum, row) => sum + row.docs, 0),
    };
  }

  /**
   * A query's words as a walk of word lists checks them: `listed`, the words each begins (null
   * when it begins more than the setting allows, then checked by the row's own words).
   */
  private listedWordsOf(
    table: string,
    words: readonly string[],
  ): { word: string; begun: { words: string[]; docs: number } | null }[] {
    return words.map((word) => ({ word, begun: this.wordsBegunBy(table, word) }));
  }

  /**
   * A find along the entries of `chosen` (one of `listed`) within `bounds`: the query's other
   * words that begin few enough words checked in the list itself, rarest first (the check most
   * entries fail), the rest by each row's own words.
   */
  private listedFindSql(
    model: ReadModelName,
    table: string,
    query: DocumentQuery,
    listed: readonly { word: string; begun: { words: string[]; docs: number } | null }[],
    chosen: string,
    stretch: Pick<ListedStretch, 'list' | 'bounds' | 'carried'>,
  ): FindSql {
    const others = listed
      .flatMap(({ word, begun }) => (begun && word !== chosen ? [begun] : []))
      .sort((a, b) => a.docs - b.docs);
    const unchecked = listed.filter(({ begun }) => !begun).map(({ word }) => word);
    return findSql(
      model,
      table,
      { ...query, words: unchecked },
      {
        wordsPlan: 'walk-words',
        listed: {
          ...stretch,
          words: listed.find(({ word }) => word === chosen)?.begun?.words ?? [],
          others: others.map(({ words }) => words),
        },
      },
    );
  }

  /**
   * Whether a keyword search filtered on values of a `searchFilterFields` field has a word that
   * no document of those values has (begins none of their words): then it finds nothing.
   */
  private noneOfValueHasWord(model: ReadModelName, table: string, query: DocumentQuery): boolean {
    if (!query.words?.length) return false;
    for (const field of filterFieldsOf(model)) {
      const value = query.where?.[field];
      const values =
        value !== undefined ? (value === null ? null : [sqlValue(value)]) : query.oneOf?.[field];
      if (!values) continue;
      const found = this.tables
        .statement(
          `SELECT EXISTS (SELECT 1 FROM json_each(?) AS asked, "${wordCountsByOf(table, field)}" AS counts
             WHERE counts.value = asked.value AND counts.word >= ? AND counts.word < ? || char(1114111))`,
        )
        .pluck();
      const asked = JSON.stringify(values);
      if (query.words.some((word) => found.get(asked, word, word) === 0)) return true;
    }
    return false;
  }

  /**
   * The query's conditions on the fields the list carries; none for a list made before it
   * carried them (a file written by an earlier version, until its next rebuild).
   */
  private carriedFilter(model: ReadModelName, list: string, query: DocumentQuery): CarriedFilter {
    const columns = this.tables.columnsOf(list);
    return carriedFilterOf(
      carriedFieldsOf(model).filter((field) => columns.has(carriedColumnOf(field).slice(1, -1))),
      query,
    );
  }

  /**
   * A keyword search bounded on a field its word lists are ordered by (a price range): the
   * entries of one of its words within the bounds are every document it can find, however many
   * documents have the word. When there are few, for the word with the fewest, they are read
   * and sorted; null otherwise. (Filters that leave few of many matches, or none: a model's
   * name at prices it never sells for.)
   */
  private findInRangeOfLists<D extends ReadModelDocument>(
    model: ReadModelName,
    table: string,
    query: DocumentQuery,
  ): Page<D> | null {
    if (!query.words?.length) return null;
    const most = this.settings.rangeListedMatches ?? 1_000;
    for (const field of wordListFieldsOf(model)) {
      const range = query.range?.[field];
      if (!range) continue;
      const bounds: ListBound[] = [];
      if (range.min !== undefined) bounds.push(['>=', range.min]);
      if (range.max !== undefined) bounds.push(['<=', range.max]);
      const list = wordListOf(table, field);
      const carried = this.carriedFilter(model, list, query);
      const count = this.tables
        .statement(
          `SELECT count(*) FROM (SELECT 1 FROM "${list}"
             WHERE word IN (SELECT value FROM json_each(?))${listBoundsSql(bounds)}${carried.sql} LIMIT ?)`,
        )
        .pluck();
      const listed = this.listedWordsOf(table, query.words);
      let fewest: { word: string; entries: number } | null = null;
      for (const { word, begun } of listed) {
        if (!begun) continue;
        const bound = Math.min(most, fewest?.entries ?? most);
        const entries = count.get(
          JSON.stringify(begun.words),
          ...bounds.map(([, value]) => value),
          ...carried.params,
          bound + 1,
        ) as number;
        if (entries <= bound) fewest = { word, entries };
        if (entries === 0) break;
      }
      if (fewest)
        return this.findRows<D>(
          this.listedFindSql(model, table, query, listed, fewest.word, { list, bounds, carried }),
          query,
        );
    }
    return null;
  }

  /**
   * A keyword search along the word lists of its rarest word (the words it begins, merged) in the
   * order asked: step by step, each step the next stretch of the lists, its rows checked by
   * their other words and the filters and sorted; stops once the page is full. 'not-listed'
   * when no list serves the query, 'too-far' once `mayWalk` refuses to go past the entries
   * walked (filters that few rows pass): then it is found another way.
   */
  private *walkWordLists<D extends ReadModelDocument>(
    model: ReadModelName,
    table: string,
    query: DocumentQuery,
    page: PageRequest,
    mayWalk: (walked: number) => boolean,
  ): Generator<void, Page<D> | 'not-listed' | 'too-far'> {
    const [first, tiebreak, ...rest] = query.orderBy;
    if (!first || tiebreak?.[0] !== '_id' || rest.length > 0) return 'not-listed';
    const [field, direction] = first;
    if (!wordListFieldsOf(model).includes(field)) return 'not-listed';
    const listed = this.listedWordsOf(table, query.words ?? []);
    let rarest: { word: string; words: string[]; docs: number } | null = null;
    for (const { word, begun } of listed)
      if (begun && (!rarest || begun.docs < rarest.docs)) rarest = { word, ...begun };
    if (!rarest) return 'not-listed';
    const list = wordListOf(table, field);
    const carried = this.carriedFilter(model, list, query);
    const [ahead, aheadOrAt, behindOrAt] =
      direction === 'asc' ? (['>', '>=', '<='] as const) : (['<', '<=', '>='] as const);
    // The order's own range and the cursor bound every step; the cursor's row itself and those
    // before it at the same value are left out by the query's keyset condition.
    const fixed: ListBound[] = [];
    const range = query.range?.[field];
    if (range?.min !== undefined) fixed.push(['>=', range.min]);
    if (range?.max !== undefined) fixed.push(['<=', range.max]);
    let from: ListBound | null = null;
    if (page.after !== undefined) {
      const [value] = decodeCursor(page.after, 2);
      if (value === undefined || value === null || typeof value === 'boolean') return 'not-listed';
      from = [aheadOrAt, value];
    }
    const rows: Omit<DocumentRow, 'deleted'>[] = [];
    let step = this.settings.listedFirstStep ?? 64;
    for (let walked = 0; ; walked += step * rarest.words.length, step = Math.min(step * 4, 4_096)) {
      if (!mayWalk(walked)) return 'too-far';
      const bounds = tightestBounds([...fixed, ...(from ? [from] : [])]);
      // Where this step ends: the nearest of each word's entry `step` along.
      const end = this.tables
        .statement(
          `SELECT ${direction === 'asc' ? 'min' : 'max'}((SELECT value FROM "${list}"
             WHERE word = words.value${listBoundsSql(bounds)}${carried.sql}
             ORDER BY value ${direction.toUpperCase()} LIMIT 1 OFFSET ?)) FROM json_each(?) AS words`,
        )
        .pluck()
        .get(
          ...bounds.map(([, value]) => value),
          ...carried.params,
          step - 1,
          JSON.stringify(rarest.words),
        ) as string | number | null;
      const stretch = end === null ? bounds : tightestBounds([...bounds, [behindOrAt, end]]);
      const { sql, params } = this.listedFindSql(model, table, query, listed, rarest.word, {
        list,
        bounds: stretch,
        carried,
      });
      rows.push(...(this.tables.statement(sql).all(...params) as Omit<DocumentRow, 'deleted'>[]));
      if (rows.length > page.limit || end === null) break;
      from = [ahead, end];
      yield;
    }
    return pageOf(
      rows.map((row) => ({ ...row, doc: JSON.parse(row.doc) as D })),
      query,
      (row) => row.doc,
      (row, name) =>
        name === '_id' ? row.id : name === '_position' ? row.position : (row.doc[name] ?? null),
    );
  }

  /** How a keyword search finds its page: by a bounded count of its matches (see WordsPlan). */
  wordsPlan(model: ReadModelName, query: DocumentQuery, matches?: number): WordsPlan {
    if (!query.words?.length || !readModels[model].searchText) return 'matches';
    const table = this.tables.table(model);
    const rows = this.rowsOf(table);
    const broad = this.settings.broadSearchMatches ?? broadSearchMatchesOf(rows);
    const veryBroad = Math.max(
      broad,
      this.settings.veryBroadSearchMatches ?? veryBroadSearchMatchesOf(rows),
    );
    // Counted as far as the bound that decides, in two steps: most searches stop at the first.
    // (Not again when the caller counted them all: a count of few matches among words many
    // documents have costs as much as reading them.)
    const atMost = (bound: number): boolean =>
      (matches ?? this.countMatches(model, query, bound)) <= bound;
    if (atMost(broad)) return 'matches';
    return atMost(veryBroad) ? 'walk' : 'walk-words';
  }
}

export function openEmbeddedReadStore(options: EmbeddedReadStoreOptions): EmbeddedReadStore {
  return new EmbeddedReadStore(options);
}

export class EmbeddedReadStore implements ReadStore {
  readonly kind = 'embedded' as const;
  readonly models = readModelNames;
  private readonly db: Db;
  private readonly tables: DocumentTables;
  private readonly checkpoints: BackgroundCheckpoints;

  readonly file: string;
  private readonly rebuildMemoryLimit: number;
  private readonly searchSettings: SearchSettings;
  /** Searches on this store's connection, all at once (see `find`). */
  private readonly search: DocumentSearch;
  /** The connection of searches in steps, opened at the first (see `find`). */
  private stepsConnection: { db: Db; search: DocumentSearch } | null = null;
  /** The search in steps running now, if any: one at a time. */
  private searchInSteps: Promise<unknown> | null = null;
  private closing = false;

  constructor(options: EmbeddedReadStoreOptions) {
    const { file, rebuildMemoryLimit = 25_000 } = options;
    this.file = file;
    this.rebuildMemoryLimit = rebuildMemoryLimit;
    this.searchSettings = options;

    this.db = new Database(file);
    try {
      configure(this.db, 'NORMAL');
      const problems = durabilityProblems(this.db);
      if (problems.length > 0) throw new ReadStoreNotDurableError(file, problems);
      registerWordsBegin(this.db);
      this.db
        .transaction(() => {
          for (const model of readModelNames)
            createModelTable(
              this.db,
              model,
              readModels[model].collection,
              generationOf(this.db, model),
            );
          this.db.exec(
            `CREATE TABLE IF NOT EXISTS ${checkpointsTable} (model TEXT PRIMARY KEY, position INTEGER NOT NULL) STRICT`,
          );
          const insert = this.db.prepare(
            `INSERT OR IGNORE INTO ${checkpointsTable} (model, position) VALUES (?, 0)`,
          );
          for (const model of readModelNames) insert.run(model);
          // A file from before applied events were recorded: its checkpoint was the answer then.
          this.db.exec(`
            CREATE TABLE IF NOT EXISTS ${appliedTable} (position INTEGER PRIMARY KEY) STRICT;
            CREATE TABLE IF NOT EXISTS ${appliedThroughTable} (
              one      INTEGER PRIMARY KEY CHECK (one = 1),
              position INTEGER NOT NULL
            ) STRICT;
            INSERT OR IGNORE INTO ${appliedThroughTable} (one, position)
              SELECT 1, coalesce(min(position), 0) FROM ${checkpointsTable};
            CREATE TABLE IF NOT EXISTS ${swapsTable} (
              model    TEXT    PRIMARY KEY,
              count    INTEGER NOT NULL,
              position INTEGER NOT NULL
            ) STRICT;
          `);
          dropObsoleteTables(this.db);
        })
        .immediate();
    } catch (error) {
      this.db.close();
      throw error;
    }
    this.tables = new DocumentTables(this.db, (model) => readModels[model].collection);
    this.search = new DocumentSearch(this.tables, this.searchSettings);
    this.checkpoints = new BackgroundCheckpoints(this.db, file, {
      threadName: workerThreadNames.readCheckpoints,
    });
  }

  async applyEvents(
    events: readonly RecordedEvent[],
    models: readonly ReadModelName[],
  ): Promise<ReadModelChange[][]> {
    const last = events[events.length - 1];
    if (!last) return [];
    const bump = this.tables.statement(
      `UPDATE ${checkpointsTable} SET position = max(position, ?) WHERE model = ?`,
    );
    const record = this.tables.statement(
      `INSERT OR IGNORE INTO ${appliedTable} (position) VALUES (?)`,
    );
    const recordApplied = everyModel(models);
    const changes = this.db
      .transaction(() => {
        const changes = this.tables.apply(events, models);
        const highest = Math.max(...events.map((event) => event.position));
        for (const model of models) bump.run(highest, model);
        if (recordApplied) for (const event of events) record.run(event.position);
        return changes;
      })
      .immediate();
    this.checkpoints.committed();
    return changes;
  }

  async checkpoint(): Promise<number> {
    return readCheckpoint(this.tables);
  }

  async hasApplied(position: number): Promise<boolean> {
    // Partition queues apply the events of different streams out of log order, so the
    // checkpoint is no watermark: each event applied to every read model is recorded.
    return (
      this.tables
        .statement(
          `SELECT EXISTS (SELECT 1 FROM ${appliedThroughTable} WHERE position >= ?)
               OR EXISTS (SELECT 1 FROM ${appliedTable} WHERE position = ?)`,
        )
        .pluck()
        .get(position, position) === 1
    );
  }

  async get<D extends ReadModelDocument>(model: ReadModelName, id: string): Promise<D | null> {
    const doc = this.tables
      .statement(`SELECT doc FROM "${this.tables.table(model)}" WHERE id = ? AND deleted = 0`)
      .pluck()
      .get(id) as string | undefined;
    return doc === undefined ? null : (JSON.parse(doc) as D);
  }

  async find<D extends ReadModelDocument>(
    model: ReadModelName,
    query: DocumentQuery,
  ): Promise<Page<D>> {
    // A keyword search may walk far (many matches, few of them early in the order asked): it
    // goes in steps on a connection of its own, and the requests that come meanwhile are answered
    // between them instead of after it. One at a time: while one runs, a search runs here at once.
    if (query.words?.length && query.page && !this.searchInSteps && !this.closing) {
      const running = this.findInSteps<D>(model, query);
      this.searchInSteps = running;
      try {
        return await running;
      } finally {
        this.searchInSteps = null;
      }
    }
    // One read transaction: the statements of a search (its matches found once, then read; the
    // steps of a walk) see the same documents, whatever another process writes meanwhile.
    return this.db.transaction(() => runAtOnce(this.search.find<D>(model, query)))();
  }

  private async findInSteps<D extends ReadModelDocument>(
    model: ReadModelName,
    query: DocumentQuery,
  ): Promise<Page<D>> {
    const { db, search } = this.stepsConnectionNow();
    // One read transaction from the first step to the last, as above: the connection is this
    // search's alone meanwhile.
    db.exec('BEGIN');
    try {
      return await runInSteps(search.find<D>(model, query));
    } finally {
      if (db.inTransaction) db.exec('COMMIT');
    }
  }

  private stepsConnectionNow(): { db: Db; search: DocumentSearch } {
    if (!this.stepsConnection) {
      // Read-only: it finds pages, nothing else.
      const db = new Database(this.file, { readonly: true, fileMustExist: true });
      db.pragma('busy_timeout = 5000');
      db.pragma(`cache_size = ${-stepsCacheKiB}`);
      registerWordsBegin(db);
      const tables = new DocumentTables(db, (model) => readModels[model].collection);
      this.stepsConnection = { db, search: new DocumentSearch(tables, this.searchSettings) };
    }
    return this.stepsConnection;
  }

  async count(model: ReadModelName, filter: DocumentFilter): Promise<number> {
    // count(*) reads no document where an index holds what its conditions need.
    const { sql, params } = findSql(
      model,
      this.tables.table(model),
      { ...filter, orderBy: [['_id', 'asc']] },
      { select: 'count(*)', counting: true },
    );
    return this.tables
      .statement(sql)
      .pluck()
      .get(...params) as number;
  }

  async beginRebuild(names: readonly ReadModelName[]): Promise<RebuildTarget> {
    return new EmbeddedRebuild(this.file, names, this.rebuildMemoryLimit, this.checkpoints);
  }

  async hashModels(names: readonly ReadModelName[] = readModelNames): Promise<ReadModelHashes> {
    return hashTables(this.db, this.tables, names);
  }

  async swaps(): Promise<ReadModelSwaps> {
    const rows = this.tables
      .statement(`SELECT model, count, position FROM ${swapsTable}`)
      .all() as { model: ReadModelName; count: number; position: number }[];
    return Object.fromEntries(
      rows.map(({ model, count, position }) => [model, { count, position }]),
    );
  }

  /**
   * Copies the WAL into the file and truncates it: the WAL still holds the pages as they were
   * before documents were overwritten (the file itself was zeroed where they were, secure_delete).
   * A reader on an older snapshot keeps the WAL from being emptied: tried again a moment later.
   */
  async purgeOverwrittenData(): Promise<void> {
    if (!(await truncateWal(this.db))) throw new ReadStorePurgeError(this.file);
  }

  /** SQLite's plan for a list query: lets tests prove that every query runs on an index. */
  explainFind(model: ReadModelName, query: DocumentQuery): string[] {
    const { sql, params } = findSql(model, this.tables.table(model), query, {
      wordsPlan: this.search.wordsPlan(model, query),
    });
    return (
      this.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]
    ).map((row) => row.detail);
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.searchInSteps?.catch(() => undefined);
    if (this.stepsConnection?.db.open) this.stepsConnection.db.close();
    await this.checkpoints.close();
    if (this.db.open) this.db.close();
  }
}

function readCheckpoint(tables: DocumentTables): number {
  return (
    (tables.statement(`SELECT min(position) FROM ${checkpointsTable}`).pluck().get() as
      number | null) ?? 0
  );
}

function hashTables(
  db: Db,
  tables: DocumentTables,
  names: readonly ReadModelName[],
): ReadModelHashes {
  // One read transaction: every hash sees the same snapshot.
  return db.transaction(() => {
    const hashes: ReadModelHashes = {};
    for (const name of names) hashes[name] = tables.hash(name);
    return hashes;
  })();
}

/** SQLite's page cache of a rebuild while it folds the events, and while it builds the indexes. */
const foldCacheKiB = 65_536;
const buildCacheKiB = 16_384;

/**
 * Helper threads SQLite's sorter may use while a rebuild builds its indexes and word lists
 * (`PRAGMA threads`): it sorts and merges runs of rows beside the rebuild's own thread. The
 * thread that read the log is idle by then, so its core is free.
 */
const buildSortThreads = Math.max(0, availableParallelism() - 1);

/** A document a rebuild holds in memory; `written`: as its shadow table has it too. */
interface HeldRecord {
  readonly model: ReadModelName;
  readonly record: StoredRecord;
  readonly written: boolean;
}

/**
 * A rebuild's documents: those its latest events touched held in memory, the others in its
 * shadow tables. Most events of a document come soon after each other (a listing is booked,
 * released, sold within a while), so nearly every event finds its documents here, and each
 * document is written about once however many events it takes. Past `limit` documents the
 * least recently used quarter is written out, sorted by id: neighbours in the id's index.
 * (Writing every document of an event at once, once the documents outgrew memory, rewrote a
 * page of the table per event at a place the page cache seldom held.)
 */
class RecentDocuments implements SyncDocuments {
  /** In the order of their last use, least recent first. */
  private readonly held = new Map<string, HeldRecord>();
  /**
   * Documents the tables were found not to have by the last read ahead: until documents are
   * written out, each is still absent or held (saved since).
   */
  private readonly absent = new Set<string>();

  private readonly tables: DocumentTables;
  private readonly limit: number;
  private readonly writtenOut: () => void;

  /** `writtenOut` is called after each transaction that wrote documents out. */
  constructor(tables: DocumentTables, limit: number, writtenOut: () => void) {
    this.tables = tables;
    this.limit = limit;
    this.writtenOut = writtenOut;
  }

  /**
   * Reads the documents `events` evolve that are not held, in one query per read model: reading
   * them one by one as each event asks runs a statement per document, which costs more than
   * reading the document.
   */
  readAhead(events: readonly RecordedEvent[], models: readonly ReadModelName[]): void {
    this.absent.clear();
    const missing = new Map<ReadModelName, Set<string>>();
    for (const event of events)
      for (const { model, id } of documentsOf(event, models)) {
        if (this.held.has(`${model}\u0000${id}`)) continue;
        let ids = missing.get(model);
        if (!ids) missing.set(model, (ids = new Set()));
        ids.add(id);
      }
    for (const [model, ids] of missing) {
      for (const record of this.tables.readMany(model, [...ids])) {
        this.held.set(`${model}\u0000${record.id}`, { model, record, written: true });
        ids.delete(record.id);
      }
      for (const id of ids) this.absent.add(`${model}\u0000${id}`);
    }
  }

  load(model: ReadModelName, id: string): StoredRecord | null {
    const key = `${model}\u0000${id}`;
    const held = this.held.get(key);
    if (held) {
      this.held.delete(key);
      this.held.set(key, held);
      return held.record;
    }
    if (this.absent.has(key)) return null;
    const record = this.tables.read(model, id);
    if (record) this.held.set(key, { model, record, written: true });
    return record;
  }

  save(model: ReadModelName, record: StoredRecord): void {
    const key = `${model}\u0000${record.id}`;
    this.held.delete(key);
    this.held.set(key, { model, record, written: false });
  }

  savePosition(model: ReadModelName, record: StoredRecord): void {
    this.save(model, record);
  }

  /** Writes out the least recently used documents once more than the limit are held. */
  evictIfFull(): void {
    if (this.held.size <= this.limit) return;
    const evicted: HeldRecord[] = [];
    const keep = Math.floor((this.limit * 3) / 4);
    for (const [key, held] of this.held) {
      if (this.held.size <= keep) break;
      this.held.delete(key);
      evicted.push(held);
    }
    this.writeOut(evicted);
  }

  /** Writes out every document held, and holds none. */
  writeOutAll(): void {
    const evicted = [...this.held.values()];
    this.held.clear();
    this.writeOut(evicted);
  }

  private writeOut(records: readonly HeldRecord[]): void {
    this.absent.clear();
    const changed = records
      .filter((held) => !held.written)
      .sort((a, b) =>
        a.model === b.model
          ? compareAsSqlite(a.record.id, b.record.id)
          : a.model < b.model
            ? -1
            : 1,
      );
    if (changed.length === 0) return;
    this.tables.inTransaction(() => {
      for (const { model, record } of changed) this.tables.write(model, record);
    });
    this.writtenOut();
  }
}

/**
 * Shadow tables in the same file, written through a second connection with synchronous=NORMAL
 * (a rebuild lost in a crash is simply started again; the swap itself commits with FULL).
 *
 * The rebuild is the only writer of its shadow tables, which start empty: it folds the events in
 * memory (RecentDocuments), writing out the documents it holds least recently used past
 * `memoryLimit` of them, and the rest before the swap. Its search tables are filled once, from
 * the documents, with the indexes. Its WAL is copied into the file by the live store's
 * checkpoint thread (BackgroundCheckpoints), as the log's writer thread leaves its own to the
 * log's: the documents it writes out lie all over a table that grows as it goes, and SQLite's own
 * checkpoints copied and synced them on the rebuild's thread, at a cost per document that grew
 * with the table.
 */
class EmbeddedRebuild extends RebuildProgress implements RebuildTarget {
  private readonly db: Db;
  private readonly tables: DocumentTables;
  private readonly documents: RecentDocuments;
  private readonly checkpoints: BackgroundCheckpoints;

  /** `checkpoints`: the live store's, for the same file. */
  constructor(
    file: string,
    names: readonly ReadModelName[],
    memoryLimit: number,
    checkpoints: BackgroundCheckpoints,
  ) {
    super(names);
    this.checkpoints = checkpoints;
    this.db = new Database(file);
    try {
      configure(this.db, 'NORMAL');
      for (const pragma of leftToCheckpointThread) this.db.pragma(pragma);
      // A rebuild writes a lot in each transaction: keep its pages in memory until the commit.
      this.db.pragma(`cache_size = ${-foldCacheKiB}`);
      this.db
        .transaction(() => {
          for (const model of this.models) {
            dropShadowTable(this.db, model);
            createModelTable(this.db, model, shadowOf(model), this.shadowGeneration(model), 'none');
          }
        })
        .immediate();
    } catch (error) {
      this.db.close();
      throw error;
    }
    this.tables = new DocumentTables(this.db, shadowOf, 'filled-at-end');
    // Each write-out is thousands of documents: the thread starts with the first.
    this.documents = new RecentDocuments(this.tables, memoryLimit, () =>
      this.checkpoints.committed(true),
    );
  }

  async applyEvents(
    events: readonly RecordedEvent[],
    models: readonly ReadModelName[],
  ): Promise<ReadModelChange[][]> {
    this.assertOpen();
    let changes: ReadModelChange[][];
    try {
      // Nothing rolls back what an event that failed halfway did to the documents held.
      this.documents.readAhead(events, models);
      changes = events.map((event) =>
        applyEvent(event, models, this.documents, { changes: 'none' }),
      );
      this.documents.evictIfFull();
    } catch (error) {
      this.broken = error;
      throw error;
    }
    this.advance(events);
    return changes;
  }

  async hashModels(names: readonly ReadModelName[] = this.models): Promise<ReadModelHashes> {
    this.assertOpen();
    this.writeOutAll();
    return hashTables(this.db, this.tables, names);
  }

  /** The documents held, written out: those that failed to be are lost to this rebuild. */
  private writeOutAll(): void {
    try {
      this.documents.writeOutAll();
    } catch (error) {
      this.broken = error;
      throw error;
    }
  }

  private shadowGeneration(model: ReadModelName): 'a' | 'b' {
    return generationOf(this.db, model) === 'a' ? 'b' : 'a';
  }

  async commit(): Promise<void> {
    this.assertOpen();
    this.writeOutAll();
    // Building the indexes and search tables sorts within the cache's size and is no faster with
    // the folding's larger cache, which would only raise the rebuild's peak memory.
    this.db.pragma(`cache_size = ${-buildCacheKiB}`);
    this.db.pragma(`threads = ${buildSortThreads}`);
    // The query indexes and the search tables, built in one go before the swap so that the swap
    // itself stays short (a search table filled batch by batch as the documents changed took
    // most of a rebuild's time).
    this.db
      .transaction(() => {
        for (const model of this.models)
          createModelTable(this.db, model, shadowOf(model), this.shadowGeneration(model));
      })
      .immediate();
    // The swap must be durable: the rebuild's own writes were not synced one by one.
    this.db.pragma('synchronous = FULL');
    try {
      const liveCheckpoint = this.db.prepare<[string], number>(
        `SELECT position FROM ${checkpointsTable} WHERE model = ?`,
      );
      this.db
        .transaction(() => {
          this.assertNotBehind((name) => liveCheckpoint.pluck().get(name) ?? 0);
          for (const model of this.models) {
            const live = readModels[model].collection;
            const shadow = shadowOf(model);
            this.db.exec(`
              DROP TABLE "${live}";
              ALTER TABLE "${shadow}" RENAME TO "${live}";
            `);
            const liveSearch = searchTablesOf(model, live);
            dropSearchTables(this.db, liveSearch);
            searchTablesOf(model, shadow).forEach((table, i) =>
              this.db.exec(`ALTER TABLE "${table}" RENAME TO "${liveSearch[i]}"`),
            );
            this.db
              .prepare(`UPDATE ${checkpointsTable} SET position = ? WHERE model = ?`)
              .run(this.rebuilt, model);
            this.db
              .prepare(
                `INSERT INTO ${swapsTable} (model, count, position) VALUES (?, 1, ?)
                 ON CONFLICT (model) DO UPDATE SET count = count + 1, position = excluded.position`,
              )
              .run(model, this.rebuilt);
          }
          if (everyModel(this.models)) {
            // Every read model now holds every event up to the rebuilt position.
            this.db
              .prepare(`UPDATE ${appliedThroughTable} SET position = max(position, ?)`)
              .run(this.rebuilt);
            this.db.prepare(`DELETE FROM ${appliedTable} WHERE position <= ?`).run(this.rebuilt);
          }
        })
        .immediate();
    } catch (error) {
      this.db.pragma('synchronous = NORMAL');
      throw error;
    }
    // The indexes, search tables and swap are in the WAL: copied now, not at the next live commit.
    this.checkpoints.committed(true);
    this.close();
  }

  async abort(): Promise<void> {
    if (this.finished) return;
    this.db
      .transaction(() => {
        for (const model of this.models) dropShadowTable(this.db, model);
      })
      .immediate();
    this.close();
  }

  private close(): void {
    this.finished = true;
    this.db.close();
  }
}
