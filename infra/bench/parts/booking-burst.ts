// Bookings as a user makes them: a gateway started on its own data, a seller lists the phones
// through POST /myProducts, and the buyers then book every one of them in one burst (a closed
// loop over a fixed number of connections), with no warm-up. The cases beside it change one
// thing each (the listing's projection awaited, phones seeded as events, a warm-up, no
// Idempotency-Key), so that what each difference costs can be read off the figures.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createEventStore } from '@resale/events';
import { Pool } from 'undici';
import { accessTokensOf, signUpAccounts, type BenchAccount } from '../accounts.ts';
import { brands, seedAccountsAndCategories, seedProducts } from '../catalog-seed.ts';
import { cpuMicros, type ChildServer } from '../child-processes.ts';
import { bookingBody } from '../live-path.ts';
import { goalRow, recordedRow, type GoalRow } from '../report.ts';
import { freePort, log, mapConcurrently, round, summarize, watchCpuSteal } from '../support.ts';
import { startAuthEmulator } from '../../src/auth-emulator.ts';
import type { BenchPart, PartContext } from './part.ts';
import { account, gatewayEnv, untilProjected } from './processes.ts';
import { perSecond } from './texts.ts';

interface BurstCase {
  readonly name: string;
  readonly buyers: number;
  readonly connections: number;
  readonly products: number;
  /** Through POST /myProducts with the gateway running, or as events before it starts. */
  readonly listing: 'api' | 'events';
  /** Whether the burst waits for the listings' projection. */
  readonly awaitProjection: boolean;
  /** Bookings sent (and answered) before the measured burst, on phones of their own. */
  readonly warmUpBookings: number;
  readonly idempotencyKey: boolean;
}

/** The outside run's first case, then one change at a time, then its second case. */
const asTheUserDoes: BurstCase = {
  name: 'listed through the API just before, one buyer, 50 connections, 12,000 phones',
  buyers: 1,
  connections: 50,
  products: 12_000,
  listing: 'api',
  awaitProjection: false,
  warmUpBookings: 0,
  idempotencyKey: true,
};
const cases: readonly BurstCase[] = [
  asTheUserDoes,
  { ...asTheUserDoes, name: 'as above, the listings projected first', awaitProjection: true },
  {
    ...asTheUserDoes,
    name: 'phones seeded as events before the gateway starts (as the commands part)',
    listing: 'events',
    awaitProjection: true,
  },
  {
    ...asTheUserDoes,
    name: 'as above, after a warm-up of 4,000 bookings',
    listing: 'events',
    awaitProjection: true,
    warmUpBookings: 4_000,
  },
  { ...asTheUserDoes, name: 'as the first, without Idempotency-Key', idempotencyKey: false },
  {
    ...asTheUserDoes,
    name: 'listed through the API just before, ten buyers, 100 connections, 20,000 phones',
    buyers: 10,
    connections: 100,
    products: 20_000,
  },
];

interface BurstFigures {
  readonly case: string;
  readonly acknowledged: number;
  readonly refused: Record<string, number>;
  readonly seconds: number;
  readonly acknowledgedPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Events the read models had still to apply when the burst started. */
  readonly behindAtStart: number;
  readonly listingPerSecond: number | undefined;
  readonly gatewayCpuMicrosPerBooking: number;
  readonly cpuStealPercent: number | undefined;
}

/** The product body the web client's add-product form sends. */
const listingBody = (seller: BenchAccount, index: number) => {
  const brand = brands[index % brands.length] ?? 'Samsung';
  return {
    productName: `${brand} phone ${index + 1}`,
    sellerName: seller.name,
    condition: (['Good', 'Excelent', 'Fair'] as const)[index % 3] ?? 'Good',
    email: seller.email,
    Brand: brand,
    picture: `${randomUUID()}.png`,
    address: 'Dhaka, Mirpur 10',
    about: 'Used for two years, battery replaced, no scratches on the screen.',
    sellerEmail: seller.email,
    phone: '+8801700000000',
    buyingPrice: 400 + (index % 700),
    sellingPrice: 150 + (index % 350),
    year: 1 + (index % 5),
  };
};

