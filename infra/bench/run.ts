// npm run bench (in infra/, or at the root): measures the embedded profile on this machine in one
// run and writes bench/results/latest.json and latest.md (goal, measured, pass or short).
// A script, not a test: a missed goal is reported, never a failure.
//
// `npm run bench` starts this process with --no-memory-reducer: it sits idle through every
// fixed-rate round (a process of its own sends those), and once idle after autocannon's rounds,
// V8's memory reducer collected its 150-190 MB heap there, with main-thread pauses up to 38 ms
// and helper threads on both cores, in the middle of whichever server's round was being measured.
//
// Knobs (environment): BENCH_ONLY=reads,commands,live,fanout,bullmq,distributed,replay,web runs
// only those parts (results go to partial.*); BENCH_CPU_PROF=<dir> writes V8 CPU profiles of the
// gateway processes there; BENCH_ROUND_SECONDS (5), BENCH_WARMUP_SECONDS (3),
// BENCH_FANOUT_SUBSCRIBERS (1000), BENCH_REPLAY_EVENTS (200000), BENCH_READS=<read names> (all),
// BENCH_IDEMPOTENCY_KEY=off, REDIS_URL (redis://127.0.0.1:6379), PROJECTION_THREAD=off (the
// gateway's setting, on by default), BENCH_GC_LOG=<file> (the gateway appends each GC pause of
// 3 ms or more: start ms, kind, ms), BENCH_DISTRIBUTED_BOOKERS (32) and BENCH_DISTRIBUTED_PRODUCTS
// (1000: products for the distributed row's closed loop).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEventStore, type EventStore } from '@resale/events';
import { gatewayNodeFlags } from '@resale/gateway/v8-heap';
import { replayNodeFlags } from '@resale/workers';
import { Redis } from 'ioredis';
import { startAuthEmulator, type AuthEmulator } from '../src/auth-emulator.ts';
import { accessTokensOf, signUpAccounts, type BenchAccount } from './accounts.ts';
import {
  brands,
  seedAccountsAndCategories,
  seedBookings,
  seedProducts,
  type SeededProduct,
} from './catalog-seed.ts';
import {
  forkScript,
  forkServer,
  residentMiB,
  untilIdle,
  watchPeakMemory,
  type ChildProcessHandle,
  type ChildServer,
} from './child-processes.ts';
import {
  measureAtRate,
  measureMaxRates,
  stealOf,
  type HttpTarget,
  type LoadSettings,
  type MaxRateFigures,
} from './http-load.ts';
import {
  bookingBody,
  measureBookingConfirmations,
  measureFanOut,
  webOrigin,
  type LiveFigures,
} from './live-path.ts';
import { distributedDataDir, distributedEnv, measureDistributed } from './distributed.ts';
import { measureReplay, type ReplayFigures } from './replay-bench.ts';
import { goalRow, recordedRow, writeResults, type GoalRow, type HttpRow } from './report.ts';
import {
  describeMachine,
  freePort,
  hostSpeedLoopMs,
  loadAverage,
  log,
  round,
  watchCpuSteal,
} from './support.ts';
import { measureWebWeight, type WebWeight } from './web-weight.ts';

