// The distributed profile's row of `npm run bench` (BENCH_ONLY=distributed runs it alone): the
// processes `npm run start:distributed` starts (infra/src/distributed-stack.ts), without Docker:
// two gateway processes and two worker processes sharing BullMQ queues and pub/sub on a
// redis-server, the read models in FerretDB 1.24 on SQLite (a MongoDB-wire server, not MongoDB),
// the embedded SQLite event log shared by every process, and the Auth emulator.
//
// Two figures: the live path at a fixed rate (the buyer subscribes to myBookingsChanged at the
// first gateway and books at the second: the change crosses processes through the log, a worker
// and Redis), and the highest rate the stack acknowledges bookings at (a closed loop of bookers
// over both gateways, each booking a product of its own), with the projection it leaves behind.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createEventStore } from '@resale/events';
import { Pool } from 'undici';
import { startDistributedStack, type DistributedStack } from '../src/distributed-stack.ts';
import { accessTokensOf, signUpAccounts, type BenchAccount } from './accounts.ts';
import { seedAccounts, seedProducts, type SeededProduct } from './catalog-seed.ts';
import { cpuMicros, untilIdle } from './child-processes.ts';
import {
  bookingBody,
  measureBookingConfirmations,
  webOrigin,
  type LiveFigures,
} from './live-path.ts';
import { log, round, summarize, watchCpuSteal, type LatencySummary } from './support.ts';

export interface DistributedSettings {
  readonly gateways: number;
  readonly workers: number;
  readonly liveBookingsPerSecond: number;
  readonly liveSeconds: number;
  /** Bookers of the closed loop, spread evenly over the gateways. */
  readonly bookers: number;
  /** Buyer accounts the bookers book as, in turn. */
  readonly buyers: number;
  /** Seconds of the closed loop before the measured window (not counted). */
  readonly warmUpSeconds: number;
  /** The measured window of the closed loop. */
  readonly roundSeconds: number;
  /** Products seeded for the closed loop: more than it can book in warm-up and window together. */
  readonly loopProducts: number;
  /** How long the read models may take to catch up after the closed loop before we give up. */
  readonly catchUpLimitSeconds: number;
  /**
   * How long the live path waits for its messages after the last booking: long enough for the
   * workers to project a backlog, so that its p99 is that of every booking, not of the early ones.
   */
  readonly liveDeliveryLimitSeconds: number;
  /** Send an Idempotency-Key with each booking, as the web client does. */
  readonly idempotencyKey: boolean;
  /** Settings of the gateways and workers (rate limits, log level, web origin, ...). */
  readonly env: Readonly<Record<string, string | undefined>>;
}

export interface ClosedLoopFigures extends LatencySummary {
  readonly bookers: number;
  /** 201s answered within the measured window, per second of it. */
  readonly okPerSecond: number;
  /** 201s of each whole second of the window. */
  readonly perSecondCounts: number[];
  /** 201s in the window, by gateway. */
  readonly okByGateway: number[];
  readonly windowSeconds: number;
  readonly acknowledgedInWindow: number;
  /** Answers other than 201 in the window, by status, and failed requests. */
  readonly refused: Record<string, number>;
  readonly errors: number;
  /** Every 201 of the loop, warm-up included. */
  readonly acknowledgedInAll: number;
  readonly loopSeconds: number;
  /** True when the products ran out before the window ended (the window was cut short). */
  readonly productsRanOut: boolean;
  /** CPU time of the gateway processes (together) per booking acknowledged in the window. */
  readonly gatewayCpuMicrosPerBooking: number;
  /** Cores each kind of process kept busy over the window (CPU seconds per second). */
  readonly coresBusy: {
    readonly gateways: number;
    readonly workers: number;
    /** The MongoDB-wire server, when it was started here (found by its command line). */
    readonly mongodb?: number;
  };
  readonly stealPercent?: number;
  /** What the loop left the workers to project, and how long they took. */
  readonly deferred: {
    /** Events the read models were behind when the loop ended. */
    readonly behind: number;
    /** From the end of the loop until they caught up, or until the limit. */
    readonly seconds: number;
    readonly caughtUp: boolean;
    /** Events still to project at the limit (0 when they caught up). */
    readonly remaining: number;
    /** Events the workers projected per second over the loop and the catch-up. */
    readonly projectedEventsPerSecond: number;
    /**
     * Bookings of the whole loop per second of the loop and the catch-up together: booked and
     * projected. Undefined when the read models did not catch up within the limit.
     */
    readonly sustainedOkPerSecond: number | undefined;
    /** CPU time of the worker processes (together) per event projected. */
    readonly workerCpuMicrosPerEvent: number;
    /**
     * CPU time of the MongoDB server started here per booking of the whole loop, booked and
     * projected (the gateways' idempotency store and reads, the workers' projection); undefined
     * when MONGODB_URL names a server elsewhere.
     */
    readonly mongodbCpuMicrosPerBooking?: number;
  };
}

