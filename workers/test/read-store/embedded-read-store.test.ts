import type { AnyEvent } from '@resale/events';
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ReadModelName } from '../../src/projections/projection.ts';
import { readModels } from '../../src/projections/registry.ts';
import { encodeCursor } from '../../src/read-store/document-query.ts';
import { valueTagOf } from '../../src/read-store/embedded-read-store.ts';
import {
  getSellerByEmail,
  getUserByEmail,
  listBookingsOfBuyer,
  listCategories,
  listSellers,
  listUsers,
  openEmbeddedReadStore,
  projectEvents,
  UnsupportedEventVersionError,
  type DocumentQuery,
  type EmbeddedReadStore,
  type ReadStore,
} from '../../src/read-models.ts';
import { verifiedSellerIds } from '../../src/projections/sellers/sellers-queries.ts';
import {
  listPendingBookings,
  listPendingBookingsOf,
} from '../../src/projections/bookings/bookings-queries.ts';

import {
  eventLog,
  productConditionChanged,
  productDescriptionChanged,
  productListed,
  productPriceChanged,
  productReported,
  reportedProductDeleted,
  userRegistered,
} from '../projections/recorded-events.ts';
import {
  listAdvertisedProducts,
  listProductsByBrand,
  listProductsBySeller,
  listReportedProducts,
  readStoreContract,
  rebuildContract,
  search,
  searchContract,
} from './read-store.contract.ts';

const root = mkdtempSync(join(tmpdir(), 'embedded-read-store-'));
let counter = 0;
const newFile = (): string => join(root, `read-models-${++counter}.sqlite3`);
afterAll(() => rmSync(root, { recursive: true, force: true }));
/** Searches that never walk the word lists: the ways a search takes without them. */
const noLists = { listedWordsPerPrefix: 0 } as const;

/** A store's file holding the documents of `events`, closed, and the log that recorded them. */
async function fileHolding(...events: AnyEvent[]) {
  const file = newFile();
  const log = eventLog();
  const store = openEmbeddedReadStore({ file });
  await projectEvents(store, log.recordAll(...events));
  await store.close();
  return { file, log };
}

/** The ids of the first page a search finds in `store`. */
const foundIn =
  (store: ReadStore) =>
  async (query: Parameters<typeof search>[1]): Promise<string[]> =>
    (await search(store, query)).items.map((product) => product._id);