async function readModelsBehind(gateway: ChildServer): Promise<number> {
  const response = await fetch(`${gateway.url}/readyz`);
  const body = (await response.json()) as { checks?: { readModels?: { lag?: number } } };
  return body.checks?.readModels?.lag ?? 0;
}

/** Sends every request over `connections` lanes, each the next as soon as its answer is in. */
async function closedLoop(
  gateway: ChildServer,
  connections: number,
  requests: readonly {
    readonly path: string;
    readonly headers: Record<string, string>;
    readonly body: string;
  }[],
): Promise<{ latencies: number[]; statuses: Map<number, number>; seconds: number }> {
  const pool = new Pool(gateway.url, { connections, pipelining: 1 });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  const lane = async (): Promise<void> => {
    for (let request = requests[next++]; request; request = requests[next++]) {
      const sentAt = performance.now();
      let status = -1;
      try {
        const answer = await pool.request({ method: 'POST', ...request });
        status = answer.statusCode;
        await answer.body.dump();
      } catch {
        // Counted as status -1: the connection failed.
      }
      latencies.push(performance.now() - sentAt);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: connections }, lane));
  const seconds = (performance.now() - started) / 1_000;
  await pool.close();
  return { latencies, statuses, seconds };
}

async function runCase(
  context: PartContext,
  burst: BurstCase,
  index: number,
): Promise<BurstFigures> {
  log(`  burst ${index + 1}: ${burst.name}`);
  const auth = await startAuthEmulator({ port: await freePort(2) });
  context.processes.onStop(() => auth.stop());
  const accounts = await signUpAccounts(auth.host, [
    account('burst-seller', index, 'seller'),
    ...Array.from({ length: burst.buyers }, (_, i) => account(`burst-buyer-${index}`, i, 'buyer')),
  ]);
  const [seller, ...buyers] = accounts as [BenchAccount, ...BenchAccount[]];
  const dataDir = path.join(context.scratch, `burst-${index}`);
  const warmUpProducts = burst.warmUpBookings;
  // Accounts (and, in the events case, the phones) are in the log before the gateway starts,
  // as a real start finds them.
  const store = createEventStore({ DATA_DIR: dataDir });
  await seedAccountsAndCategories(store, accounts, seller);
  const seeded =
    burst.listing === 'events'
      ? (await seedProducts(store, seller, burst.products + warmUpProducts)).map((p) => p.productId)
      : [];
  await store.close();
  const gateway = await context.processes.startGateway(
    `burst gateway ${index + 1}`,
    gatewayEnv(dataDir, auth),
  );
  await untilProjected(gateway);
  const tokens = await accessTokensOf(gateway.url, accounts);
  const tokenOf = (who: BenchAccount): string => tokens.get(who.email) ?? '';

  let productIds = seeded;
  let listingPerSecond: number | undefined;
  if (burst.listing === 'api') {
    const listingStarted = performance.now();
    const answers = await mapConcurrently(
      Array.from({ length: burst.products + warmUpProducts }, (_, i) => i),
      burst.connections,
      async (i) => {
        const response = await fetch(`${gateway.url}/myProducts`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${tokenOf(seller)}`,
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify(listingBody(seller, i)),
        });
        const body = (await response.json()) as { insertedId?: string; message?: string };
        if (response.status !== 201 || !body.insertedId)
          throw new Error(`POST /myProducts answered ${response.status}: ${body.message}`);
        return body.insertedId;
      },
    );
    listingPerSecond = round(answers.length / ((performance.now() - listingStarted) / 1_000));
    productIds = answers;
  }
  if (burst.awaitProjection) await untilProjected(gateway);

  const bookingsOf = (ids: readonly string[]) =>
    ids.map((productId, i) => {
      const buyer = buyers[i % buyers.length] as BenchAccount;
      return {
        path: '/bookings',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${tokenOf(buyer)}`,
          ...(burst.idempotencyKey ? { 'idempotency-key': randomUUID() } : {}),
        },
        body: JSON.stringify(bookingBody(buyer, productId)),
      };
    });
  if (warmUpProducts > 0) {
    await closedLoop(gateway, burst.connections, bookingsOf(productIds.slice(0, warmUpProducts)));
    await untilProjected(gateway);
  }
  const requests = bookingsOf(productIds.slice(warmUpProducts));
  const behindAtStart = await readModelsBehind(gateway);
  const cpuBefore = cpuMicros(gateway.pid);
  const steal = watchCpuSteal();
  const { latencies, statuses, seconds } = await closedLoop(gateway, burst.connections, requests);
  const cpuStealPercent = steal.stop();
  const acknowledged = statuses.get(201) ?? 0;
  const gatewayCpuMicrosPerBooking = round(
    (cpuMicros(gateway.pid) - cpuBefore) / Math.max(1, acknowledged),
  );
  await untilProjected(gateway);
  await gateway.stop();
  await auth.stop();
  const refused = Object.fromEntries([...statuses].filter(([status]) => status !== 201));
  const { p50Ms, p99Ms } = summarize(latencies);
  const figures: BurstFigures = {
    case: burst.name,
    acknowledged,
    refused,
    seconds: round(seconds, 2),
    acknowledgedPerSecond: round(acknowledged / seconds),
    p50Ms,
    p99Ms,
    behindAtStart,
    listingPerSecond,
    gatewayCpuMicrosPerBooking,
    cpuStealPercent,
  };
  log(`    ${JSON.stringify(figures)}`);
  return figures;
}