export interface DistributedFigures {
  /** What served MongoDB and Redis (FerretDB started here, or MONGODB_URL). */
  readonly mongodb: string;
  readonly redis: string;
  readonly gateways: number;
  readonly workers: number;
  readonly stackStartSeconds: number;
  readonly seededProducts: number;
  /** From the seeding's first append until the read models had projected it. */
  readonly seedAndProjectSeconds: number;
  readonly live: LiveFigures;
  readonly closedLoop: ClosedLoopFigures;
  readonly seconds: number;
}

const account = (prefix: string, index: number, role: 'buyer' | 'seller') => ({
  email: `${prefix}-${index}-${randomUUID().slice(0, 8)}@bench.example`,
  name: `${prefix} ${index}`,
  role,
});

interface Readiness {
  readonly ok: boolean;
  readonly lag: number | undefined;
  readonly checkpoint: number | undefined;
  readonly body: unknown;
}

async function readiness(gatewayUrl: string): Promise<Readiness> {
  const response = await fetch(`${gatewayUrl}/readyz`);
  const body = (await response.json()) as {
    checks?: { readModels?: { lag?: number; checkpoint?: number } };
  };
  const readModels = body.checks?.readModels;
  return { ok: response.ok, lag: readModels?.lag, checkpoint: readModels?.checkpoint, body };
}

/**
 * Waits until the read models have applied every event of the log (GET /readyz of a gateway
 * answers lag 0). Gives up when their checkpoint has not moved for a minute, or at `limitMs`;
 * answers whether they caught up.
 */
async function untilProjected(
  stack: DistributedStack,
  limitMs = Number.POSITIVE_INFINITY,
): Promise<boolean> {
  const started = Date.now();
  let checkpoint = -1;
  let movedAt = Date.now();
  let reportedAt = Date.now();
  for (;;) {
    const state = await readiness(stack.urls.api);
    if (state.ok && state.lag === 0) return true;
    if (Date.now() - reportedAt >= 10_000) {
      reportedAt = Date.now();
      log(`    read models at ${state.checkpoint}, ${state.lag} events behind`);
    }
    if (state.checkpoint !== checkpoint) {
      checkpoint = state.checkpoint ?? -1;
      movedAt = Date.now();
    }
    if (Date.now() - started > limitMs) return false;
    if (Date.now() - movedAt > 60_000)
      throw new Error(
        `The read models stopped at ${JSON.stringify(state.body)}; worker output:\n${stack.workers
          .map((worker) => `${worker.name}:\n${worker.output()}`)
          .join('\n')}`,
      );
    await sleep(100);
  }
}

const pidsOf = (processes: DistributedStack['gateways']): number[] =>
  processes.flatMap((service) => (service.child.pid === undefined ? [] : [service.child.pid]));
const cpuOf = (pids: readonly number[]): number =>
  pids.reduce((sum, pid) => sum + cpuMicros(pid), 0);

/** The processes whose command line contains `fragment` (Linux /proc; none elsewhere). */
function pidsByCommandLine(fragment: string): number[] {
  try {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(fragment);
        } catch {
          return false;
        }
      })
      .map(Number);
  } catch {
    return [];
  }
}

interface LoopRun {
  readonly stack: DistributedStack;
  readonly buyers: readonly { account: BenchAccount; accessToken: string }[];
  readonly products: readonly SeededProduct[];
  readonly settings: DistributedSettings;
}

/**
 * The closed loop: each booker sends POST /bookings for the next unbooked product to its gateway
 * and the next one as soon as the answer is in. 201s are counted by when they arrived.
 */
