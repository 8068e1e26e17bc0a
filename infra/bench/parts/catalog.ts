// The catalog at scale (issue 29 item 6, issue 32): BENCH_CATALOG_LISTINGS listings (1,000,000)
// generated as marketplace history straight into the log (scale/generate.ts), every read model
// built from it by the workers' replay in its own process, then a gateway started on that data
// as the embedded profile starts it, and measured as the reads part measures: the ceiling, the
// maximum rate, the p99 at half the maximum, and the gateway's peak memory while it serves. The
// search is a mix of shoppers' searches (scale/search-mix.ts), the listing page a draw over many
// listings: most answers are not in the gateway's answer cache. With `--scale`, the history is
// the full one (10,000,000 events at 1,000,000 listings) and an admin also reads listings' audit
// timelines and their time travel on that data.
import { statSync } from 'node:fs';
import path from 'node:path';
import {
  createEventStore,
  handleCommand,
  productStreamId,
  userDecider,
  userStreamId,
  type CommandMetadata,
  type EventStore,
} from '@resale/events';
import { replayNodeFlags } from '@resale/workers';
import type { BackupManifest } from '@resale/workers/operators/backup';
import { startAuthEmulator } from '../../src/auth-emulator.ts';
import { accessTokensOf, signUpAccounts, type BenchAccount } from '../accounts.ts';
import { residentMiB, runScriptForResult, watchPeakMemory } from '../child-processes.ts';
import {
  measureAtRate,
  measureMaxRates,
  contentionOf,
  type HttpTarget,
  type MaxRateFigures,
} from '../http-load.ts';
import type { ReplayProcessResult } from '../replay-process.ts';
import { goalRow, recordedRow, type GoalRow, type HttpRow } from '../report.ts';
import { generateMarketplace, historyShapes, type GenerateReport } from '../scale/generate.ts';
import { searchMix } from '../scale/search-mix.ts';
import { brands } from '../catalog-seed.ts';
import { load, settings } from '../settings.ts';
import { freePort, log, round, summarize, waitedForStorage, watchIoStall } from '../support.ts';
import { captureAnswer, startCeiling } from './ceiling.ts';
import type { BenchPart, PartContext } from './part.ts';
import { account, gatewayEnv, untilProjected } from './processes.ts';
import { percent, perSecond, ratioOf } from './texts.ts';

/** The events at each end of a replay whose rates are compared: "million events" as issue 32 says. */
const windowName = (events: number): string =>
  events === 1_000_000 ? 'million events' : `${events.toLocaleString('en-US')} events`;

/** One read of the catalog: requests drawn from a mix, each a path and query of the gateway. */
interface CatalogRead {
  readonly name: string;
  readonly endpoint: string;
  readonly goalRatio?: number;
  readonly p99GoalMs: number;
  readonly draw: () => string;
  readonly headers: Record<string, string>;
}

/** Uncached answers of a sample of the mix, one request at a time: the read store's own time. */
async function singleRequestLatency(
  base: string,
  read: CatalogRead,
  samples: number,
): Promise<{ p50Ms: number; p99Ms: number; maxMs: number; failed: number }> {
  const times: number[] = [];
  let failed = 0;
  const seen = new Set<string>();
  for (let attempt = 0; seen.size < samples && attempt < samples * 10; attempt++) {
    const requestPath = read.draw();
    if (seen.has(requestPath)) continue;
    seen.add(requestPath);
    const started = performance.now();
    const response = await fetch(`${base}${requestPath}`, { headers: read.headers });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (!response.ok) failed += 1;
  }
  const { p50Ms, p99Ms, maxMs } = summarize(times);
  return { p50Ms, p99Ms, maxMs, failed };
}

