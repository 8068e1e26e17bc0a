// Search at scale, without the gateway or its answer cache: searchProducts (first pages, newest
// and by price, with keywords and filters) against an embedded read store of N listings built as
// a replay builds it (aside, then swapped in). Prints p50/p99 per query.
// Run: `npx tsx workers/bench/search.bench.ts`; BENCH_SEARCH_PRODUCTS (100000), BENCH_SEARCH_RUNS
// (200 per query). Not a test: figures depend on the machine.
import type { RecordedEvent } from '@resale/events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  openEmbeddedReadStore,
  projectEvents,
  searchProducts,
  type ProductSearch,
} from '../src/read-models.ts';
import { seededRandom } from '../test/support/random.ts';
import {
  eventLog,
  productBooked,
  productListed,
  sellerRegistered,
  sellerVerified,
} from '../test/projections/recorded-events.ts';

const products = Number(process.env['BENCH_SEARCH_PRODUCTS'] ?? 100_000);
const runs = Number(process.env['BENCH_SEARCH_RUNS'] ?? 200);
const sellers = Math.max(10, Math.round(products / 100));

const random = seededRandom(29);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const models: Record<string, readonly string[]> = {
  Samsung: ['Galaxy S21', 'Galaxy S22', 'Galaxy A52', 'Galaxy Z Flip4', 'Galaxy Note 10'],
  Oppo: ['Find X5 Pro', 'Reno8 5G', 'A96', 'F21 Pro'],
  Iphone: ['iPhone 12', 'iPhone 13', 'iPhone 14 Pro', 'iPhone XR'],
};
const colours = ['Black', 'Blue', 'Pink Gold', 'Bora Purple', 'Phantom White', 'Green'];
// A vocabulary of 2,000 made-up words, so that descriptions have rare and common words alike.
const vocabulary = Array.from({ length: 2_000 }, (_, i) => `w${(i * 7919).toString(36)}`);
const words = ['battery', 'écran', 'scratch', 'charger', 'box', 'dual', 'sim', 'case'];

function* events(): Generator<RecordedEvent> {
  const log = eventLog();
  for (let s = 0; s < sellers; s++) {
    yield log.record(sellerRegistered(`s${s}`));
    if (s % 3 === 0) yield log.record(sellerVerified(`s${s}`));
  }
  for (let p = 0; p < products; p++) {
    const brand = pick(Object.keys(models));
    const about = Array.from({ length: 12 }, () =>
      random() < 0.5 ? pick(words) : pick(vocabulary),
    );
    yield log.record(
      productListed(`p${p}`, {
        productName: `${brand === 'Iphone' ? '' : `${brand} `}${pick(models[brand] ?? [])} ${pick(colours)}`,
        Brand: brand,
        about: about.join(' '),
        sellingPrice: 50 + Math.floor(random() * 950),
        year: Math.floor(random() * 6),
        condition: pick(['Good', 'Excelent', 'Fair'] as const),
        postTime: new Date(Date.UTC(2025, 0, 1) + p * 60_000).toISOString(),
        sellerUid: `s${p % sellers}`,
      }),
    );
    if (p % 10 === 0) yield log.record(productBooked(`p${p}`, `bk${p}`));
  }
}

const root = await mkdtemp(join(tmpdir(), 'search-bench-'));
const store = openEmbeddedReadStore({ file: join(root, 'read-models.sqlite3') });
try {
  const started = performance.now();
  const rebuild = await store.beginRebuild(['sellers', 'bookings', 'products']);
  let batch: RecordedEvent[] = [];
  for (const event of events()) {
    batch.push(event);
    if (batch.length === 5_000) {
      await projectEvents(rebuild, batch);
      batch = [];
    }
  }
  await projectEvents(rebuild, batch);
  await rebuild.commit();
  console.info(
    `${products.toLocaleString('en')} listings, ${sellers} sellers, built in ${Math.round((performance.now() - started) / 1000)} s`,
  );

  const queries: [string, ProductSearch][] = [
    ['newest, no keywords', {}],
    ['price up, no keywords', { sort: 'priceAsc' }],
    ['q=samsung (a third of all)', { q: 'samsung' }],
    ['q=gal s2 (prefixes)', { q: 'gal s2' }],
    ['q=ecran battery, available', { q: 'ecran battery', availableOnly: true }],
    ['q=<rare word>, price down', { q: vocabulary[1234] ?? 'w', sort: 'priceDesc' }],
    ['q=s (one letter)', { q: 's' }],
    [
      'brand, 100-300, Good, ≤2 years',
      {
        brand: 'Oppo',
        minPrice: 100,
        maxPrice: 300,
        conditions: ['Good'],
        maxYears: 2,
      },
    ],
    ['verified only, price up', { verifiedOnly: true, sort: 'priceAsc' }],
    // Filters few of the cheapest pass, without keywords and with them: checked on the index and
    // in the word lists, before a document is read.
    ['Excelent, ≤0 years, price up', { conditions: ['Excelent'], maxYears: 0, sort: 'priceAsc' }],
    ['q=galaxy s22, ≤0 years, price up', { q: 'galaxy s22', maxYears: 0, sort: 'priceAsc' }],
    [
      'q=battery, available, 100-300, newest',
      { q: 'battery', availableOnly: true, minPrice: 100, maxPrice: 300 },
    ],
    [
      'q=pink, verified, available, price up',
      {
        q: 'pink',
        verifiedOnly: true,
        availableOnly: true,
        sort: 'priceAsc',
      },
    ],
  ];
  for (const [name, search] of queries) {
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const page = await searchProducts.run(store, { search, page: { limit: 6 } });
      times.push(performance.now() - t0);
      found = page.items.length;
    }
    times.sort((a, b) => a - b);
    const at = (q: number) =>
      (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(2);
    console.info(
      `${name.padEnd(40)} p50 ${at(0.5)} ms  p99 ${at(0.99)} ms  (${found} on the page)`,
    );
  }
} finally {
  await store.close();
  await rm(root, { recursive: true, force: true });
}