/** Runs SQL on the store's file through a second connection, as another process would. */
function onFile(store: ReadStore, sql: string): void {
  const db = new Database((store as EmbeddedReadStore).file);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

describe('embedded read store', () => {
  readStoreContract({
    atomicEvents: true,
    open: async () => openEmbeddedReadStore({ file: newFile() }),
    filesOf: (store) => {
      const { file } = store as EmbeddedReadStore;
      return [file, `${file}-wal`, `${file}-shm`].filter((path) => existsSync(path));
    },
    failWritesOf: async (store, model: ReadModelName, id) => {
      const table = readModels[model].collection;
      const trigger = `inject_failure_${table}`;
      // A trigger makes SQLite itself fail the write, inside the store's transaction.
      onFile(
        store,
        `CREATE TRIGGER ${trigger}_insert BEFORE INSERT ON "${table}" WHEN NEW.id = '${id}'
           BEGIN SELECT RAISE(ABORT, 'injected write failure'); END;
         CREATE TRIGGER ${trigger}_update BEFORE UPDATE ON "${table}" WHEN OLD.id = '${id}'
           BEGIN SELECT RAISE(ABORT, 'injected write failure'); END;`,
      );
      return async () =>
        onFile(store, `DROP TRIGGER ${trigger}_insert; DROP TRIGGER ${trigger}_update;`);
    },
  });

  describe('searching along the word lists of the rarest word, a few entries a step', () => {
    searchContract({
      open: async () =>
        openEmbeddedReadStore({ file: newFile(), listedSearchMatches: 0, listedFirstStep: 1 }),
    });
  });

  describe('searching along the word lists, words that begin many words checked by the row', () => {
    // One word begun per query word at most: the other words are checked in the lists when they
    // begin one word, by each row's own words when they begin more.
    searchContract({
      open: async () =>
        openEmbeddedReadStore({
          file: newFile(),
          listedSearchMatches: 0,
          listedFirstStep: 1,
          listedWordsPerPrefix: 1,
        }),
    });
  });

  describe('searching without reading the entries of a price range (then otherwise)', () => {
    searchContract({
      open: async () => openEmbeddedReadStore({ file: newFile(), rangeListedMatches: 0 }),
    });
  });

  describe('searching along the word lists until a walk of them ends early (then otherwise)', () => {
    searchContract({
      open: async () =>
        openEmbeddedReadStore({
          file: newFile(),
          listedSearchMatches: 0,
          listedFirstStep: 1,
          searchWalkRows: 1,
        }),
    });
  });

  describe('searching by walking the order (as for words matching many products)', () => {
    searchContract({
      open: async () =>
        openEmbeddedReadStore({ file: newFile(), broadSearchMatches: 0, ...noLists }),
    });
  });

  describe('searching by a walk that ends before its page is full (then by the matches)', () => {
    searchContract({
      open: async () =>
        openEmbeddedReadStore({
          file: newFile(),
          broadSearchMatches: 0,
          searchWalkRows: 1,
          ...noLists,
        }),
    });
  });

  describe('searching by walking the order, each row checked by its own words', () => {
    searchContract({
      open: async () =>
        openEmbeddedReadStore({
          file: newFile(),
          broadSearchMatches: 0,
          veryBroadSearchMatches: 0,
          ...noLists,
        }),
    });
  });

  describe('searching by a walk by words that ends early (then by the set, then the matches)', () => {
    searchContract({
      open: async () =>
        openEmbeddedReadStore({
          file: newFile(),
          broadSearchMatches: 0,
          veryBroadSearchMatches: 0,
          searchWalkRows: 1,
          ...noLists,
        }),
    });
  });

  it('a search for common words walks the order index; one for rare words reads their matches', async () => {
    const query = (sort: 'newest' | 'priceAsc'): DocumentQuery => ({
      words: ['gal'],
      where: { Brand: 'Samsung' },
      orderBy:
        sort === 'newest'
          ? [
              ['postTime', 'desc'],
              ['_id', 'desc'],
            ]
          : [
              ['sellingPrice', 'asc'],
              ['_id', 'asc'],
            ],
      page: { limit: 6 },
    });
    const walking = openEmbeddedReadStore({
      file: newFile(),
      broadSearchMatches: 0,
      ...noLists,
    });
    const reading = openEmbeddedReadStore({ file: newFile() });
    try {
      for (const store of [walking, reading])
        await projectEvents(
          store,
          eventLog().recordAll(productListed('p1', { productName: 'Galaxy S20' })),
        );
      for (const sort of ['newest', 'priceAsc'] as const) {
        const walk = walking.explainFind('products', query(sort)).join('; ');
        expect(walk).toMatch(/USING INDEX ix_products_by_brand/);
        expect(walk).not.toMatch(/TEMP B-TREE/);
        // Few matches: sorted after they are read, which is cheap for few; looked up by rowid,
        // never by walking the brand's products.
        const read = reading.explainFind('products', query(sort)).join('; ');
        // Matched among the brand's products alone, unless every word is one of the brand's own.
        expect(read).toMatch(/products__search_by_Brand/);
        expect(read).toMatch(/products USING INTEGER PRIMARY KEY/);
        expect(read).not.toMatch(/ix_products_by_brand/);
        const own = reading.explainFind('products', { ...query(sort), words: ['sams'] }).join('; ');
        expect(own).toMatch(/products__search\b/);
        expect(own).not.toMatch(/products__search_by_Brand/);
      }
    } finally {
      await walking.close();
      await reading.close();
    }
  });

  it('reads the matches it took when a walk of the word lists went too far for them', async () => {
    // Few matches at the far end of the order: the walk takes them as it goes, then stops.
    const store = openEmbeddedReadStore({
      file: newFile(),
      listedSearchMatches: 0,
      listedFirstStep: 1,
      rangeListedMatches: 0,
    });
    try {
      await projectEvents(
        store,
        eventLog().recordAll(
          ...Array.from({ length: 30 }, (_, i) =>
            productListed(`b${i}`, { productName: `Reno ${i} Blue`, sellingPrice: 100 + i }),
          ),
          ...Array.from({ length: 30 }, (_, i) =>
            productListed(`g${i}`, { productName: `Galaxy S${i}`, sellingPrice: 100 + i }),
          ),
          productListed('m1', { productName: 'Galaxy Blue', sellingPrice: 900 }),
          productListed('m2', { productName: 'Galaxy Blue', sellingPrice: 950 }),
        ),
      );
      const found = await search(store, { q: 'blue galaxy', sort: 'priceAsc' });
      expect(found.items.map((product) => product._id)).toEqual(['m1', 'm2']);
    } finally {
      await store.close();
    }
  });

  describe('a search that walks, in steps', () => {
    // Many products with one of the words and few with both, far along the order: the search
    // walks the word lists a few entries a step.
    const walking = () =>
      openEmbeddedReadStore({
        file: newFile(),
        listedSearchMatches: 0,
        listedFirstStep: 1,
        rangeListedMatches: 0,
      });
    const catalog = () => {
      const log = eventLog();
      const events = log.recordAll(
        ...Array.from({ length: 30 }, (_, i) =>
          productListed(`b${i}`, { productName: `Reno ${i} Blue`, sellingPrice: 100 + i }),
        ),
        productListed('m1', { productName: 'Galaxy Blue', sellingPrice: 900 }),
        productListed('m2', { productName: 'Galaxy Blue', sellingPrice: 950 }),
      );
      return { log, events };
    };
    // The store's own query (not searchProducts, which reads more before it): the steps begin
    // within the call.
    const query = (direction: 'asc' | 'desc'): DocumentQuery => ({
      where: { listed: true },
      words: ['blue', 'galaxy'],
      orderBy: [
        ['sellingPrice', direction],
        ['_id', direction],
      ],
      page: { limit: 50 },
    });
    const foundBy = async (store: ReadStore, direction: 'asc' | 'desc'): Promise<string[]> =>
      (await store.find<{ _id: string }>('products', query(direction))).items.map(({ _id }) => _id);

    it('lets other work run between its steps, and reads the documents as they were at its start', async () => {
      const store = walking();
      try {
        const { log, events } = catalog();
        await projectEvents(store, events);
        let answered = false;
        const searching = foundBy(store, 'asc').then((found) => {
          answered = true;
          return found;
        });
        // Written while the search is between two steps: it goes on with what it began with.
        await projectEvents(
          store,
          log.recordAll(productListed('m0', { productName: 'Galaxy Blue', sellingPrice: 50 })),
        );
        expect(answered).toBe(false);
        expect(await searching).toEqual(['m1', 'm2']);
        expect(await foundBy(store, 'asc')).toEqual(['m0', 'm1', 'm2']);
      } finally {
        await store.close();
      }
    });

    it('answers searches that come meanwhile at once, as a search on its own would', async () => {
      const store = walking();
      try {
        await projectEvents(store, catalog().events);
        const together = await Promise.all([
          foundBy(store, 'asc'),
          foundBy(store, 'asc'),
          foundBy(store, 'desc'),
        ]);
        expect(together).toEqual([
          ['m1', 'm2'],
          ['m1', 'm2'],
          ['m2', 'm1'],
        ]);
      } finally {
        await store.close();
      }
    });

    it('is answered before the store closes', async () => {
      const store = walking();
      await projectEvents(store, catalog().events);
      const searching = foundBy(store, 'asc');
      await store.close();
      await expect(searching).resolves.toEqual(['m1', 'm2']);
    });
  });

  describe('a rebuild past its memory limit', () => {
    // It writes out the documents it used least recently, and reads them back for their next events.
    rebuildContract({
      open: async () => openEmbeddedReadStore({ file: newFile(), rebuildMemoryLimit: 3 }),
    });
  });

  it('opens a file from before the word lists, and makes them from its documents', async () => {
    const file = newFile();
    const first = openEmbeddedReadStore({ file });
    await projectEvents(
      first,
      eventLog().recordAll(
        productListed('p1', { productName: 'Galaxy S20', sellingPrice: 300 }),
        productListed('p2', { productName: 'Galaxy S21', sellingPrice: 200 }),
        productListed('p3', { productName: 'Reno 8', Brand: 'Oppo', sellingPrice: 100 }),
      ),
    );
    await first.close();
    const db = new Database(file);
    db.exec(`
      DROP TABLE products__words_by_postTime;
      DROP TABLE products__words_by_sellingPrice;
      DROP TABLE products__word_counts;
      DROP TABLE products__word_counts_by_Brand;
    `);
    db.close();

    const store = openEmbeddedReadStore({ file, listedSearchMatches: 0 });
    try {
      const found = await search(store, { q: 'gal s2', sort: 'priceAsc' });
      expect(found.items.map((product) => product._id)).toEqual(['p2', 'p1']);
      const reader = new Database(file, { readonly: true });
      const counts = reader
        .prepare('SELECT word, docs FROM products__word_counts WHERE word IN (?, ?)')
        .all('galaxy', 'oppo');
      const listed = reader
        .prepare<[], number>('SELECT count(*) FROM products__words_by_sellingPrice')
        .pluck()
        .get();
      reader.close();
      expect(counts).toEqual([
        { word: 'galaxy', docs: 2 },
        { word: 'oppo', docs: 1 },
      ]);
      expect(listed).toBeGreaterThan(6);
      expect((await search(store, { q: 'reno', brand: 'Samsung' })).items).toEqual([]);
      expect((await search(store, { q: 'reno', brand: 'Oppo' })).items).toHaveLength(1);
    } finally {
      await store.close();
    }
  });

  it('makes from its documents the same word lists and counts it keeps as they change', async () => {
    const file = newFile();
    const store = openEmbeddedReadStore({ file });
    await projectEvents(
      store,
      eventLog().recordAll(
        productListed('p1', { productName: 'Galaxy S20', sellingPrice: 300, year: 1 }),
        productListed('p2', { productName: 'Reno 8', Brand: 'Oppo', sellingPrice: 100 }),
        productListed('p3', { productName: 'Galaxy Z Flip5 256GB', sellingPrice: 700 }),
        productDescriptionChanged('p1', 'Écran intact, coração, dual-SIM ŞİMŞEK 128GB ½ ⅷ'),
        productPriceChanged('p2', 80),
        productConditionChanged('p3', 'Fair'),
        reportedProductDeleted('p3'),
      ),
    );
    await store.close();
    const tables = [
      'products__words_by_postTime',
      'products__words_by_sellingPrice',
      'products__word_counts',
      'products__word_counts_by_Brand',
    ];
    const contents = (): unknown[][] => {
      const reader = new Database(file, { readonly: true });
      const rows = tables.map((table) => reader.prepare(`SELECT * FROM ${table}`).raw().all());
      reader.close();
      return rows;
    };
    const kept = contents();
    const db = new Database(file);
    for (const table of tables) db.exec(`DROP TABLE ${table}`);
    db.close();
    await openEmbeddedReadStore({ file }).close();
    expect(contents()).toEqual(kept);
    expect(kept[0]).toContainEqual(expect.arrayContaining(['ecran']));
  });

  it('searches word lists made before they carried years of use, and keeps them', async () => {
    const { file, log } = await fileHolding(
      productListed('p1', { productName: 'Galaxy S20', sellingPrice: 300, year: 1 }),
      productListed('p2', { productName: 'Galaxy S21', sellingPrice: 200, year: 3 }),
    );
    const db = new Database(file);
    for (const field of ['postTime', 'sellingPrice']) {
      const list = `products__words_by_${field}`;
      db.exec(`
        CREATE TABLE older (word TEXT NOT NULL, value NOT NULL, doc INTEGER NOT NULL,
          PRIMARY KEY (word, value, doc)) WITHOUT ROWID;
        INSERT INTO older SELECT word, value, doc FROM ${list};
        DROP TABLE ${list};
        ALTER TABLE older RENAME TO ${list};
      `);
    }
    db.close();
    const store = openEmbeddedReadStore({ file, listedSearchMatches: 0 });
    try {
      const found = foundIn(store);
      expect(await found({ q: 'gal', maxYears: 2, sort: 'priceAsc' })).toEqual(['p1']);
      await projectEvents(
        store,
        log.recordAll(
          productListed('p3', { productName: 'Galaxy S22', sellingPrice: 100, year: 0 }),
          productPriceChanged('p2', 50),
        ),
      );
      expect(await found({ q: 'gal', maxYears: 2, sort: 'priceAsc' })).toEqual(['p3', 'p1']);
      expect(await found({ q: 'gal', sort: 'priceAsc' })).toEqual(['p2', 'p3', 'p1']);
    } finally {
      await store.close();
    }
  });

  it('searches full-text tables made with word positions, as earlier versions made them', async () => {
    const { file, log } = await fileHolding(
      productListed('p1', { productName: 'Galaxy S20', Brand: 'Samsung' }),
      productListed('p2', { productName: 'Reno 8', Brand: 'Oppo' }),
    );
    // The tables as they were made before `detail = none`: FTS5 keeps positions by default.
    const db = new Database(file);
    const withPositions = (name: string, lead: number, options = ''): string =>
      `CREATE VIRTUAL TABLE ${name} USING fts5(words, ${options}tokenize = 'unicode61 remove_diacritics 0', prefix = '${Array.from({ length: 8 }, (_, i) => lead + i + 1).join(' ')}')`;
    const rows = db
      .prepare(
        'SELECT s.rowid, s.words, p.doc FROM products__search s JOIN products p ON p.rowid = s.rowid',
      )
      .raw()
      .all() as [number, string, string][];
    db.exec(`
      DROP TABLE products__search;
      DROP TABLE products__search_by_Brand;
      ${withPositions('products__search', 0)};
      ${withPositions('products__search_by_Brand', 6, "content = '', contentless_delete = 1, ")};
    `);
    for (const [rowid, words, doc] of rows) {
      db.prepare('INSERT INTO products__search (rowid, words) VALUES (?, ?)').run(rowid, words);
      const tag = valueTagOf((JSON.parse(doc) as { Brand: string }).Brand);
      db.prepare('INSERT INTO products__search_by_Brand (rowid, words) VALUES (?, ?)').run(
        rowid,
        words
          .split(' ')
          .map((word) => tag + word)
          .join(' '),
      );
    }
    expect(
      db.prepare("SELECT sql FROM sqlite_master WHERE name = 'products__search'").pluck().get(),
    ).not.toContain('detail');
    db.close();
    // Without the word lists: the matches come from the full-text tables.
    const store = openEmbeddedReadStore({ file, ...noLists });
    try {
      const found = foundIn(store);
      expect(await found({ q: 'gal s2' })).toEqual(['p1']);
      expect(await found({ q: 'gal', brand: 'Oppo' })).toEqual([]);
      await projectEvents(
        store,
        log.recordAll(
          productListed('p3', { productName: 'Galaxy S22', Brand: 'Samsung' }),
          productDescriptionChanged('p1', 'Reno case included'),
        ),
      );
      expect(await found({ q: 'gal s2', brand: 'Samsung' })).toEqual(['p3', 'p1']);
      expect(await found({ q: 'reno' })).toEqual(['p2', 'p1']);
      expect(await found({ q: 'reno', brand: 'Oppo' })).toEqual(['p2']);
    } finally {
      await store.close();
    }
  });

  it('word lists carry the years of use, condition and price of each entry', async () => {
    const store = openEmbeddedReadStore({ file: newFile() });
    try {
      await projectEvents(
        store,
        eventLog().recordAll(
          productListed('p1', { productName: 'Galaxy S20', year: 1, sellingPrice: 300 }),
          productListed('p2', { productName: 'Reno 8', Brand: 'Oppo', year: 4 }),
          productPriceChanged('p2', 120),
          productConditionChanged('p2', 'Fair'),
        ),
      );
      const reader = new Database((store as EmbeddedReadStore).file, { readonly: true });
      const carried = (list: string, columns: string): unknown[] =>
        reader.prepare(`SELECT DISTINCT doc, ${columns} FROM ${list} ORDER BY doc`).raw().all();
      const byTime = carried(
        'products__words_by_postTime',
        'carried_year, carried_condition, carried_sellingPrice',
      );
      // A list ordered by price does not carry it: its value is the price.
      const byPrice = carried(
        'products__words_by_sellingPrice',
        'value, carried_year, carried_condition',
      );
      const columns = reader
        .prepare('SELECT name FROM pragma_table_info(?)')
        .pluck()
        .all('products__words_by_sellingPrice');
      reader.close();
      expect(byTime).toEqual([
        [1, 1, 'Good', 300],
        [2, 4, 'Fair', 120],
      ]);
      expect(byPrice).toEqual([
        [1, 300, 1, 'Good'],
        [2, 120, 4, 'Fair'],
      ]);
      expect(columns).not.toContain('carried_sellingPrice');
    } finally {
      await store.close();
    }
  });

  it("keeps each brand's word counts and words as a rebuild makes them, through every change", async () => {
    const log = eventLog();
    const events = log.recordAll(
      productListed('p1', { productName: 'Galaxy S20', about: 'Like an Oppo' }),
      productListed('p2', { productName: 'Reno 8', Brand: 'Oppo', about: 'Galaxy blue' }),
      productListed('p3', { productName: 'Galaxy S21' }),
      productDescriptionChanged('p1', 'Scratched'),
      productDescriptionChanged('p2', 'Galaxy blue, boxed'),
      productReported('p3'),
      reportedProductDeleted('p3'),
      productListed('p4', { productName: 'iPhone 12', Brand: 'Iphone' }),
    );
    const countsOf = (store: ReadStore): unknown[] => {
      const reader = new Database((store as EmbeddedReadStore).file, { readonly: true });
      try {
        return reader
          .prepare('SELECT value, word, docs FROM products__word_counts_by_Brand ORDER BY 1, 2')
          .all();
      } finally {
        reader.close();
      }
    };
    // Each brand's products having a word, as matched among that brand's products alone.
    const matchedOf = (store: ReadStore, value: string, word: string): number => {
      const reader = new Database((store as EmbeddedReadStore).file, { readonly: true });
      try {
        return reader
          .prepare<[string], number>(
            'SELECT count(*) FROM products__search_by_Brand WHERE products__search_by_Brand MATCH ?',
          )
          .pluck()
          .get(`"${valueTagOf(value)}${word}"`) as number;
      } finally {
        reader.close();
      }
    };
    const live = openEmbeddedReadStore({ file: newFile() });
    const rebuilt = openEmbeddedReadStore({ file: newFile() });
    try {
      await projectEvents(live, events);
      const rebuild = await rebuilt.beginRebuild(['products']);
      await projectEvents(rebuild, events);
      await rebuild.commit();
      expect(countsOf(live)).toEqual(countsOf(rebuilt));
      for (const store of [live, rebuilt]) {
        const counts = countsOf(store) as { value: string; word: string; docs: number }[];
        expect(counts.map(({ value, word }) => matchedOf(store, value, word))).toEqual(
          counts.map(({ docs }) => docs),
        );
        // A deleted listing's words, a description's words before it changed, another brand's.
        expect(matchedOf(store, 'Samsung', 's21')).toBe(0);
        expect(matchedOf(store, 'Samsung', 'like')).toBe(0);
        expect(matchedOf(store, 'Samsung', 'reno')).toBe(0);
      }
      expect(countsOf(live)).toContainEqual({ value: 'Oppo', word: 'boxed', docs: 1 });
      expect(countsOf(live)).not.toContainEqual(expect.objectContaining({ word: 's21' }));
    } finally {
      await live.close();
      await rebuilt.close();
    }
  });

  it('opens a file an earlier version wrote, without what this one no longer keeps', async () => {
    const file = newFile();
    const events = eventLog().recordAll(userRegistered('u1'), productListed('p1'));
    const first = openEmbeddedReadStore({ file });
    await projectEvents(first, events);
    await first.close();
    // What earlier versions kept: reported products as a table of their own (with its
    // checkpoint behind the others), fan-out rules beside products, an index on the seller's uid.
    const db = new Database(file);
    db.exec(`
      CREATE TABLE "reportedProducts" (id TEXT PRIMARY KEY, position INTEGER, deleted INTEGER, doc TEXT);
      CREATE TABLE "products__standing" (id TEXT PRIMARY KEY, field TEXT, equals TEXT, sets TEXT);
      CREATE INDEX "ix_products_by_seller_uid_a" ON "products"(json_extract(doc, '$.sellerUid'));
      INSERT INTO read_model_checkpoints (model, position) VALUES ('reportedProducts', 0);
    `);
    db.close();

    const store = openEmbeddedReadStore({ file });
    try {
      const reader = new Database(file, { readonly: true });
      const names = (type: string): string[] =>
        reader
          .prepare<[string], string>('SELECT name FROM sqlite_master WHERE type = ?')
          .pluck()
          .all(type);
      const [tables, indexes] = [names('table'), names('index')];
      reader.close();
      expect(tables).not.toContain('reportedProducts');
      expect(tables).not.toContain('products__standing');
      expect(indexes).not.toContain('ix_products_by_seller_uid_a');
      expect(indexes).toContain('ix_products_reported_by_latest_a');
      expect(await store.checkpoint()).toBe(2);
      expect(await listReportedProducts(store)).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it('refuses to go on with a rebuild after an event failed in it', async () => {
    const store = openEmbeddedReadStore({ file: newFile() });
    try {
      const [listed] = eventLog().recordAll(productListed('p1'));
      await projectEvents(store, [listed!]);
      const live = await store.hashModels();
      const rebuild = await store.beginRebuild(['products']);
      await expect(projectEvents(rebuild, [{ ...listed!, schemaVersion: 3 }])).rejects.toThrow(
        UnsupportedEventVersionError,
      );
      await expect(projectEvents(rebuild, [listed!])).rejects.toThrow(/start a new one/);
      await rebuild.abort();
      expect(await store.hashModels()).toEqual(live);
    } finally {
      await store.close();
    }
  });

  it('keeps documents and checkpoint across a reopen', async () => {
    const file = newFile();
    const events = eventLog().recordAll(userRegistered('u1'), productListed('p1'));
    const first = openEmbeddedReadStore({ file });
    await projectEvents(first, events);
    const hashes = await first.hashModels();
    await first.close();
    const reopened = openEmbeddedReadStore({ file });
    try {
      expect(await reopened.hashModels()).toEqual(hashes);
      expect(await reopened.checkpoint()).toBe(2);
    } finally {
      await reopened.close();
    }
  });

  it('counts a file from before applied events were recorded as applied up to its checkpoint', async () => {
    const file = newFile();
    const older = openEmbeddedReadStore({ file });
    await projectEvents(older, eventLog().recordAll(userRegistered('u1'), productListed('p1')));
    await older.close();
    onFile(older, 'DROP TABLE applied_events; DROP TABLE applied_through;');
    const reopened = openEmbeddedReadStore({ file });
    try {
      expect(await reopened.hasApplied(1)).toBe(true);
      expect(await reopened.hasApplied(2)).toBe(true);
      expect(await reopened.hasApplied(3)).toBe(false);
    } finally {
      await reopened.close();
    }
  });

  it('runs in WAL mode', async () => {
    const store = openEmbeddedReadStore({ file: newFile() });
    await store.close();
    const db = new Database(store.file);
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      db.close();
    }
  });

  it('answers queries of more shapes than it keeps prepared, again after their statement went', async () => {
    const store = openEmbeddedReadStore({ file: newFile() });
    try {
      await projectEvents(
        store,
        eventLog().recordAll(userRegistered('u1'), productListed('p1'), productListed('p2')),
      );
      const byField = (field: string) =>
        store.find('products', { where: { [field]: 'p1' }, orderBy: [['_id', 'asc']] });
      const ids = async (field: string) => (await byField(field)).items.map(({ _id }) => _id);
      expect(await ids('_id')).toEqual(['p1']);
      // Each field name makes a statement of its own: far more than a connection keeps.
      for (let shape = 0; shape < 1_000; shape += 1)
        expect(await ids(`unknownField${shape}`)).toEqual([]);
      expect(await ids('_id')).toEqual(['p1']);
      expect(await store.count('products', {})).toBe(2);
    } finally {
      await store.close();
    }
  });

  it('answers every list query from an index, without sorting', async () => {
    // A store that only records the queries the query functions make.
    const queries: [ReadModelName, DocumentQuery][] = [];
    const recorder = {
      find: async (model: ReadModelName, query: DocumentQuery) => {
        queries.push([model, query]);
        return { items: [], nextCursor: null };
      },
    } as unknown as ReadStore;
    const later = { limit: 10, after: encodeCursor(['2024-01-01T00:00:00.000Z', 'p1']) };
    await listCategories(recorder);
    await listProductsByBrand(recorder, 'Samsung');
    await listProductsByBrand(recorder, 'Samsung', later);
    await listAdvertisedProducts(recorder);
    await listProductsBySeller(recorder, 's1');
    await listReportedProducts(recorder);
    await listBookingsOfBuyer(recorder, 'b1', {
      limit: 5,
      after: encodeCursor(['bk1']),
    });
    // What the expiry looks through, and what an account's deletion cancels.
    await listPendingBookings(recorder, { limit: 5 });
    await listPendingBookingsOf(recorder, 'u1');
    await listUsers(recorder, { limit: 5, after: encodeCursor(['u1']) });
    await getUserByEmail(recorder, 'u1@example.com');
    await listSellers(recorder);
    await getSellerByEmail(recorder, 's1@example.com');
    await verifiedSellerIds(recorder);
    // Searches without keywords walk an index in their order, whatever their filters.
    const searches = queries.length;
    const filters = { minPrice: 100, maxPrice: 500, conditions: ['Good' as const], maxYears: 3 };
    await search(recorder, { sort: 'newest', ...filters, availableOnly: true });
    await search(recorder, { sort: 'newest', brand: 'Samsung', ...filters });
    await search(recorder, { sort: 'priceAsc', ...filters });
    await search(
      recorder,
      {
        sort: 'priceDesc',
        brand: 'Samsung',
        ...filters,
      },
      { limit: 10, after: `priceDesc.${encodeCursor([300, 'p1'])}` },
    );
    expect(queries).toHaveLength(20);

    const store = openEmbeddedReadStore({ file: newFile() });
    try {
      for (const [model, query] of queries) {
        const plan = store.explainFind(model, query).join('; ');
        expect(plan, `${model} ${JSON.stringify(query)}`).toMatch(/USING (COVERING )?INDEX/);
        expect(plan, `${model} ${JSON.stringify(query)}`).not.toMatch(/TEMP B-TREE/);
        // A later page starts where the cursor points, not at the start of the list.
        if (query.page?.after) expect(plan.split('; ')[0]).toMatch(/[<>]\?\)$/);
      }
      // A query asking for the values of a partial index walks it: the home page's advertised
      // products, the admins' reported ones.
      const walked = new Set<string>();
      for (const [model, query] of queries) {
        const { collection, indexes } = readModels[model];
        const partial = indexes.find(
          ({ only }) =>
            only && Object.entries(only).every(([field, value]) => query.where?.[field] === value),
        );
        if (!partial) continue;
        walked.add(partial.name);
        expect(store.explainFind(model, query).join('; ')).toMatch(
          new RegExp(`INDEX ix_${collection}_${partial.name}_[ab]\\b`),
        );
      }
      expect([...walked].sort()).toEqual(['advertised_newest', 'reported_by_latest']);
      // A search checks its filters in the index it walks, before it reads a row: the cheapest
      // first in a condition pass over tens of thousands of others.
      const { collection, indexes } = readModels.products;
      for (const [model, query] of queries.slice(searches)) {
        const plan = store.explainFind(model, query).join('; ');
        const used = new RegExp(`INDEX ix_${collection}_(\\w+)_[ab]\\b`).exec(plan)?.[1];
        const fields = indexes.find((index) => index.name === used)?.fields.map(([f]) => f);
        const filtered = [query.where, query.oneOf, query.range].flatMap((of) =>
          Object.keys(of ?? {}),
        );
        expect(fields, plan).toEqual(expect.arrayContaining(filtered));
      }
    } finally {
      await store.close();
    }
  });
});