async function measureRead(
  context: PartContext,
  gateway: { url: string; pid: number },
  read: CatalogRead,
): Promise<{ goals: GoalRow[]; http: HttpRow; details: Record<string, unknown> }> {
  log(`  ${read.endpoint}`);
  // The ceiling answers a typical answer of the mix: the median-sized of a few.
  const captured = await Promise.all(
    Array.from({ length: 15 }, () =>
      captureAnswer({ url: `${gateway.url}${read.draw()}`, headers: read.headers }),
    ),
  );
  const typical = captured.sort((a, b) => a.body.length - b.body.length)[7] ?? captured[0];
  if (!typical) throw new Error(`No answer of ${read.endpoint} to measure against`);
  const ceiling = await startCeiling(context, [
    { method: 'GET', path: `/${read.name}`, ...typical },
  ]);
  const uncached = await singleRequestLatency(gateway.url, read, 300);
  log(
    `  one at a time, not cached (300 distinct): p50 ${uncached.p50Ms} ms, p99 ${uncached.p99Ms} ms, max ${uncached.maxMs} ms`,
  );
  const target: HttpTarget = {
    url: `${gateway.url}/`,
    headers: read.headers,
    next: () => ({ path: read.draw() }),
  };
  // The bare route gets the same request lines (its routing ignores the query).
  const ceilingTarget: HttpTarget = {
    url: `${ceiling.url}/${read.name}`,
    headers: read.headers,
    next: () => ({ path: `/${read.name}${read.draw().replace(/^[^?]*/, '')}` }),
  };
  const [ceilingFigures, max] = (await measureMaxRates(
    [
      { label: `ceiling ${read.name}`, target: ceilingTarget, serverPid: ceiling.pid },
      { label: `gateway ${read.name}`, target, serverPid: gateway.pid },
    ],
    load,
  )) as [MaxRateFigures, MaxRateFigures];
  const half = await measureAtRate(
    `gateway ${read.name}`,
    target,
    max.median.okPerSecond / 2,
    settings.halfRateSeconds,
    settings.halfRateRounds,
  );
  const ceilingHalf = await measureAtRate(
    `ceiling ${read.name}`,
    ceilingTarget,
    max.median.okPerSecond / 2,
    settings.halfRateSeconds,
    settings.halfRateRounds,
  );
  await ceiling.stop();
  const ratio = ratioOf(max, ceilingFigures);
  const answerBytes = Buffer.byteLength(typical.body);
  const shareText = `${percent(ratio)} (${perSecond(max.median.okPerSecond)} of ${perSecond(ceilingFigures.median.okPerSecond)}; one request at a time, not cached: p50 ${uncached.p50Ms} ms, p99 ${uncached.p99Ms} ms, max ${uncached.maxMs} ms)`;
  const goals: GoalRow[] = [
    read.goalRatio === undefined
      ? recordedRow('Catalog', `${read.endpoint}: share of the ceiling`, shareText)
      : goalRow(
          'Catalog',
          `${read.endpoint}: share of the ceiling`,
          `≥ ${Math.round(read.goalRatio * 100)} %`,
          ratio,
          read.goalRatio,
          'min',
          shareText,
        ),
    goalRow(
      'Catalog',
      `${read.endpoint}: p99 at half the maximum rate`,
      `≤ ${read.p99GoalMs} ms`,
      half.non2xx + half.errors + max.median.non2xx > 0 ? Number.NaN : half.p99Ms,
      read.p99GoalMs,
      'max',
      `${half.p99Ms} ms at ${perSecond(half.rate)}, median of ${half.roundsP99Ms.length} rounds (${half.roundsP99Ms.join(', ')} ms${contentionOf(half.rounds)}; the ceiling at that rate: ${ceilingHalf.p99Ms} ms)`,
    ),
  ];
  return {
    goals,
    http: {
      endpoint: read.endpoint,
      answerBytes,
      ceilingOkPerSecond: ceilingFigures.median.okPerSecond,
      gatewayOkPerSecond: max.median.okPerSecond,
      ratio: round(ratio, 3),
      p99AtMaxMs: max.median.p99Ms,
      ceilingP99AtMaxMs: ceilingFigures.median.p99Ms,
      gatewayCpuMicros: max.median.serverCpuMicrosPerAnswer,
      ceilingCpuMicros: ceilingFigures.median.serverCpuMicrosPerAnswer,
      gatewayKiloInstructions: max.median.serverKiloInstructionsPerAnswer,
      ceilingKiloInstructions: ceilingFigures.median.serverKiloInstructionsPerAnswer,
      p99AtRateMs: half.p99Ms,
      ceilingP99AtRateMs: ceilingHalf.p99Ms,
      rate: half.rate,
    },
    details: { answerBytes, uncached, ceiling: ceilingFigures, gateway: max, half, ceilingHalf },
  };
}

/**
 * The category pages a shopper walks through: the first `pagesPerBrand` pages of each brand, each
 * followed by its cursor, as "Load more" asks for them.
 */