const env = process.env;
const numberSetting = (name: string, fallback: number): number => {
  const value = Number(env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const parts = [
  'reads',
  'commands',
  'live',
  'fanout',
  'bullmq',
  'distributed',
  'replay',
  'web',
] as const;
type Part = (typeof parts)[number];
const only = new Set((env['BENCH_ONLY'] ?? '').split(',').filter(Boolean));
const unknownParts = [...only].filter((part) => !(parts as readonly string[]).includes(part));
if (unknownParts.length > 0)
  throw new Error(
    `BENCH_ONLY names unknown parts: ${unknownParts.join(', ')} (${parts.join(', ')})`,
  );
const runs = (part: Part): boolean => only.size === 0 || only.has(part);

const load: LoadSettings = {
  warmUpSeconds: numberSetting('BENCH_WARMUP_SECONDS', 3),
  roundSeconds: numberSetting('BENCH_ROUND_SECONDS', 5),
  rounds: 3,
};
const settings = {
  ...load,
  connections: 100,
  pipelining: 1,
  catalogProducts: 10_000,
  readerBookings: 50,
  productPageLimit: 6,
  halfRateSeconds: 5,
  // The p99 at half the maximum rate: the median of 3 rounds, as every figure of the reads.
  halfRateRounds: 3,
  fixedCommandRate: 1_000,
  fixedCommandSeconds: 10,
  // The p99 at 1,000/s: the median of 3 rounds too, so that one stall of the host or its disk
  // (a sync of 155 ms was seen) does not decide the figure alone.
  fixedCommandRounds: 3,
  commandBuyers: 10,
  liveBookingsPerSecond: 50,
  liveSeconds: 10,
  fanOutSubscribers: numberSetting('BENCH_FANOUT_SUBSCRIBERS', 1_000),
  fanOutEventsPerSecond: 20,
  fanOutSeconds: 10,
  replayEvents: numberSetting('BENCH_REPLAY_EVENTS', 200_000),
  // The gateway's per-address write and sign-in limits (60 and 20 a minute by default) would
  // refuse a load generator on one address: raised for the benchmark's gateway only.
  rateLimitWrites: 100_000_000,
  rateLimitSignIn: 100_000_000,
  // As `npm start` runs the gateway: warnings and errors only, no line per request.
  logLevel: 'warn',
  projectionThread: env['PROJECTION_THREAD'] === 'off' ? 'off' : 'on',
  redisUrl: env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
  // The distributed profile (infra/src/distributed-stack.ts): its live path at the same rate as
  // the others, then a closed loop of bookers over both gateways for its highest booking rate.
  distributed: {
    gateways: 2,
    workers: 2,
    bookers: numberSetting('BENCH_DISTRIBUTED_BOOKERS', 32),
    buyers: 8,
    warmUpSeconds: 2,
    roundSeconds: 5,
    loopProducts: numberSetting('BENCH_DISTRIBUTED_PRODUCTS', 1_000),
    catchUpLimitSeconds: 180,
    liveDeliveryLimitSeconds: 180,
  },
};
// BENCH_IDEMPOTENCY_KEY=off books without the key the web client sends (to see what it costs).
const withIdempotencyKey = env['BENCH_IDEMPOTENCY_KEY'] !== 'off';
const cpuProfileDir = env['BENCH_CPU_PROF'] ? path.resolve(env['BENCH_CPU_PROF']) : undefined;

const here = path.dirname(fileURLToPath(import.meta.url));
const workerMain = fileURLToPath(
  new URL('./worker-main.ts', import.meta.resolve('@resale/workers')),
);
const scratch = mkdtempSync(path.join(tmpdir(), 'resale-bench-'));
const started = performance.now();
const machine = describeMachine();
const stealOverRun = watchCpuSteal();
const goals: GoalRow[] = [];
const http: HttpRow[] = [];
const details: Record<string, unknown> = {};
const notes: string[] = [];
let webWeight: WebWeight | undefined;

log(
  `Benchmark of the embedded profile on ${machine.cpus} × ${machine.cpuModel}, load average ${machine.loadAverageAtStart.join(', ')}, speed loop ${machine.speedLoopMsAtStart} ms`,
);

/////////////////////////////////////////
// Processes and data
/////////////////////////////////////////

const stoppers: (() => Promise<unknown>)[] = [];
const stopAll = async (): Promise<void> => {
  for (const stop of stoppers.splice(0).reverse())
    await stop().catch((error: unknown) => console.error(error));
};

const gatewayEnv = (
  dataDir: string,
  auth: AuthEmulator,
  extra: Record<string, string> = {},
): Record<string, string | undefined> => ({
  PATH: env['PATH'],
  HOME: env['HOME'],
  TMPDIR: env['TMPDIR'],
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  FIREBASE_AUTH_EMULATOR_HOST: auth.host,
  FIREBASE_PROJECT_ID: 'demo-resale',
  WEB_ORIGIN: webOrigin,
  LOG_LEVEL: settings.logLevel,
  RATE_LIMIT_WRITES: String(settings.rateLimitWrites),
  RATE_LIMIT_SIGN_IN: String(settings.rateLimitSignIn),
  PROJECTION_THREAD: settings.projectionThread,
  BENCH_GC_LOG: env['BENCH_GC_LOG'],
  ...extra,
});

async function startGateway(
  label: string,
  childEnv: Record<string, string | undefined>,
): Promise<ChildServer> {
  const server = await forkServer(new URL('./gateway-server.ts', import.meta.url), {
    env: childEnv,
    cpuProfileDir,
    label,
    nodeFlags: gatewayNodeFlags,
  });
  stoppers.push(() => server.stop());
  return server;
}

/**
 * Waits until the read models have applied every event of the log (GET /readyz); gives up when
 * their checkpoint stops moving for a minute.
 */
async function untilProjected(gateway: ChildServer): Promise<void> {
  let checkpoint = -1;
  let movedAt = Date.now();
  for (;;) {
    const response = await fetch(`${gateway.url}/readyz`);
    const body = (await response.json()) as {
      checks?: { readModels?: { lag?: number; checkpoint?: number } };
    };
    const readModels = body.checks?.readModels;
    if (response.ok && readModels?.lag === 0) return;
    if (readModels?.checkpoint !== checkpoint) {
      checkpoint = readModels?.checkpoint ?? -1;
      movedAt = Date.now();
    }
    if (Date.now() - movedAt > 60_000)
      throw new Error(
        `The read models stopped at ${JSON.stringify(body)}; gateway output:\n${gateway.output()}`,
      );
    // Another process projects: nothing here to await but its progress.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How far the read models are behind the log now; resolves once they have caught up. */
async function readModelsCatchUp(gateway: ChildServer): Promise<{ behind: number }> {
  const response = await fetch(`${gateway.url}/readyz`);
  const body = (await response.json()) as { checks?: { readModels?: { lag?: number } } };
  await untilProjected(gateway);
  return { behind: body.checks?.readModels?.lag ?? 0 };
}

const account = (prefix: string, index: number, role: 'buyer' | 'seller') => ({
  email: `${prefix}-${index}-${randomUUID().slice(0, 8)}@bench.example`,
  name: `${prefix} ${index}`,
  role,
});

/** Products handed out one per request, topped up (through events) before each run. */
class ProductPool {
  private products: SeededProduct[] = [];
  private next = 0;
  constructor(
    private readonly store: EventStore,
    private readonly seller: BenchAccount,
  ) {}
  get remaining(): number {
    return this.products.length - this.next;
  }
  /** The next unbooked product; past the end the last one again (its booking answers 409). */
  take(): string {
    const product = this.products[Math.min(this.next, this.products.length - 1)];
    this.next += 1;
    if (!product) throw new Error('The product pool is empty');
    return product.productId;
  }
  async ensure(count: number, gateway: ChildServer): Promise<void> {
    if (this.remaining >= count) return;
    const wanted = Math.ceil(count - Math.max(0, this.remaining));
    log(`  seeding ${wanted} more products for bookings`);
    this.products = [
      ...this.products.slice(this.next),
      ...(await seedProducts(this.store, this.seller, wanted)),
    ];
    this.next = 0;
    await untilProjected(gateway);
  }
}

/////////////////////////////////////////
// HTTP figures
/////////////////////////////////////////

interface ReadTarget {
  readonly name: string;
  readonly endpoint: string;
  readonly goalRatio: number;
  readonly authenticated: boolean;
  readonly target: (base: string) => HttpTarget;
}

const productFields =
  '_id productName picture address year buyingPrice sellingPrice sellerName condition phone about postTime Brand email sellerEmail booked reported advertised available sellerVerified';
const bookingFields = '_id Brand buyerName email phone address sellingPrice productId productName';

function readTargets(reader: BenchAccount, readerToken: string): ReadTarget[] {
  const bearer = { authorization: `Bearer ${readerToken}` };
  // A query as the web client's urql sends it: GET, its parts in the URL (URLSearchParams).
  const graphql =
    (operationName: string, query: string, variables: Record<string, unknown>) =>
    (base: string) => ({
      url: `${base}/graphql?${new URLSearchParams({ query, operationName, variables: JSON.stringify(variables) }).toString()}`,
      headers: { accept: 'application/graphql-response+json, application/json', ...bearer },
    });
  return [
    {
      name: 'categories',
      endpoint: 'GET /categories',
      goalRatio: 0.8,
      authenticated: false,
      target: (base) => ({ url: `${base}/categories` }),
    },
    {
      name: 'productPage',
      endpoint: `GET /allProducts/Samsung?limit=${settings.productPageLimit}`,
      goalRatio: 0.8,
      authenticated: false,
      target: (base) => ({ url: `${base}/allProducts/Samsung?limit=${settings.productPageLimit}` }),
    },
    {
      name: 'bookings',
      endpoint: `GET /bookings?email= (${settings.readerBookings} bookings, bearer)`,
      goalRatio: 0.5,
      authenticated: true,
      target: (base) => ({
        url: `${base}/bookings?email=${encodeURIComponent(reader.email)}`,
        headers: bearer,
      }),
    },
    {
      // What the web client's category page sends (signed in): GraphQL, first page of 6.
      name: 'productPageGraphql',
      endpoint: `GET /graphql products(brand, limit: ${settings.productPageLimit}) (bearer, as the web client)`,
      goalRatio: 0.5,
      authenticated: true,
      target: graphql(
        'Products',
        `query Products($brand: String!, $limit: Int, $after: String, $minPosition: Float) { products(brand: $brand, limit: $limit, after: $after, minPosition: $minPosition) { items { ${productFields} } nextCursor } }`,
        { brand: 'Samsung', limit: settings.productPageLimit },
      ),
    },
    {
      name: 'myBookingsGraphql',
      endpoint: 'GET /graphql myBookings (bearer, as the web client)',
      goalRatio: 0.5,
      authenticated: true,
      target: graphql(
        'MyBookings',
        `query MyBookings($minPosition: Float) { myBookings(minPosition: $minPosition) { ${bookingFields} } }`,
        {},
      ),
    },
  ];
}

/** Headers node:http writes for any answer by itself (or the ceiling's route sets). */
const ownHeaders = new Set([
  'connection',
  'content-length',
  'content-type',
  'date',
  'keep-alive',
  'transfer-encoding',
]);

/**
 * Sends the request once, checks the answer, and returns its bytes for the ceiling: the body and
 * the headers the API added (security, CORS, request id), which a bare route answering the same
 * bytes sends as they are.
 */
async function captureAnswer(target: HttpTarget): Promise<CapturedAnswer> {
  const response = await fetch(target.url, {
    method: target.method ?? 'GET',
    headers: target.headers ?? {},
    ...(target.body !== undefined ? { body: target.body } : {}),
  });
  const body = await response.text();
  if (!response.ok || body.includes('"errors"'))
    throw new Error(`${target.url} answered ${response.status}: ${body.slice(0, 300)}`);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!ownHeaders.has(name)) headers[name] = value;
  });
  return {
    body,
    contentType: response.headers.get('content-type') ?? 'application/json',
    headers,
  };
}

interface CapturedAnswer {
  readonly body: string;
  readonly contentType: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** A bare route of the ceiling server (ceiling-server.ts reads them from a JSON file). */
interface CeilingRoute extends CapturedAnswer {
  readonly method: 'GET' | 'POST';
  readonly path: string;
}

/**
 * Bare routes answering the given bytes; with `protocolEnv` (the gateway's environment) inside
 * the gateway's HTTP protocol instead of nothing (which adds the headers itself).
 */
async function startCeiling(
  routes: readonly CeilingRoute[],
  protocolEnv?: Record<string, string | undefined>,
): Promise<ChildServer> {
  const file = path.join(scratch, `ceiling-${randomUUID()}.json`);
  writeFileSync(file, JSON.stringify(routes));
  const ceiling = await forkServer(new URL('./ceiling-server.ts', import.meta.url), {
    env: protocolEnv
      ? { ...protocolEnv, BENCH_CEILING_FILE: file, BENCH_CEILING_PROTOCOL: 'api' }
      : { PATH: env['PATH'], BENCH_CEILING_FILE: file },
    label: protocolEnv ? 'protocol server' : 'ceiling server',
    // Without V8's memory reducer, as this process: a bare route sits idle through the gateway's
    // rounds, where its collections would take the cores from the gateway. It only runs in an
    // idle process, so the bare route's own figures are the same with it or without.
    nodeFlags: [...(protocolEnv ? gatewayNodeFlags : []), '--no-memory-reducer'],
  });
  stoppers.push(() => ceiling.stop());
  return ceiling;
}

/** What a round left the read models to do, as the commands row reports it. */
const deferredWork = ({ deferred }: MaxRateFigures['median']): string =>
  deferred
    ? `; the read models were ${deferred.behind.toLocaleString('en-US')} events behind when the round ended and caught up in ${deferred.seconds} s: ${perSecond(deferred.sustainedOkPerSecond)} sustained, ${deferred.serverCpuMicrosPerAnswer ?? '?'} µs CPU per booking with the catch-up`
    : '';

/** How many messages beat the 201 (their lag counts 0), and the lag from the request instead. */
const beforeTheAnswer = (figures: LiveFigures): string =>
  `${figures.beforeAcknowledgement.toLocaleString('en-US')} of ${figures.samples.toLocaleString('en-US')} messages before the 201; from the request: p99 ${figures.sinceRequest.p99Ms} ms to the message, ${figures.requestToAcknowledgement.p99Ms} ms to the 201`;

const ratioOf = (gateway: MaxRateFigures, ceiling: MaxRateFigures): number =>
  ceiling.median.okPerSecond > 0 ? gateway.median.okPerSecond / ceiling.median.okPerSecond : 0;
const percent = (ratio: number): string => `${Math.round(ratio * 100)} %`;
const perSecond = (value: number): string => `${Math.round(value).toLocaleString('en-US')}/s`;

/////////////////////////////////////////
// The run
/////////////////////////////////////////

try {
  if (['reads', 'commands', 'live', 'fanout'].some((part) => runs(part as Part))) {
    log('Embedded profile: accounts, catalog and gateway');
    const auth = await startAuthEmulator({ port: await freePort(2) });
    stoppers.push(() => auth.stop());
    const fanOutCount = runs('fanout') ? settings.fanOutSubscribers : 0;
    const accounts = await signUpAccounts(auth.host, [
      account('seller', 0, 'seller'),
      account('reader', 0, 'buyer'),
      account('live', 0, 'buyer'),
      ...Array.from({ length: settings.commandBuyers }, (_, i) => account('buyer', i, 'buyer')),
      ...Array.from({ length: fanOutCount }, (_, i) => account('watcher', i, 'buyer')),
    ]);
    const [seller, reader, liveBuyer] = accounts as [BenchAccount, BenchAccount, BenchAccount];
    const commandBuyers = accounts.slice(3, 3 + settings.commandBuyers);
    const watchers = accounts.slice(3 + settings.commandBuyers);

    const dataDir = path.join(scratch, 'embedded');
    const store = createEventStore({ DATA_DIR: dataDir });
    stoppers.push(() => store.close());
    const seedStarted = performance.now();
    await seedAccountsAndCategories(store, accounts, seller);
    const catalog = await seedProducts(store, seller, settings.catalogProducts);
    await seedBookings(
      store,
      reader,
      catalog.filter((p) => p.brand === 'Samsung').slice(0, settings.readerBookings),
    );
    const seeded = await store.headPosition();
    log(`  seeded ${seeded} events in ${round((performance.now() - seedStarted) / 1_000)} s`);

    const gateway = await startGateway('embedded gateway', gatewayEnv(dataDir, auth));
    const catchUpStarted = performance.now();
    await untilProjected(gateway);
    const tokens = await accessTokensOf(gateway.url, accounts);
    const tokenOf = (who: BenchAccount): string => tokens.get(who.email) ?? '';
    const settleMs = await untilIdle(gateway.pid);
    log(
      `  gateway idle after ${round(settleMs / 1_000)} s (projection, WAL checkpoints, start-up GC)`,
    );
    details['catalog'] = {
      events: seeded,
      products: settings.catalogProducts,
      brands,
      projectionCatchUpSeconds: round((performance.now() - catchUpStarted) / 1_000),
    };

    if (runs('reads')) {
      log('Reads: ceiling, maximum rate, p99 at half the maximum');
      const chosenReads = new Set((env['BENCH_READS'] ?? '').split(',').filter(Boolean));
      const targets = readTargets(reader, tokenOf(reader)).filter(
        (read) => chosenReads.size === 0 || chosenReads.has(read.name),
      );
      const answers: CapturedAnswer[] = [];
      for (const read of targets) answers.push(await captureAnswer(read.target(gateway.url)));
      const ceilingRoutes = targets.map((read, index): CeilingRoute => {
        const target = read.target('');
        const answer = answers[index] ?? { body: '', contentType: 'application/json', headers: {} };
        return { method: target.method ?? 'GET', path: `/${read.name}`, ...answer };
      });
      const ceiling = await startCeiling(ceilingRoutes);
      const bodyOnlyRoutes = ceilingRoutes.map((route) => ({ ...route, headers: {} }));
      // Sessions 1-5 measured against this one: the body alone, with Fastify's headers only.
      const bodyOnly = await startCeiling(bodyOnlyRoutes);
      const protocol = await startCeiling(bodyOnlyRoutes, gatewayEnv(dataDir, auth));
      const idleMiB = round(residentMiB(gateway.pid));
      const memory = watchPeakMemory(gateway.pid);
      const readFigures: Record<string, unknown> = {};
      for (const [index, read] of targets.entries()) {
        const target = read.target(gateway.url);
        // The bare routes get the same request line length (their routing ignores the query).
        const search = new URL(target.url).search;
        const ceilingTarget = {
          ...read.target(ceiling.url),
          url: `${ceiling.url}/${read.name}${search}`,
        };
        const protocolTarget = { ...ceilingTarget, url: `${protocol.url}/${read.name}` };
        const bodyOnlyTarget = { ...ceilingTarget, url: `${bodyOnly.url}/${read.name}` };
        const [ceilingFigures, bodyOnlyFigures, protocolFigures, max] = (await measureMaxRates(
          [
            { label: `ceiling ${read.name}`, target: ceilingTarget, serverPid: ceiling.pid },
            { label: `body alone ${read.name}`, target: bodyOnlyTarget, serverPid: bodyOnly.pid },
            { label: `protocol ${read.name}`, target: protocolTarget, serverPid: protocol.pid },
            { label: `gateway ${read.name}`, target, serverPid: gateway.pid },
          ],
          load,
        )) as [MaxRateFigures, MaxRateFigures, MaxRateFigures, MaxRateFigures];
        const half = await measureAtRate(
          `gateway ${read.name}`,
          target,
          max.median.okPerSecond / 2,
          settings.halfRateSeconds,
          settings.halfRateRounds,
        );
        // The same rate against the bare route: the load generator's own share of the tail.
        const ceilingHalf = await measureAtRate(
          `ceiling ${read.name}`,
          ceilingTarget,
          max.median.okPerSecond / 2,
          settings.halfRateSeconds,
          settings.halfRateRounds,
        );
        const ratio = ratioOf(max, ceilingFigures);
        const answerBytes = Buffer.byteLength(answers[index]?.body ?? '');
        http.push({
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
          protocolOkPerSecond: protocolFigures.median.okPerSecond,
          protocolCpuMicros: protocolFigures.median.serverCpuMicrosPerAnswer,
          protocolKiloInstructions: protocolFigures.median.serverKiloInstructionsPerAnswer,
          bodyOnlyOkPerSecond: bodyOnlyFigures.median.okPerSecond,
          bodyOnlyCpuMicros: bodyOnlyFigures.median.serverCpuMicrosPerAnswer,
          bodyOnlyKiloInstructions: bodyOnlyFigures.median.serverKiloInstructionsPerAnswer,
          p99AtRateMs: half.p99Ms,
          ceilingP99AtRateMs: ceilingHalf.p99Ms,
          rate: half.rate,
        });
        readFigures[read.name] = {
          answerBytes,
          ceiling: ceilingFigures,
          bodyOnly: bodyOnlyFigures,
          protocol: protocolFigures,
          gateway: max,
          half,
          ceilingHalf,
        };
        goals.push(
          goalRow(
            'Reads',
            `${read.endpoint}: share of the ceiling`,
            `≥ ${Math.round(read.goalRatio * 100)} %`,
            ratio,
            read.goalRatio,
            'min',
            `${percent(ratio)} (${perSecond(max.median.okPerSecond)} of ${perSecond(ceilingFigures.median.okPerSecond)}; the API's protocol alone: ${percent(ratioOf(protocolFigures, ceilingFigures))}; of a bare route answering the body alone, without the API's headers: ${percent(ratioOf(max, bodyOnlyFigures))})`,
          ),
          goalRow(
            'Reads',
            `${read.endpoint}: p99 at half the maximum rate`,
            '≤ 20 ms',
            half.non2xx + half.errors > 0 ? Number.NaN : half.p99Ms,
            20,
            'max',
            `${half.p99Ms} ms at ${perSecond(half.rate)}, median of ${half.roundsP99Ms.length} rounds (${half.roundsP99Ms.join(', ')} ms${stealOf(half.rounds)}; the ceiling at that rate: ${ceilingHalf.p99Ms} ms)`,
          ),
        );
      }
      const peakMiB = round(memory.stop());
      await ceiling.stop();
      await bodyOnly.stop();
      await protocol.stop();
      details['reads'] = readFigures;
      details['memory'] = { rssMiBBeforeReads: idleMiB, peakRssMiBDuringReads: peakMiB };
      goals.push(
        goalRow(
          'Memory',
          'Peak RSS of the gateway process during the read runs',
          '≤ 250 MB',
          (peakMiB * 2 ** 20) / 1e6,
          250,
          'max',
          `${round((peakMiB * 2 ** 20) / 1e6)} MB (${peakMiB} MiB; ${idleMiB} MiB before the reads)`,
        ),
      );
    }

    if (runs('commands')) {
      log('Commands: POST /bookings of distinct products');
      const pool = new ProductPool(store, seller);
      // Enough for a round a third longer than planned at 4,000 bookings/s.
      const productsPerRound = Math.ceil(4_000 * (load.roundSeconds + 1) * 1.3);
      await pool.ensure(productsPerRound, gateway);
      let turn = 0;
      const nextBooking = () => {
        const buyer = commandBuyers[turn++ % commandBuyers.length] as BenchAccount;
        return {
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${tokenOf(buyer)}`,
            // The web client sends one with every booking.
            ...(withIdempotencyKey ? { 'idempotency-key': randomUUID() } : {}),
          },
          body: JSON.stringify(bookingBody(buyer, pool.take())),
        };
      };
      const target: HttpTarget = {
        url: `${gateway.url}/bookings`,
        method: 'POST',
        ...nextBooking(),
        next: nextBooking,
      };
      const sample = await captureAnswer({ ...target, ...nextBooking() });
      const ceiling = await startCeiling([{ method: 'POST', path: '/bookings', ...sample }]);
      // Bodies of the same shape, without using up the pool's products.
      const ceilingBooking = () => {
        const buyer = commandBuyers[turn++ % commandBuyers.length] as BenchAccount;
        return {
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${tokenOf(buyer)}`,
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify(bookingBody(buyer, randomUUID())),
        };
      };
      const ceilingTarget = { ...target, url: `${ceiling.url}/bookings`, next: ceilingBooking };
      const [ceilingFigures, max] = (await measureMaxRates(
        [
          { label: 'ceiling POST /bookings', target: ceilingTarget, serverPid: ceiling.pid },
          {
            label: 'gateway POST /bookings',
            target,
            serverPid: gateway.pid,
            beforeRound: () => pool.ensure(productsPerRound, gateway),
            // Acknowledged bookings are projected after the 201: a round is counted with the
            // projection it left behind.
            afterRound: () => readModelsCatchUp(gateway),
          },
        ],
        load,
      )) as [MaxRateFigures, MaxRateFigures];
      // The fixed rate against the bare route: the load generator's own share of the tail.
      const ceilingFixed = await measureAtRate(
        'ceiling POST /bookings',
        ceilingTarget,
        settings.fixedCommandRate,
        settings.fixedCommandSeconds,
        settings.fixedCommandRounds,
      );
      await ceiling.stop();
      await pool.ensure(
        Math.ceil(
          settings.fixedCommandRate *
            (settings.fixedCommandSeconds + 1) *
            settings.fixedCommandRounds *
            1.3,
        ),
        gateway,
      );
      const fixed = await measureAtRate(
        'gateway POST /bookings',
        target,
        settings.fixedCommandRate,
        settings.fixedCommandSeconds,
        settings.fixedCommandRounds,
      );
      // A round that refused or fell behind fails the goal, whichever round is the median.
      const refusedInRounds = fixed.rounds.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
      const slowestRoundOkPerSecond = Math.min(...fixed.rounds.map((r) => r.okPerSecond));
      const ratio = ratioOf(max, ceilingFigures);
      http.push({
        endpoint: `POST /bookings (bearer, ${withIdempotencyKey ? 'Idempotency-Key, ' : ''}distinct products)`,
        answerBytes: Buffer.byteLength(sample.body),
        ceilingOkPerSecond: ceilingFigures.median.okPerSecond,
        gatewayOkPerSecond: max.median.okPerSecond,
        ratio: round(ratio, 3),
        p99AtMaxMs: max.median.p99Ms,
        ceilingP99AtMaxMs: ceilingFigures.median.p99Ms,
        gatewayCpuMicros: max.median.serverCpuMicrosPerAnswer,
        ceilingCpuMicros: ceilingFigures.median.serverCpuMicrosPerAnswer,
        gatewayKiloInstructions: max.median.serverKiloInstructionsPerAnswer,
        ceilingKiloInstructions: ceilingFigures.median.serverKiloInstructionsPerAnswer,
        p99AtRateMs: fixed.p99Ms,
        ceilingP99AtRateMs: ceilingFixed.p99Ms,
        rate: fixed.rate,
      });
      details['commands'] = { ceiling: ceilingFigures, gateway: max, fixed, ceilingFixed };
      goals.push(
        goalRow(
          'Commands',
          'POST /bookings acknowledged per second',
          '≥ 3,000/s',
          max.median.okPerSecond,
          3_000,
          'min',
          `${perSecond(max.median.okPerSecond)} (${percent(ratio)} of the ceiling's ${perSecond(ceilingFigures.median.okPerSecond)})${deferredWork(max.median)}`,
        ),
        goalRow(
          'Commands',
          `POST /bookings p99 at ${perSecond(settings.fixedCommandRate)}`,
          '≤ 50 ms',
          refusedInRounds > 0 || slowestRoundOkPerSecond < settings.fixedCommandRate * 0.95
            ? Math.max(fixed.p99Ms, 51)
            : fixed.p99Ms,
          50,
          'max',
          `${fixed.p99Ms} ms, median of ${fixed.roundsP99Ms.length} rounds (${fixed.roundsP99Ms.join(', ')} ms${stealOf(fixed.rounds)}; ${perSecond(slowestRoundOkPerSecond)} acknowledged in the slowest round${refusedInRounds > 0 ? `, ${refusedInRounds} refused or failed` : ''}; the ceiling at that rate: ${ceilingFixed.p99Ms} ms)`,
        ),
      );
    }

    if (runs('live')) {
      log('Live path, embedded: booking acknowledged -> myBookingsChanged at the buyer');
      const products = await seedProducts(
        store,
        seller,
        settings.liveBookingsPerSecond * settings.liveSeconds,
      );
      await untilProjected(gateway);
      const figures = await measureBookingConfirmations('embedded', {
        gatewayUrl: gateway.url,
        buyer: { account: liveBuyer, accessToken: tokenOf(liveBuyer) },
        products,
        perSecond: settings.liveBookingsPerSecond,
      });
      details['liveEmbedded'] = figures;
      goals.push(...liveGoals('Live path (embedded)', figures, 15, 50));
    }

    if (runs('fanout')) {
      log(
        `Fan-out: ${watchers.length} subscribers of productsChanged(Oppo), ${settings.fanOutEventsPerSecond} bookings/s`,
      );
      const products = await seedProducts(
        store,
        seller,
        settings.fanOutEventsPerSecond * settings.fanOutSeconds,
        'Oppo',
      );
      await untilProjected(gateway);
      const booker = commandBuyers[0] as BenchAccount;
      const figures = await measureFanOut('fan-out', {
        gatewayUrl: gateway.url,
        buyer: { account: booker, accessToken: tokenOf(booker) },
        products,
        perSecond: settings.fanOutEventsPerSecond,
        subscriberTokens: watchers.map(tokenOf),
        brand: 'Oppo',
      });
      details['fanOut'] = figures;
      goals.push(
        goalRow(
          'Live fan-out',
          `${figures.subscribers} subscribers × ${settings.fanOutEventsPerSecond} events/s: delivered`,
          '100 %',
          figures.deliveredPercent,
          100,
          'min',
          `${figures.deliveredPercent} % of ${(figures.acknowledged * figures.subscribers).toLocaleString('en-US')}`,
        ),
        goalRow(
          'Live fan-out',
          'p99 acknowledgement -> message',
          '≤ 100 ms',
          figures.p99Ms,
          100,
          'max',
          `${figures.p99Ms} ms (p50 ${figures.p50Ms} ms; ${beforeTheAnswer(figures)})`,
        ),
      );
    }
    await stopAll();
  }

  if (runs('bullmq')) {
    const redis = await redisAnswers(settings.redisUrl);
    if (!redis) {
      notes.push(`BullMQ live path not measured: no Redis answered at ${settings.redisUrl}.`);
      goals.push(...liveGoals('Live path (BullMQ on Redis)', undefined, undefined, 100));
    } else {
      log('Live path through BullMQ on Redis');
      const figures = await measureBullmqLivePath();
      details['liveBullmq'] = figures;
      goals.push(...liveGoals('Live path (BullMQ on Redis)', figures, undefined, 100));
    }
  }
  await stopAll();

  if (runs('distributed')) {
    const { gateways, workers } = settings.distributed;
    log(
      `Distributed profile: ${gateways} gateways, ${workers} workers, Redis, FerretDB 1.24 on SQLite`,
    );
    const area = `Distributed (${gateways} gateways, ${workers} workers, Redis, FerretDB 1.24 on SQLite, not MongoDB)`;
    const liveMeasure = `p99 acknowledgement -> subscription message at ${settings.liveBookingsPerSecond} bookings/s (subscribed at one gateway, booked at the other)`;
    // Stops its processes itself, whatever happens. A stack that cannot start (no Go to build
    // FerretDB with, say) leaves this row unmeasured, not the rest of the run.
    const figures = await measureDistributed(distributedDataDir(scratch), {
      ...settings.distributed,
      liveBookingsPerSecond: settings.liveBookingsPerSecond,
      liveSeconds: settings.liveSeconds,
      idempotencyKey: withIdempotencyKey,
      env: {
        ...distributedEnv(settings.rateLimitWrites, settings.logLevel),
        NODE_ENV: 'development',
      },
    }).catch((error: unknown) => {
      console.error(error);
      const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
      notes.push(`Distributed row not measured: ${reason}`);
      goals.push(goalRow(area, liveMeasure, '≤ 100 ms', undefined, 100, 'max', ''));
      return undefined;
    });
    if (figures) {
      details['distributed'] = figures;
      const { live, closedLoop: loop } = figures;
      const { deferred } = loop;
      const refused = Object.entries(loop.refused)
        .map(([status, count]) => `${count} × ${status}`)
        .join(', ');
      goals.push(
        goalRow(
          area,
          liveMeasure,
          '≤ 100 ms',
          live.deliveredPercent < 100 ? Math.max(live.p99Ms, 101) : live.p99Ms,
          100,
          'max',
          `${live.p99Ms} ms (p50 ${live.p50Ms} ms, max ${live.maxMs} ms; ${live.acknowledged} bookings at ${live.bookingsPerSecond}/s, ${live.deliveredPercent} % delivered; ${beforeTheAnswer(live)})`,
        ),
        recordedRow(
          area,
          `POST /bookings acknowledged per second over both gateways (closed loop: ${loop.bookers} bookers, ${withIdempotencyKey ? 'Idempotency-Key, ' : ''}distinct products, ${loop.windowSeconds} s after ${settings.distributed.warmUpSeconds} s of warm-up)`,
          `${perSecond(loop.okPerSecond)} (201s in each second: ${loop.perSecondCounts.join(', ')}; by gateway: ${loop.okByGateway.join(', ')}; p50 ${loop.p50Ms} ms, p99 ${loop.p99Ms} ms${refused ? `; refused: ${refused}` : ''}${loop.errors > 0 ? `; ${loop.errors} failed` : ''}${loop.productsRanOut ? '; the products ran out before the window ended' : ''}; cores busy: gateways ${loop.coresBusy.gateways}, workers ${loop.coresBusy.workers}${loop.coresBusy.mongodb === undefined ? '' : `, FerretDB ${loop.coresBusy.mongodb}`}; ${loop.gatewayCpuMicrosPerBooking} µs gateway CPU per booking${loop.stealPercent === undefined ? '' : `; CPU steal ${loop.stealPercent} %`}). The read models were ${deferred.behind.toLocaleString('en-US')} events behind when the loop ended and ${deferred.caughtUp ? `caught up in ${deferred.seconds} s: ${perSecond(deferred.sustainedOkPerSecond ?? 0)} booked and projected sustained` : `were still ${deferred.remaining.toLocaleString('en-US')} behind after ${deferred.seconds} s`}; the workers projected ${deferred.projectedEventsPerSecond} events/s over the loop and the catch-up, ${deferred.workerCpuMicrosPerEvent} µs worker CPU per event`,
        ),
      );
      notes.push(
        `Distributed row: the processes of \`npm run start:distributed\` (infra/src/distributed-stack.ts) on this machine, without Docker: ${figures.gateways} gateway processes and ${figures.workers} worker processes (BullMQ partition queues and pub/sub on a redis-server started for the run), read models in ${figures.mongodb}, a MongoDB-wire server on SQLite built from its Go module, not MongoDB: its figures are FerretDB's, not MongoDB's. The event log is the embedded SQLite file every process opens; the relay runs in the worker holding its lease and finds the gateways' commits by polling the file (every 500 ms: the embedded store's poll interval for other processes' commits). Products and accounts are seeded as events into the stack's log and projected by the workers before measuring (${figures.seededProducts.toLocaleString('en-US')} products in ${figures.seedAndProjectSeconds} s). Live path: as the other live rows (each booking with an Idempotency-Key), but the buyer's graphql-ws subscription is on the first gateway and the bookings go to the second, and it waits up to ${settings.distributed.liveDeliveryLimitSeconds} s (not 10) for the messages, so that its p99 covers every booking when the workers fall behind. Throughput: a closed loop, each booker sends its next booking when the previous answer is in, half of them to each gateway (undici, one connection each), every booking of a product of its own${withIdempotencyKey ? ', with an Idempotency-Key as the web client sends (BENCH_IDEMPOTENCY_KEY=off leaves it out)' : ', without the Idempotency-Key the web client sends (BENCH_IDEMPOTENCY_KEY=off)'}; 201s are counted by the second they arrived in; then the workers get up to ${settings.distributed.catchUpLimitSeconds} s to project what it appended. Where MongoDB is configured the gateways keep the answers of idempotent commands there too (gateway/src/plugins/external/idempotency-store.ts), so a booking with the key reads and writes FerretDB before its 201, alongside the workers' projection. Everything (load generator, gateways, workers, FerretDB, Redis, Auth emulator) shares the same ${machine.cpus} cores. The row took ${figures.seconds} s (the stack started in ${figures.stackStartSeconds} s).`,
      );
    }
  }

  if (runs('replay')) {
    log(`Replay of ${settings.replayEvents.toLocaleString('en-US')} events into all read models`);
    const figures: ReplayFigures = await measureReplay(
      path.join(scratch, 'replay'),
      settings.replayEvents,
    );
    details['replay'] = figures;
    goals.push(
      goalRow(
        'Replay',
        `${figures.events.toLocaleString('en-US')} events into all read models`,
        '≥ 30,000 events/s',
        figures.eventsPerSecond,
        30_000,
        'min',
        `${perSecond(figures.eventsPerSecond)} (${figures.replaySeconds} s)`,
      ),
    );
  }

  if (runs('web')) {
    log('Web: production build and weight per route');
    webWeight = await measureWebWeight(path.join(scratch, 'web-dist'));
    details['web'] = { ...webWeight, routes: undefined };
    goals.push(
      goalRow(
        'Web',
        "JavaScript for the first route ('/'), gzipped",
        '≤ 200 KB',
        (webWeight.firstRouteJsGzipKiB * 1024) / 1000,
        200,
        'max',
        `${round((webWeight.firstRouteJsGzipKiB * 1024) / 1000)} KB`,
      ),
      goalRow(
        'Web',
        'HTML, CSS and fonts of the first route, gzipped',
        '≤ 100 KB',
        (webWeight.htmlCssFontsGzipKiB * 1024) / 1000,
        100,
        'max',
        `${round((webWeight.htmlCssFontsGzipKiB * 1024) / 1000)} KB (HTML ${webWeight.htmlGzipKiB}, CSS ${webWeight.cssGzipKiB}, fonts ${webWeight.fontsGzipKiB} KiB)`,
      ),
    );
  }
} finally {
  await stopAll();
  rmSync(scratch, { recursive: true, force: true });
}

function liveGoals(
  area: string,
  figures: LiveFigures | undefined,
  p50Limit: number | undefined,
  p99Limit: number,
): GoalRow[] {
  const delivered =
    figures && figures.deliveredPercent < 100
      ? `, ${figures.deliveredPercent} % of ${figures.acknowledged} delivered`
      : '';
  const rows: GoalRow[] = [];
  if (p50Limit !== undefined)
    rows.push(
      goalRow(
        area,
        'p50 acknowledgement -> subscription message',
        `≤ ${p50Limit} ms`,
        figures?.p50Ms,
        p50Limit,
        'max',
        `${figures?.p50Ms} ms`,
      ),
    );
  rows.push(
    goalRow(
      area,
      'p99 acknowledgement -> subscription message',
      `≤ ${p99Limit} ms`,
      figures && figures.deliveredPercent < 100
        ? Math.max(figures.p99Ms, p99Limit + 1)
        : figures?.p99Ms,
      p99Limit,
      'max',
      `${figures?.p99Ms} ms (${figures?.samples} bookings at ${figures?.bookingsPerSecond}/s${delivered}${figures ? `; ${beforeTheAnswer(figures)}` : ''})`,
    ),
  );
  return rows;
}

async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Deletes this run's keys (BullMQ queues, relay lease and checkpoint) and nothing else. */
async function deleteKeys(url: string, prefix: string): Promise<number> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1_000);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}