async function measureClosedLoop({
  stack,
  buyers,
  products,
  settings,
}: LoopRun): Promise<ClosedLoopFigures> {
  const gatewayUrls = stack.urls.gateways;
  const lanesPerGateway = Math.ceil(settings.bookers / gatewayUrls.length);
  const pools = gatewayUrls.map(
    (url) => new Pool(url, { connections: lanesPerGateway, pipelining: 1 }),
  );
  // Built before the clock starts: nothing but sending happens in the loop.
  const requests = products.map(({ productId }, index) => {
    const buyer = buyers[index % buyers.length]!;
    return {
      productId,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${buyer.accessToken}`,
        ...(settings.idempotencyKey ? { 'idempotency-key': randomUUID() } : {}),
      },
      body: JSON.stringify(bookingBody(buyer.account, productId)),
    };
  });
  const gatewayPids = pidsOf(stack.gateways);
  const workerPids = pidsOf(stack.workers);
  // FerretDB, started by the stack with its SQLite files in the stack's data folder.
  const mongoPids = pidsByCommandLine(`--sqlite-url=file:${path.join(stack.dataDir, 'mongodb')}`);

  let next = 0;
  let productsRanOut = false;
  let acknowledgedInAll = 0;
  let errors = 0;
  const refused: Record<string, number> = {};
  const latencies: number[] = [];
  const perSecondCounts = Array.from({ length: settings.roundSeconds }, () => 0);
  const okByGateway = gatewayUrls.map(() => 0);
  let lastInWindow = 0;

  const checkpointBefore = (await readiness(stack.urls.api)).checkpoint ?? Number.NaN;
  const workerCpuBefore = cpuOf(workerPids);
  const mongodbCpuBefore = cpuOf(mongoPids);
  const started = performance.now();
  const windowStart = started + settings.warmUpSeconds * 1_000;
  const windowEnd = windowStart + settings.roundSeconds * 1_000;
  let cpuAtWindowStart = { gateways: Number.NaN, workers: Number.NaN, mongodb: Number.NaN };
  let steal: ReturnType<typeof watchCpuSteal> | undefined;
  const windowOpens = setTimeout(
    () => {
      cpuAtWindowStart = {
        gateways: cpuOf(gatewayPids),
        workers: cpuOf(workerPids),
        mongodb: cpuOf(mongoPids),
      };
      steal = watchCpuSteal();
    },
    Math.max(0, windowStart - performance.now()),
  );

  const lane = async (laneIndex: number): Promise<void> => {
    const gateway = laneIndex % gatewayUrls.length;
    const pool = pools[gateway]!;
    while (performance.now() < windowEnd) {
      const request = requests[next++];
      if (!request) {
        productsRanOut = true;
        return;
      }
      const sentAt = performance.now();
      let status = 0;
      try {
        const answer = await pool.request({
          path: '/bookings',
          method: 'POST',
          headers: request.headers,
          body: request.body,
        });
        status = answer.statusCode;
        await answer.body.dump();
      } catch {
        status = -1;
      }
      const at = performance.now();
      if (status === 201) acknowledgedInAll += 1;
      if (at < windowStart || at >= windowEnd) continue;
      lastInWindow = at;
      latencies.push(at - sentAt);
      if (status === 201) {
        okByGateway[gateway]! += 1;
        const second = Math.floor((at - windowStart) / 1_000);
        perSecondCounts[second] = (perSecondCounts[second] ?? 0) + 1;
      } else if (status === -1) errors += 1;
      else refused[String(status)] = (refused[String(status)] ?? 0) + 1;
    }
  };
  await Promise.all(
    Array.from({ length: lanesPerGateway * gatewayUrls.length }, (_, i) => lane(i)),
  );
  const loopEnded = performance.now();
  clearTimeout(windowOpens);
  const windowCpu = {
    gateways: cpuOf(gatewayPids) - cpuAtWindowStart.gateways,
    workers: cpuOf(workerPids) - cpuAtWindowStart.workers,
    mongodb: cpuOf(mongoPids) - cpuAtWindowStart.mongodb,
  };
  const windowMicros = (Math.min(loopEnded, windowEnd) - windowStart) * 1_000;
  const stealPercent = steal?.stop();
  await Promise.all(pools.map((pool) => pool.close()));

  const behind = (await readiness(stack.urls.api)).lag ?? Number.NaN;
  log(`  loop ended; the read models are ${behind} events behind; waiting for them to catch up`);
  const caughtUp = await untilProjected(stack, settings.catchUpLimitSeconds * 1_000);
  const catchUpSeconds = (performance.now() - loopEnded) / 1_000;
  const workerCpu = cpuOf(workerPids) - workerCpuBefore;
  const mongodbCpu = cpuOf(mongoPids) - mongodbCpuBefore;
  const after = await readiness(stack.urls.api);
  const projected = (after.checkpoint ?? Number.NaN) - checkpointBefore;

  const windowSeconds = productsRanOut
    ? Math.max(0.001, (lastInWindow - windowStart) / 1_000)
    : settings.roundSeconds;
  const acknowledgedInWindow = okByGateway.reduce((sum, count) => sum + count, 0);
  const loopSeconds = (loopEnded - started) / 1_000;
  return {
    bookers: lanesPerGateway * gatewayUrls.length,
    okPerSecond: round(acknowledgedInWindow / windowSeconds),
    perSecondCounts: productsRanOut
      ? perSecondCounts.slice(0, Math.ceil(windowSeconds))
      : perSecondCounts,
    okByGateway,
    windowSeconds: round(windowSeconds, 2),
    acknowledgedInWindow,
    refused,
    errors,
    acknowledgedInAll,
    loopSeconds: round(loopSeconds, 2),
    productsRanOut,
    gatewayCpuMicrosPerBooking: Math.round(windowCpu.gateways / Math.max(1, acknowledgedInWindow)),
    coresBusy: {
      gateways: round(windowCpu.gateways / windowMicros, 2),
      workers: round(windowCpu.workers / windowMicros, 2),
      ...(mongoPids.length > 0 ? { mongodb: round(windowCpu.mongodb / windowMicros, 2) } : {}),
    },
    ...(stealPercent === undefined ? {} : { stealPercent }),
    ...summarize(latencies),
    deferred: {
      behind,
      seconds: round(catchUpSeconds, 2),
      caughtUp,
      remaining: caughtUp ? 0 : (after.lag ?? Number.NaN),
      projectedEventsPerSecond: round(projected / (loopSeconds + catchUpSeconds)),
      sustainedOkPerSecond: caughtUp
        ? round(acknowledgedInAll / (loopSeconds + catchUpSeconds))
        : undefined,
      workerCpuMicrosPerEvent: Math.round(workerCpu / Math.max(1, projected)),
      ...(mongoPids.length > 0 && caughtUp
        ? { mongodbCpuMicrosPerBooking: Math.round(mongodbCpu / Math.max(1, acknowledgedInAll)) }
        : {}),
    },
  };
}

/** Starts the distributed stack in `dataDir`, measures, and stops it whatever happens. */
export async function measureDistributed(
  dataDir: string,
  settings: DistributedSettings,
): Promise<DistributedFigures> {
  const started = performance.now();
  log(
    `  starting ${settings.gateways} gateways, ${settings.workers} workers, redis-server, FerretDB and the Auth emulator`,
  );
  const stack = await startDistributedStack({
    dataDir,
    host: '127.0.0.1',
    gatewayPorts: Array.from({ length: settings.gateways }, () => 0),
    workers: settings.workers,
    webPort: null,
    authPort: 0,
    env: settings.env,
    log: (line) => log(`  ${line}`),
  });
  try {
    const stackStartSeconds = round((performance.now() - started) / 1_000);
    log(
      `  stack up in ${stackStartSeconds} s: gateways ${stack.urls.gateways.join(', ')}; ${stack.servers.mongodb}; ${stack.servers.redis}`,
    );
    const [seller, liveBuyer, ...loopBuyers] = (await signUpAccounts(
      stack.urls.authEmulator.replace(/^https?:\/\//, ''),
      [
        account('seller', 0, 'seller'),
        account('live', 0, 'buyer'),
        ...Array.from({ length: settings.buyers }, (_, i) => account('buyer', i, 'buyer')),
      ],
    )) as [BenchAccount, BenchAccount, ...BenchAccount[]];

    // Through the events, into the stack's log: the workers project them like any others.
    const seedStarted = performance.now();
    const liveCount = settings.liveBookingsPerSecond * settings.liveSeconds;
    const store = createEventStore({ DATA_DIR: dataDir });
    let liveProducts: SeededProduct[];
    let loopProducts: SeededProduct[];
    try {
      await seedAccounts(store, [seller, liveBuyer, ...loopBuyers], seller);
      liveProducts = await seedProducts(store, seller, liveCount);
      loopProducts = await seedProducts(store, seller, settings.loopProducts);
    } finally {
      await store.close();
    }
    log(`  seeded ${liveCount + settings.loopProducts} products; waiting for the read models`);
    await untilProjected(stack);
    const seedAndProjectSeconds = round((performance.now() - seedStarted) / 1_000);
    log(`  seeded and projected in ${seedAndProjectSeconds} s`);

    const tokens = await accessTokensOf(stack.urls.gateways[0]!, [liveBuyer, ...loopBuyers]);
    const buyerOf = (who: BenchAccount) => ({
      account: who,
      accessToken: tokens.get(who.email) ?? '',
    });
    // Start-up work (WAL checkpoints, collections) would count against the first figures.
    await Promise.all(
      [...pidsOf(stack.gateways), ...pidsOf(stack.workers)].map((pid) =>
        untilIdle(pid, { maxMs: 10_000 }),
      ),
    );

    const [subscribeAt, bookAt] = [stack.urls.gateways[0]!, stack.urls.gateways.at(-1)!];
    log(
      `  live path: subscribed at ${subscribeAt}, booking at ${bookAt}, ${settings.liveBookingsPerSecond}/s`,
    );
    const live = await measureBookingConfirmations('distributed', {
      gatewayUrl: bookAt,
      subscriptionGatewayUrl: subscribeAt,
      buyer: buyerOf(liveBuyer),
      products: liveProducts,
      perSecond: settings.liveBookingsPerSecond,
      deliveryTimeoutMs: settings.liveDeliveryLimitSeconds * 1_000,
    });
    await untilProjected(stack);

    log(
      `  closed loop: ${settings.bookers} bookers over ${stack.urls.gateways.length} gateways, ${settings.warmUpSeconds} s warm-up, ${settings.roundSeconds} s measured`,
    );
    const closedLoop = await measureClosedLoop({
      stack,
      buyers: loopBuyers.map(buyerOf),
      products: loopProducts,
      settings,
    });
    log(
      `  distributed: ${closedLoop.okPerSecond}/s acknowledged (per second ${closedLoop.perSecondCounts.join(', ')}; p50 ${closedLoop.p50Ms} ms, p99 ${closedLoop.p99Ms} ms; ${JSON.stringify(closedLoop.refused)} refused, ${closedLoop.errors} failed${closedLoop.productsRanOut ? '; the products ran out' : ''}; cores busy ${JSON.stringify(closedLoop.coresBusy)}); ${closedLoop.deferred.behind} events behind at the end, ${closedLoop.deferred.caughtUp ? 'caught up' : `not caught up (${closedLoop.deferred.remaining} behind)`} in ${closedLoop.deferred.seconds} s: ${closedLoop.deferred.projectedEventsPerSecond} events/s projected, ${closedLoop.deferred.sustainedOkPerSecond ?? '?'} bookings/s sustained`,
    );
    return {
      mongodb: stack.servers.mongodb,
      redis: stack.servers.redis,
      gateways: stack.urls.gateways.length,
      workers: stack.workers.length,
      stackStartSeconds,
      seededProducts: liveCount + settings.loopProducts,
      seedAndProjectSeconds,
      live,
      closedLoop,
      seconds: round((performance.now() - started) / 1_000),
    };
  } finally {
    log('  stopping the distributed stack');
    await stack.stop();
  }
}

/** What the gateways and workers of the distributed row need besides the stack's own settings. */
export const distributedEnv = (rateLimit: number, logLevel: string) => ({
  // The bench's WebSockets send the web client's origin, as a browser would.
  WEB_ORIGIN: webOrigin,
  // One client address sends everything: the per-address limits would refuse it.
  RATE_LIMIT_WRITES: String(rateLimit),
  RATE_LIMIT_SIGN_IN: String(rateLimit),
  RATE_LIMIT_READS: String(rateLimit),
  RATE_LIMIT_READS_PER_TOKEN: String(rateLimit),
  LOG_LEVEL: logLevel,
});

export const distributedDataDir = (scratch: string): string => path.join(scratch, 'distributed');