async function categoryPagePaths(
  base: string,
  headers: Record<string, string>,
  pagesPerBrand: number,
): Promise<string[]> {
  const paths: string[] = [];
  for (const brand of brands) {
    let after: string | null = null;
    for (let page = 0; page < pagesPerBrand; page++) {
      const requestPath: string = `/allProducts/${brand}?limit=${settings.productPageLimit}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
      const response: Response = await fetch(`${base}${requestPath}`, { headers });
      if (!response.ok) throw new Error(`GET ${requestPath} answered ${response.status}`);
      paths.push(requestPath);
      after = ((await response.json()) as { nextCursor: string | null }).nextCursor;
      if (!after) break;
    }
  }
  return paths;
}

/** The reader, a buyer, and an admin (registered, then promoted), in the log before the rest. */
async function registerAccounts(
  store: EventStore,
  reader: BenchAccount,
  admin: BenchAccount,
): Promise<void> {
  const metadataOf = (actor: BenchAccount, step: string): CommandMetadata => ({
    actorUid: actor.uid,
    actorEmail: actor.email,
    now: new Date().toISOString(),
    correlationId: `bench-catalog-${step}`,
    causationId: `bench-catalog-${step}`,
  });
  for (const person of [reader, admin])
    await handleCommand(store, userStreamId(person.uid), userDecider, {
      type: 'RegisterUser',
      data: { uid: person.uid, name: person.name, email: person.email, role: person.role },
      metadata: metadataOf(person, `register-${person.role}`),
    });
  await handleCommand(store, userStreamId(admin.uid), userDecider, {
    type: 'PromoteUser',
    data: { uid: admin.uid },
    metadata: { ...metadataOf(admin, 'promote'), actorUid: 'system', actorEmail: '' },
  });
}

const AUDIT_WARM_UP = 50;
const AUDIT_REQUESTS = 400;

/**
 * An admin's audit on the catalog's data, one request after another as the dashboard asks: a
 * listing's timeline (its first page of 50), then the listing as it was at a position in the
 * middle of that timeline beside today (time travel), over listings spread through the log.
 */
async function auditAtScale(
  base: string,
  headers: Record<string, string>,
  productIds: readonly string[],
): Promise<GoalRow[]> {
  log("  audit: a listing's timeline and its time travel, one request after another");
  const timeline: number[] = [];
  const asOf: number[] = [];
  let events = 0;
  let deletedThen = 0;
  const timed = async <T>(url: string, times: number[], measured: boolean): Promise<T> => {
    const started = performance.now();
    const response = await fetch(url, { headers });
    const body = (await response.json()) as T;
    if (measured) times.push(performance.now() - started);
    if (!response.ok)
      throw new Error(`GET ${url} answered ${response.status}: ${JSON.stringify(body)}`);
    return body;
  };
  for (let i = 0; i < AUDIT_WARM_UP + AUDIT_REQUESTS; i++) {
    const productId = productIds[(i * 7_919) % productIds.length] ?? '';
    const measured = i >= AUDIT_WARM_UP;
    const page = await timed<{ entries: { position: number }[] }>(
      `${base}/admin/audit?stream=${productStreamId(productId)}&limit=50`,
      timeline,
      measured,
    );
    if (page.entries.length === 0) throw new Error(`The timeline of listing ${productId} is empty`);
    if (measured) events += page.entries.length;
    const middle = page.entries[Math.floor(page.entries.length / 2)]?.position ?? 0;
    const then = await timed<{ then: unknown }>(
      `${base}/admin/products/${productId}/as-of/${middle}`,
      asOf,
      measured,
    );
    // null: the listing had been deleted by then (its timeline goes on with the deletion).
    if (measured && then.then === null) deletedThen += 1;
  }
  const [timelineFigures, asOfFigures] = [summarize(timeline), summarize(asOf)];
  log(
    `  timeline p50 ${timelineFigures.p50Ms} ms, p99 ${timelineFigures.p99Ms} ms; time travel p50 ${asOfFigures.p50Ms} ms, p99 ${asOfFigures.p99Ms} ms`,
  );
  const over = `over ${AUDIT_REQUESTS} listings, one request after another (${round(events / AUDIT_REQUESTS, 1)} events per timeline page on average; ${deletedThen} listings deleted by the middle of theirs)`;
  return [
    goalRow(
      'Catalog',
      "A listing's audit timeline, its first page of 50 (GET /admin/audit?stream=…)",
      'p99 ≤ 50 ms',
      timelineFigures.p99Ms,
      50,
      'max',
      `p99 ${timelineFigures.p99Ms} ms, p50 ${timelineFigures.p50Ms} ms ${over}`,
    ),
    goalRow(
      'Catalog',
      'Time travel: the listing at a position of its timeline beside today (GET /admin/products/:id/as-of/:position)',
      'p99 ≤ 50 ms',
      asOfFigures.p99Ms,
      50,
      'max',
      `p99 ${asOfFigures.p99Ms} ms, p50 ${asOfFigures.p50Ms} ms ${over}`,
    ),
  ];
}

/** Whether the gateway answers the route at all (the listing page came later than the search). */
async function answers(base: string, requestPath: string, headers: Record<string, string>) {
  const response = await fetch(`${base}${requestPath}`, { headers });
  await response.arrayBuffer();
  return response.ok;
}

/** Bytes of a SQLite database on disk, with its write-ahead log. */
const databaseBytes = (file: string): number =>
  [file, `${file}-wal`].reduce(
    (sum, name) => sum + (statSync(name, { throwIfNoEntry: false })?.size ?? 0),
    0,
  );

/**
 * `npm run backup`'s copy of the data folder, taken while a reader asks for listing pages one
 * after the other: how long the copy takes, and what the reader saw meanwhile.
 */
async function backupWhileServing(
  dataDir: string,
  to: string,
  read: CatalogRead,
  base: string,
): Promise<{ seconds: number; mebibytes: number; reads: number; p99Ms: number; failed: number }> {
  let copying = true;
  const times: number[] = [];
  let failed = 0;
  const reader = (async () => {
    while (copying) {
      const started = performance.now();
      try {
        const response = await fetch(`${base}${read.draw()}`, { headers: read.headers });
        await response.arrayBuffer();
        if (!response.ok) failed += 1;
      } catch {
        // A refused or dropped connection is what the reader saw: counted, not fatal to the run.
        failed += 1;
      }
      times.push(performance.now() - started);
    }
  })();
  try {
    const manifest = await runScriptForResult<BackupManifest>(
      new URL('../backup-process.ts', import.meta.url),
      { env: { ...process.env, DATA_DIR: dataDir, BACKUP_TO: to }, label: 'npm run backup' },
    );
    return {
      seconds: manifest.seconds,
      mebibytes: round(manifest.files.reduce((sum, file) => sum + file.bytes, 0) / 2 ** 20),
      reads: times.length,
      p99Ms: summarize(times).p99Ms,
      failed,
    };
  } finally {
    copying = false;
    await reader;
  }
}

export const catalog: BenchPart = {
  name: 'catalog',
  async run(context) {
    const started = performance.now();
    const listings = settings.catalogListings;
    log(`Catalog: ${listings.toLocaleString('en-US')} listings generated as history`);
    const auth = await startAuthEmulator({ port: await freePort(2) });
    context.processes.onStop(() => auth.stop());
    const [reader, admin] = (await signUpAccounts(auth.host, [
      account('reader', 0, 'buyer'),
      account('admin', 0, 'buyer'),
    ])) as [BenchAccount, BenchAccount];

    const dataDir = path.join(context.scratch, 'catalog');
    const store = createEventStore({ DATA_DIR: dataDir });
    let generated: GenerateReport;
    try {
      await registerAccounts(store, reader, admin);
      generated = await generateMarketplace(store, {
        listings,
        seed: settings.catalogSeed,
        history: historyShapes[settings.catalogHistory],
        sampleListings: settings.catalogPages,
      });
    } finally {
      await store.close();
    }
    log(
      `  generated ${generated.events.toLocaleString('en-US')} events (${generated.listings.toLocaleString('en-US')} listings, ${generated.bookings.toLocaleString('en-US')} bookings) in ${round(generated.seconds)} s: ${perSecond(generated.eventsPerSecond)}`,
    );

    // The read models, built as `npm run replay` builds them, in a process of its own.
    const replayed = await runScriptForResult<ReplayProcessResult>(
      new URL('../replay-process.ts', import.meta.url),
      {
        env: { ...process.env, DATA_DIR: dataDir },
        label: 'catalog replay',
        nodeFlags: replayNodeFlags,
      },
    );
    log(
      `  read models built from ${replayed.events.toLocaleString('en-US')} events in ${round(replayed.seconds)} s: ${perSecond(replayed.eventsPerSecond)} (first ${windowName(replayed.windowEvents)} ${perSecond(replayed.firstWindowEventsPerSecond)}, last ${perSecond(replayed.lastWindowEventsPerSecond)}, swap ${round(replayed.swapSeconds)} s), peak RSS ${replayed.peakRssMiB} MiB`,
    );

    const logBytes = databaseBytes(path.join(dataDir, 'events.sqlite3'));
    const readModelBytes = databaseBytes(path.join(dataDir, 'read-models.sqlite3'));

    const startingAt = performance.now();
    const startIoStall = watchIoStall();
    const gateway = await context.processes.startGateway(
      'catalog gateway',
      gatewayEnv(dataDir, auth),
    );
    await untilProjected(gateway);
    const startSeconds = round((performance.now() - startingAt) / 1_000, 2);
    const startIoStallPercent = startIoStall.stop();
    const startWaitedForStorage = waitedForStorage(startIoStallPercent)
      ? ` (some task waited for storage ${startIoStallPercent} % of that time)`
      : '';
    log(`  gateway ready on that data in ${startSeconds} s${startWaitedForStorage}`);
    const tokens = await accessTokensOf(gateway.url, [reader, admin]);
    const bearer = { authorization: `Bearer ${tokens.get(reader.email) ?? ''}` };
    const adminBearer = { authorization: `Bearer ${tokens.get(admin.email) ?? ''}` };

    const mix = searchMix(
      settings.catalogSeed,
      settings.catalogSearches,
      settings.productPageLimit,
    );
    const pages = generated.sampleProductIds;
    let next = 0;
    const categoryPages = await categoryPagePaths(gateway.url, bearer, 100);
    let nextCategoryPage = 0;
    const reads: CatalogRead[] = [
      {
        name: 'categoryPage',
        endpoint: `GET /allProducts/:brand?limit=${settings.productPageLimit}&after=… (the first ${Math.ceil(categoryPages.length / brands.length)} pages of each brand in turn, bearer)`,
        goalRatio: 0.8,
        p99GoalMs: 20,
        draw: () => categoryPages[nextCategoryPage++ % categoryPages.length] ?? '',
        headers: bearer,
      },
      {
        name: 'search',
        endpoint: `GET /products?q=… (${mix.searches.length.toLocaleString('en-US')} distinct searches: keywords, filters, orders; first pages of ${settings.productPageLimit})`,
        goalRatio: 0.5,
        p99GoalMs: 50,
        draw: () => `/products?${mix.draw()}`,
        headers: {},
      },
      {
        name: 'listingPage',
        endpoint: `GET /products/:productId (${pages.length.toLocaleString('en-US')} listings in turn, bearer)`,
        p99GoalMs: 20,
        // Spread over the listings: consecutive requests ask for far-apart ones.
        draw: () => `/products/${pages[(next++ * 7_919) % pages.length] ?? ''}`,
        headers: bearer,
      },
    ];

    const goals: GoalRow[] = [];
    const http: HttpRow[] = [];
    const notes: string[] = [];
    const readDetails: Record<string, unknown> = {};
    const idleMiB = round(residentMiB(gateway.pid));
    const memory = watchPeakMemory(gateway.pid);
    for (const read of reads) {
      const probe = read.draw();
      if (!(await answers(gateway.url, probe, read.headers))) {
        log(`  ${read.endpoint}: GET ${probe} is not answered with 2xx; not measured`);
        notes.push(
          `Catalog: ${read.endpoint} was not measured: the gateway did not answer GET ${probe} with 2xx.`,
        );
        goals.push(
          goalRow(
            'Catalog',
            `${read.endpoint}: p99 at half the maximum rate`,
            `≤ ${read.p99GoalMs} ms`,
            undefined,
            read.p99GoalMs,
            'max',
            '',
          ),
        );
        continue;
      }
      const measured = await measureRead(context, gateway, read);
      goals.push(...measured.goals);
      http.push(measured.http);
      readDetails[read.name] = measured.details;
    }
    const peakMiB = round(memory.stop());
    if (settings.scale) goals.push(...(await auditAtScale(gateway.url, adminBearer, pages)));
    const listingPage = reads.find((read) => read.name === 'listingPage');
    log('  npm run backup while the listing page is read');
    const backup = listingPage
      ? await backupWhileServing(
          dataDir,
          path.join(context.scratch, 'catalog-backup'),
          listingPage,
          gateway.url,
        )
      : undefined;
    const peakMB = round((peakMiB * 2 ** 20) / 1e6);
    const seconds = round((performance.now() - started) / 1_000);
    goals.unshift(
      recordedRow(
        'Catalog',
        `${generated.listings.toLocaleString('en-US')} listings generated as history (scale/generate.ts)`,
        `${generated.events.toLocaleString('en-US')} events in ${round(generated.seconds)} s: ${perSecond(generated.eventsPerSecond)} (${generated.bookings.toLocaleString('en-US')} bookings, ${generated.buyers.toLocaleString('en-US')} buyers, ${generated.sellers.toLocaleString('en-US')} sellers)`,
      ),
      goalRow(
        'Catalog',
        `Read models built from those ${replayed.events.toLocaleString('en-US')} events (the workers' replay)`,
        '≥ 60,000 events/s',
        replayed.eventsPerSecond,
        60_000,
        'min',
        `${perSecond(replayed.eventsPerSecond)} (${round(replayed.seconds)} s, of which ${round(replayed.swapSeconds)} s building the indexes and search tables before the swap)`,
      ),
      goalRow(
        'Catalog',
        `That replay's rate over the last ${windowName(replayed.windowEvents)} of the log, as a share of its rate over the first`,
        '≥ 90 % (cost grows linearly)',
        replayed.lastWindowEventsPerSecond / replayed.firstWindowEventsPerSecond,
        0.9,
        'min',
        `${round((100 * replayed.lastWindowEventsPerSecond) / replayed.firstWindowEventsPerSecond)} % (${perSecond(replayed.firstWindowEventsPerSecond)} then ${perSecond(replayed.lastWindowEventsPerSecond)}, events applied)`,
      ),
      goalRow(
        'Catalog',
        "That replay's peak RSS",
        '≤ 500 MB',
        (replayed.peakRssMiB * 2 ** 20) / 1e6,
        500,
        'max',
        `${round((replayed.peakRssMiB * 2 ** 20) / 1e6)} MB`,
      ),
      goalRow(
        'Catalog',
        'Gateway start-up on that data until /readyz is ready',
        '≤ 5 s',
        startSeconds,
        5,
        'max',
        `${startSeconds} s${startWaitedForStorage}`,
      ),
    );
    goals.push(
      goalRow(
        'Catalog',
        `Peak RSS of the gateway serving reads on ${generated.listings.toLocaleString('en-US')} listings`,
        '≤ 300 MB',
        peakMB,
        300,
        'max',
        `${peakMB} MB (${peakMiB} MiB; ${idleMiB} MiB before the reads)`,
      ),
    );
    goals.push(
      recordedRow(
        'Catalog',
        'Bytes on disk: the event log per event, the read models per listing',
        `${round(logBytes / generated.events)} bytes per event (${round(logBytes / 2 ** 20)} MiB for ${generated.events.toLocaleString('en-US')} events); ${round(readModelBytes / generated.listings)} bytes per listing (${round(readModelBytes / 2 ** 20)} MiB of read models, every model, for ${generated.listings.toLocaleString('en-US')} listings)`,
      ),
    );
    if (backup)
      goals.push(
        recordedRow(
          'Catalog',
          'A consistent backup of the data folder while it serves (npm run backup)',
          `${backup.seconds} s for ${backup.mebibytes} MiB; meanwhile one reader got ${backup.reads.toLocaleString('en-US')} listing pages, one after the other, p99 ${backup.p99Ms} ms${backup.failed > 0 ? `, ${backup.failed} failed` : ''}`,
        ),
      );
    notes.push(
      `Catalog: ${generated.listings.toLocaleString('en-US')} listings generated as marketplace history by infra/bench/scale/generate.ts (seed ${settings.catalogSeed}, ${settings.catalogHistory === 'light' ? 'the light history: most listings never booked' : 'the full history: most listings booked, many edited, bookings through their whole life'}), appended through the store's batch append, every event decided by the deciders and checked by the store against the catalog; the read models built by the workers' replay in a process of its own; then a gateway started on that data. The search mix draws among ${mix.searches.length.toLocaleString('en-US')} distinct searches, popular ones more often (rank^-2/3), so the answer cache holds some of them, as it would; the listing page asks for ${pages.length.toLocaleString('en-US')} listings in turn. "Not cached" figures are 300 distinct requests one at a time. The part took ${seconds} s.`,
    );
    return {
      goals,
      http,
      notes,
      details: {
        catalogAtScale: {
          generated: { ...generated, sampleProductIds: generated.sampleProductIds.length },
          replay: replayed,
          startSeconds,
          reads: readDetails,
          memory: { rssMiBBeforeReads: idleMiB, peakRssMiBDuringReads: peakMiB },
          disk: { logBytes, readModelBytes },
          backup,
          seconds,
        },
      },
    };
  },
};