/**
 * The distributed profile's live path with embedded stores: the gateway does not project; its
 * relay enqueues into BullMQ (Redis); a worker process consumes, projects and publishes the change
 * on Redis; the gateway hears it there and sends the subscription message.
 */
async function measureBullmqLivePath(): Promise<LiveFigures> {
  const emulator = await startAuthEmulator({ port: await freePort(2) });
  stoppers.push(() => emulator.stop());
  const prefix = `bench-${randomUUID().slice(0, 8)}`;
  const redisEnv = {
    REDIS_URL: settings.redisUrl,
    REDIS_PREFIX: prefix,
    REDIS_CHANNEL_PREFIX: `${prefix}:`,
    QUEUE_PARTITIONS: '4',
  };
  stoppers.push(async () => {
    const deleted = await deleteKeys(settings.redisUrl, prefix);
    log(`  deleted ${deleted} Redis keys under ${prefix}`);
  });
  const [seller, buyer] = (await signUpAccounts(emulator.host, [
    account('seller', 1, 'seller'),
    account('live', 1, 'buyer'),
  ])) as [BenchAccount, BenchAccount];
  const dataDir = path.join(scratch, 'bullmq');
  const store = createEventStore({ DATA_DIR: dataDir });
  await seedAccountsAndCategories(store, [seller, buyer], seller);
  const products = await seedProducts(
    store,
    seller,
    settings.liveBookingsPerSecond * settings.liveSeconds,
  );
  await store.close();

  const worker: ChildProcessHandle = forkScript(workerMain, {
    env: {
      PATH: env['PATH'],
      HOME: env['HOME'],
      DATA_DIR: dataDir,
      RELAY: 'off',
      ...redisEnv,
    },
    cpuProfileDir,
    label: 'worker process',
  });
  stoppers.push(() => worker.stop());
  const gateway = await startGateway(
    'BullMQ gateway',
    gatewayEnv(dataDir, emulator, { ...redisEnv, BENCH_PIPELINE: 'bullmq' }),
  );
  try {
    await untilProjected(gateway);
  } catch (error) {
    throw new Error(`${String(error)}\nworker output:\n${worker.output()}`);
  }
  const tokens = await accessTokensOf(gateway.url, [buyer]);
  return measureBookingConfirmations('BullMQ', {
    gatewayUrl: gateway.url,
    buyer: { account: buyer, accessToken: tokens.get(buyer.email) ?? '' },
    products,
    perSecond: settings.liveBookingsPerSecond,
  });
}

