// The catalog part's search mix straight against a read store, without the gateway or its
// answer cache: each distinct search once, one at a time, then the figures and the slowest
// searches. To find what is slow at scale after `generate.ts` and `npm run replay` built a
// catalog: `npx tsx infra/bench/scale/search-probe.ts --data-dir <dir> [--searches 2000]`.
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  getProduct,
  openEmbeddedReadStore,
  productSorts,
  searchProducts,
  type ProductSearch,
  type ProductSort,
} from '@resale/workers';
import { summarize } from '../support.ts';
import { searchMix } from './search-mix.ts';

const conditions = ['Good', 'Excelent', 'Fair'] as const;
type Condition = (typeof conditions)[number];

/** The search a query string of GET /products asks for, as the gateway reads it. */
export function searchOfQuery(query: string): { search: ProductSearch; limit: number } {
  const params = new URLSearchParams(query);
  const number = (name: string): number | undefined =>
    params.has(name) ? Number(params.get(name)) : undefined;
  const sort = params.get('sort');
  const asked = params
    .getAll('condition')
    .filter((value): value is Condition => (conditions as readonly string[]).includes(value));
  return {
    search: {
      q: params.get('q') ?? undefined,
      brand: params.get('brand') ?? undefined,
      minPrice: number('minPrice'),
      maxPrice: number('maxPrice'),
      conditions: asked.length > 0 ? asked : undefined,
      maxYears: number('maxYears'),
      verifiedOnly: params.get('verified') === 'true' || undefined,
      availableOnly: params.get('available') === 'true' || undefined,
      sort: (productSorts as readonly string[]).includes(sort ?? '')
        ? (sort as ProductSort)
        : undefined,
    },
    limit: number('limit') ?? 6,
  };
}

/** A search's kind, for the figures: its order, and whether it has keywords and filters. */
function kindOf(query: string): string {
  const { search } = searchOfQuery(query);
  const filtered = Object.entries(search).some(
    ([name, value]) => name !== 'q' && name !== 'sort' && value !== undefined,
  );
  return `${search.sort ?? 'newest'}${search.q ? ' words' : ''}${filtered ? ' filters' : ''}`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      searches: { type: 'string', default: '2000' },
      seed: { type: 'string', default: '32' },
      product: { type: 'string', multiple: true },
    },
  });
  const dataDir = values['data-dir'];
  if (!dataDir) throw new Error('--data-dir <dir> is required (a DATA_DIR with read models)');
  const store = openEmbeddedReadStore({ file: path.join(dataDir, 'read-models.sqlite3') });
  try {
    const { searches } = searchMix(Number(values.seed), Number(values.searches), 6);
    const timed: { query: string; ms: number; cpuMs: number; found: number }[] = [];
    for (const query of searches) {
      const { search, limit } = searchOfQuery(query);
      const cpu = process.cpuUsage();
      const started = performance.now();
      const page = await searchProducts.run(store, { search, page: { limit } });
      const used = process.cpuUsage(cpu);
      timed.push({
        query,
        ms: performance.now() - started,
        cpuMs: (used.user + used.system) / 1_000,
        found: page.items.length,
      });
    }
    const summary = summarize(timed.map((t) => t.ms));
    // The CPU time of each search too: on a host shared with other work, the time waited for a
    // core inflates the elapsed time, not this.
    const cpu = summarize(timed.map((t) => t.cpuMs));
    console.info(
      `${timed.length} searches one at a time: p50 ${summary.p50Ms} ms, p99 ${summary.p99Ms} ms, max ${summary.maxMs} ms; CPU time p50 ${cpu.p50Ms} ms, p99 ${cpu.p99Ms} ms`,
    );
    const kinds = new Map<string, typeof timed>();
    for (const search of timed)
      kinds.set(kindOf(search.query), [...(kinds.get(kindOf(search.query)) ?? []), search]);
    for (const [kind, searches] of [...kinds].sort(([a], [b]) => a.localeCompare(b))) {
      const figures = summarize(searches.map((t) => t.ms));
      const cpuFigures = summarize(searches.map((t) => t.cpuMs));
      console.info(
        `  ${kind.padEnd(24)} ${String(searches.length).padStart(5)}: p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, max ${figures.maxMs} ms; CPU p99 ${cpuFigures.p99Ms} ms, max ${cpuFigures.maxMs} ms`,
      );
    }
    // The slowest by CPU time: what waited for a core is not the search's own cost.
    for (const { query, ms, cpuMs, found } of timed.sort((a, b) => b.cpuMs - a.cpuMs).slice(0, 25))
      console.info(
        `  ${cpuMs.toFixed(1).padStart(8)} ms CPU ${ms.toFixed(1).padStart(8)} ms  ${found} found  ${decodeURIComponent(query)}`,
      );
    for (const id of values.product ?? []) {
      const started = performance.now();
      const product = await getProduct(store, id);
      console.info(
        `product ${id}: ${product ? 'found' : 'missing'} in ${(performance.now() - started).toFixed(2)} ms`,
      );
    }
  } finally {
    await store.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname)
  await main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