const describe = (figures: BurstFigures): string =>
  `${perSecond(figures.acknowledgedPerSecond)} (${figures.acknowledged} in ${figures.seconds} s${
    Object.keys(figures.refused).length > 0
      ? `, refused or failed: ${JSON.stringify(figures.refused)}`
      : ''
  }; p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms; read models ${figures.behindAtStart} events behind at the start${
    figures.listingPerSecond === undefined
      ? ''
      : `, listed at ${perSecond(figures.listingPerSecond)}`
  }; ${figures.gatewayCpuMicrosPerBooking} µs gateway CPU per booking${
    figures.cpuStealPercent === undefined ? '' : `; CPU steal ${figures.cpuStealPercent} %`
  })`;

export const bookingBurst: BenchPart = {
  name: 'burst',
  async run(context) {
    log('Bookings as a user makes them: one burst on a fresh gateway after listing');
    const figures: BurstFigures[] = [];
    for (const [index, burst] of cases.entries())
      figures.push(await runCase(context, burst, index));
    const [first, ...others] = figures as [BurstFigures, ...BurstFigures[]];
    const refusedInFirst = Object.values(first.refused).reduce((sum, n) => sum + n, 0);
    const goals: GoalRow[] = [
      goalRow(
        'Commands',
        `POST /bookings acknowledged per second as a user makes them (${first.case}, one burst, no warm-up)`,
        '≥ 3,000/s',
        refusedInFirst > 0
          ? Math.min(first.acknowledgedPerSecond, 2_999)
          : first.acknowledgedPerSecond,
        3_000,
        'min',
        describe(first),
      ),
      ...others.map((other) =>
        recordedRow('Commands', `POST /bookings burst: ${other.case}`, describe(other)),
      ),
    ];
    const notes = [
      "Bookings as a user makes them (infra/bench/parts/booking-burst.ts): each case starts an Auth emulator and a gateway on data of its own (accounts and categories in the log before the start; the phones too where the case says so), then sends every booking once over a closed loop (each connection sends its next booking when the answer is in; undici in the benchmark's own process, on the same 2 cores), from the first request to the last answer, with no warm-up unless the case names one. Listings through the API go over as many connections as the burst, each with an Idempotency-Key, as the web client sends. The gateway's CPU is counted over the burst alone.",
    ];
    return { goals, details: { bookingBurst: figures }, notes };
  },
};