/////////////////////////////////////////
// Results
/////////////////////////////////////////

const runSeconds = round((performance.now() - started) / 1_000);
notes.push(
  `Rounds at the maximum rate are sent by autocannon in the benchmark process; rounds at a fixed rate by a process of their own each (infra/bench/fixed-rate-process.ts, see below); the gateway and the ceiling each run in their own process. With 2 cores the load generator takes about one of them. The benchmark process and the bare routes run without V8's memory reducer (--no-memory-reducer), which collects an idle process's heap: they sit idle through the rounds of other servers, and the benchmark's collections after autocannon's rounds (150-190 MB, pauses up to 38 ms, helper threads on both cores) landed in fixed-rate rounds. The gateway keeps it, as \`npm start\` runs it.`,
  `The gateway runs with LOG_LEVEL=${settings.logLevel} (as \`npm start\`), PROJECTION_THREAD=${settings.projectionThread}, NODE_ENV=development, RATE_LIMIT_WRITES and RATE_LIMIT_SIGN_IN raised to ${settings.rateLimitWrites.toLocaleString('en-US')} a minute (one client address sends everything), access tokens from its own GET /jwt for Auth emulator accounts: every benchmarked request passes the real token check (a token verified once is remembered by its text until it expires) and account check (the caller's user state is kept between calls and dropped by every change to the user). Node flags as \`npm start\` passes them: ${gatewayNodeFlags.join(' ')}. The gateway, like \`npm start\`, and the bare routes settle process.nextTick before they start (gateway/src/v8-next-tick.ts).`,
  "Reads are answered from the gateway's answer cache: the read runs change no read model, so after a round's first request each answer is a hit (a change notice of a read model drops the answers made from it; see gateway/src/plugins/app/answer-cache.ts). GraphQL resolvers read through the same cache, and a query made only of such reads is answered whole from its kept bytes while every part is current, for the same caller and query (gateway/src/graphql/index.ts); others run compiled (Mercurius JIT) from their second time. A GET answered from the cache once (the REST reads, and GraphQL queries, which the web client sends as GET) is answered again by the answer front in Node's request event, without Fastify's pipeline, with the same headers (for a token, while the caller's kept user state is unchanged).",
  'Catalog: 10,000 products over Samsung, Oppo and Iphone, seeded as events straight into the store before the gateway started; the products booked by the command and live runs are seeded later, the same way.',
  'Live path: lag from the 201 of POST /bookings at the client to the graphql-ws message at the subscribed client (the same process sees both); a message that arrives before the 201 counts as 0 ms. Each row also gives the lag from sending the request (to the message, and to the 201).',
  `Replay: the workers' replay (what \`npm run replay\` runs) in a process of its own, with the Node flags \`npm run replay\` passes: ${replayNodeFlags.join(' ')}; the log is generated marketplace history (workers/test/support/workload.ts) appended before the replay.`,
  'BullMQ live path: the gateway does not project (distributed configuration), a BullMQ relay follows the log in the gateway process (its store handle is woken by its own commits, as EventStoreDB pushes; another process would poll the SQLite file every 500 ms), one worker process (workers/src/worker-main.ts, RELAY=off, 4 partitions) projects into the embedded read store and publishes on Redis under a unique prefix, deleted afterwards.',
  "Runs at a fixed rate (p99 at half the maximum, commands at 1,000/s) send evenly spaced requests from an open loop (undici, up to 100 connections; `runAtFixedRate` in infra/bench/http-load.ts): each request's latency runs from when it was due, so a stall counts for every request it held back. Each such round runs in a child process that holds only its job, with requests and bodies built before its clock starts (since 2026-11-24): in the benchmark's own process, collections of its heap held the sending back for 13-37 ms at times and counted as the server's latency. The ceiling is run at the same rate: its p99 is what the load generator, on the same 2 cores, adds by itself. (Until 2026-11-21 these runs used autocannon's overallRate, which has each connection send its share of a second back to back at the start of the second: bursts of 100 requests in flight at full speed, whose latency is that of the maximum rate.)",
);
const loadAtEnd = loadAverage();
const stealPercent = stealOverRun.stop();
// Above this the host's neighbours, not the code, moved the figures (quiet hours here: 0-2 %).
const noticeableStealPercent = 5;
if (stealPercent !== undefined && stealPercent > noticeableStealPercent)
  notes.push(
    `The hypervisor took ${stealPercent} % of the machine's CPU time over the run for other guests (CPU steal): rates are lower and tails longer than on the same host when it is quiet. Each round's steal is given with its figures; compare rounds with little steal, and CPU µs per answer.`,
  );
