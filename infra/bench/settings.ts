// The benchmark's settings, read from the environment once (see the knobs in run.ts).
import path from 'node:path';
import type { LoadSettings } from './http-load.ts';

const env = process.env;
// `npm run bench -- --scale` (or `npm run bench:scale`): the catalog part alone, on the full
// history (about 10 events per listing: 10,000,000 at 1,000,000 listings), with the audit's reads
// on that data; results go to results/scale.*.
const scale = process.argv.includes('--scale');
// BENCH_CATALOG_HISTORY=full|light: how much happens to each listing (scale/generate.ts).
const catalogHistory: 'full' | 'light' =
  scale || env['BENCH_CATALOG_HISTORY'] === 'full' ? 'full' : 'light';
const numberSetting = (name: string, fallback: number): number => {
  const value = Number(env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export const load: LoadSettings = {
  warmUpSeconds: numberSetting('BENCH_WARMUP_SECONDS', 3),
  roundSeconds: numberSetting('BENCH_ROUND_SECONDS', 5),
  rounds: 3,
};
export const settings = {
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
  // The catalog part: listings generated as marketplace history (scale/generate.ts), distinct
  // searches in its mix, and listings whose pages it asks for.
  catalogListings: numberSetting('BENCH_CATALOG_LISTINGS', 1_000_000),
  catalogSearches: numberSetting('BENCH_CATALOG_SEARCHES', 20_000),
  catalogPages: 100_000,
  catalogSeed: numberSetting('BENCH_CATALOG_SEED', 32),
  catalogHistory,
  scale,
  // The gateway's per-address write and sign-in limits (60 and 20 a minute by default) would
  // refuse a load generator on one address: raised for the benchmark's gateway only.
  rateLimitWrites: 100_000_000,
  rateLimitSignIn: 100_000_000,
  // The same for reads (per address and per access token).
  rateLimitReads: 100_000_000,
  // As `npm start` runs the gateway: warnings and errors only, no line per request.
  logLevel: 'warn',
  projectionThread: env['PROJECTION_THREAD'] === 'off' ? 'off' : 'on',
  // BENCH_RUNTIME_TUNING=off: the gateway without gateway/src/runtime-tuning.ts and its Node
  // flags (V8's defaults), to see what the tuning is worth on the Node in use.
  runtimeTuning: env['BENCH_RUNTIME_TUNING'] === 'off' ? 'off' : 'on',
  // EARLY_ANSWERS=off: the gateway's setting, every request through Fastify's pipeline.
  earlyAnswers: env['EARLY_ANSWERS'] === 'off' ? 'off' : 'on',
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
export type BenchSettings = typeof settings;

// BENCH_IDEMPOTENCY_KEY=off books without the key the web client sends (to see what it costs).
export const withIdempotencyKey = env['BENCH_IDEMPOTENCY_KEY'] !== 'off';
export const cpuProfileDir = env['BENCH_CPU_PROF']
  ? path.resolve(env['BENCH_CPU_PROF'])
  : undefined;
/** The gateway appends each GC pause of 3 ms or more to this file (BENCH_GC_LOG). */
export const gcLogFile = env['BENCH_GC_LOG'];