if (Math.max(machine.loadAverageAtStart[0] ?? 0, loadAtEnd[0] ?? 0) > machine.cpus)
  notes.push(
    `The machine was busy beyond its ${machine.cpus} cores (1-minute load average ${machine.loadAverageAtStart[0]} at the start, ${loadAtEnd[0]} at the end): rates are lower and tails longer than on an idle machine, and they vary from run to run; CPU µs per answer is the steadier comparison with the ceiling.`,
  );
const results = {
  measuredAt: new Date().toISOString(),
  runSeconds,
  complete: only.size === 0,
  machine: {
    ...machine,
    loadAverageAtEnd: loadAtEnd,
    speedLoopMsAtEnd: hostSpeedLoopMs(),
    ...(stealPercent === undefined ? {} : { stealPercent }),
  },
  settings: { ...settings, only: [...only] },
  goals,
  http,
  webRoutes: webWeight?.routes ?? [],
  details,
  notes,
};
const written = writeResults(
  path.join(here, 'results'),
  only.size === 0 ? 'latest' : 'partial',
  results,
);
log('');
for (const row of goals)
  log(
    `${row.verdict === 'pass' ? 'pass ' : row.verdict === 'short' ? 'SHORT' : row.verdict === 'recorded' ? 'rec. ' : '  -  '} ${row.area}: ${row.measure}: ${row.measured} (goal ${row.goal})`,
  );
log(`\nWrote ${written.join(' and ')} in ${runSeconds} s`);
