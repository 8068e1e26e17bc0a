// The capacity model (issue 32): from the CPU time per request kind that a run of `npm run bench`
// measured, how many cores the distributed profile needs for a target load, what saturates first,
// and how far the model's assumptions held on this machine. Written beside the results as
// capacity.md and capacity.json at the end of a complete run (or by `npm run -w infra
// bench:capacity` from results/latest.json).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { workerThreadNames } from '@resale/workers/thread-names';
import type { HttpRow, Results } from './report.ts';
import { round } from './support.ts';

/** The load the model sizes the distributed profile for. */
export const targetLoad = {
  bookingsPerSecond: 10_000,
  readsPerSecond: 100_000,
  openSubscriptions: 100_000,
  /** Events one booking appends: ProductBooked and BookingPlaced. */
  eventsPerBooking: 2,
  /**
   * Messages a booking sends to subscribers who asked for them: the buyer's and the seller's
   * booking lists and the product's own page. Category and search pages are counted apart.
   */
  personalMessagesPerBooking: 3,
  /** The share of open subscriptions that watch a whole category list. */
  listWatcherShare: 0.3,
  brands: 3,
} as const;

interface Figure {
  readonly microseconds: number;
  readonly source: string;
}

interface Demand {
  readonly what: string;
  readonly perSecond: number;
  readonly unit: Figure | undefined;
  /** Cores: perSecond × unit, or undefined when the unit was not measured in this run. */
  readonly cores: number | undefined;
  readonly where: 'gateways' | 'workers';
}

export interface CapacityModel {
  readonly measuredAt: string;
  readonly target: typeof targetLoad;
  readonly demands: readonly Demand[];
  readonly cores: { readonly gateways: number; readonly workers: number };
  readonly checks: readonly string[];
  readonly unmeasured: readonly string[];
}

type Details = Record<string, unknown>;
const objectAt = (value: unknown, ...keys: string[]): Details | undefined => {
  let at: unknown = value;
  for (const key of keys) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Details)[key];
  }
  return typeof at === 'object' && at !== null ? (at as Details) : undefined;
};
const numberAt = (value: unknown, ...keys: string[]): number | undefined => {
  const parent = objectAt(value, ...keys.slice(0, -1));
  const at = parent?.[keys.at(-1) ?? ''];
  return typeof at === 'number' && Number.isFinite(at) ? at : undefined;
};

const readRow = (http: readonly HttpRow[], prefix: string): HttpRow | undefined =>
  http.find((row) => row.endpoint.startsWith(prefix) && row.gatewayCpuMicros !== undefined);

/** The model for `results`: every unit cost is a figure of that run, named with its source. */
export function capacityModel(results: Results): CapacityModel {
  const { details, http } = results;
  const target = targetLoad;
  const unmeasured: string[] = [];

  const bookingCpu = numberAt(
    details,
    'commands',
    'gateway',
    'median',
    'deferred',
    'serverCpuMicrosPerAnswer',
  );
  // The embedded gateway projects in process; a distributed gateway leaves that to the workers.
  // Live, as the commands part measures it by thread: the projection thread and the read
  // store's checkpoints; else (a run before the gateway's threads had names) a rebuild's cost.
  const byThread = objectAt(
    details,
    'commands',
    'gateway',
    'median',
    'deferred',
    'serverCpuMicrosPerAnswerByThread',
  );
  const liveProjection = byThread
    ? [workerThreadNames.projection, workerThreadNames.readCheckpoints].reduce(
        (sum, thread) => sum + (numberAt(byThread, thread) ?? 0),
        0,
      ) / target.eventsPerBooking
    : undefined;
  const replayPerEvent = numberAt(details, 'replay', 'eventsPerCpuSecond');
  const projectionMicros = liveProjection || (replayPerEvent ? 1e6 / replayPerEvent : undefined);
  const projectionSource = liveProjection
    ? "commands part: the projection thread's and the read store's checkpoints' CPU per booking, per event"
    : 'replay part: CPU per event of a rebuild (live projection costs more)';
  const commandMicros =
    bookingCpu !== undefined && projectionMicros !== undefined
      ? bookingCpu - target.eventsPerBooking * projectionMicros
      : bookingCpu;

  // Browsing: the category, listing and booking pages the reads part and the catalog part
  // measure, in equal parts; search at scale apart (its cost depends on the index used).
  const browsingRows = [
    'GET /categories',
    'GET /allProducts/',
    'GET /bookings?email=',
    'GET /graphql products(',
    'GET /graphql myBookings',
    'GET /products/:productId',
  ]
    .map((prefix) => readRow(http, prefix))
    .filter((row): row is HttpRow => row !== undefined);
  const browsingMicros =
    browsingRows.length > 0
      ? browsingRows.reduce((sum, row) => sum + (row.gatewayCpuMicros ?? 0), 0) /
        browsingRows.length
      : undefined;

  const messageMicros = numberAt(details, 'fanOut', 'gatewayCpuMicrosPerMessage');
  if (messageMicros === undefined)
    unmeasured.push('gateway CPU per subscription message (the fan-out part did not record it)');
  const subscriptionBytes = numberAt(details, 'fanOut', 'memoryPerSubscriber', 'heap');

  const listWatchers = target.openSubscriptions * target.listWatcherShare;
  const personalMessages = target.bookingsPerSecond * target.personalMessagesPerBooking;
  // Every booking changes a product of one brand: each watcher of that brand's list is told.
  const listMessages = (target.bookingsPerSecond * listWatchers) / target.brands;

  const figure = (microseconds: number | undefined, source: string): Figure | undefined =>
    microseconds === undefined ? undefined : { microseconds: round(microseconds, 1), source };
  const demand = (
    what: string,
    perSecond: number,
    unit: Figure | undefined,
    where: Demand['where'],
  ): Demand => ({
    what,
    perSecond,
    unit,
    cores: unit ? round((perSecond * unit.microseconds) / 1e6, 2) : undefined,
    where,
  });
  const demands: Demand[] = [
    demand(
      'POST /bookings: decide, append, idempotency answer (projection moved to the workers)',
      target.bookingsPerSecond,
      figure(
        commandMicros,
        'commands part: CPU per booking with its catch-up, less the projection of its events',
      ),
      'gateways',
    ),
    demand(
      'reads while browsing (category lists, listing pages, bookings, GraphQL lists)',
      target.readsPerSecond,
      figure(
        browsingMicros,
        `mean of ${browsingRows.map((row) => row.endpoint.split(' (')[0]).join(', ')}`,
      ),
      'gateways',
    ),
    demand(
      'messages to the buyer, the seller and the product page',
      personalMessages,
      figure(messageMicros, 'fan-out part: gateway CPU per delivered message'),
      'gateways',
    ),
    demand(
      `messages to category-list watchers (${round(listWatchers / target.brands)} per brand), one per change`,
      listMessages,
      figure(messageMicros, 'fan-out part: gateway CPU per delivered message'),
      'gateways',
    ),
    demand(
      'projection of the bookings’ events into the read models',
      target.bookingsPerSecond * target.eventsPerBooking,
      figure(projectionMicros, projectionSource),
      'workers',
    ),
  ];
  const sum = (where: Demand['where']) =>
    round(
      demands
        .filter((d) => d.where === where && !d.what.includes('category-list'))
        .reduce((total, d) => total + (d.cores ?? 0), 0),
      1,
    );

  const checks: string[] = [];
  // Linearity: the model multiplies a rate by a cost per request measured at the maximum rate.
  // The fixed-rate rounds measured the same cost at a lower rate.
  const fixedBooking = numberAt(details, 'commands', 'fixed', 'serverCpuMicrosPerAnswer');
  const fixedRate = numberAt(details, 'commands', 'fixed', 'rate');
  const maxBooking = numberAt(details, 'commands', 'gateway', 'median', 'serverCpuMicrosPerAnswer');
  if (fixedBooking !== undefined && fixedRate !== undefined && maxBooking !== undefined)
    checks.push(
      `Cost per booking at ${fixedRate}/s against at the maximum rate: ${fixedBooking} µs against ${maxBooking} µs (${round((100 * fixedBooking) / maxBooking)} %): the model predicted ${round((fixedRate * maxBooking) / 1e6, 2)} cores busy at ${fixedRate}/s, the gateway used ${round((fixedRate * fixedBooking) / 1e6, 2)}.`,
    );
  else unmeasured.push('the cost per booking at the fixed rate (this run did not record it)');
  for (const name of Object.keys(objectAt(details, 'reads') ?? {})) {
    const half = numberAt(details, 'reads', name, 'half', 'serverCpuMicrosPerAnswer');
    const max = numberAt(details, 'reads', name, 'gateway', 'median', 'serverCpuMicrosPerAnswer');
    const rate = numberAt(details, 'reads', name, 'half', 'rate');
    if (half !== undefined && max !== undefined && rate !== undefined)
      checks.push(
        `${name}: ${half} µs per answer at ${rate.toLocaleString('en-US')}/s (half the maximum) against ${max} µs at the maximum: the model predicted ${round((rate * max) / 1e6, 2)} cores busy, the gateway used ${round((rate * half) / 1e6, 2)}.`,
      );
  }
  // Several processes: the distributed row's closed loop, at the stack's own maximum.
  const loop = objectAt(details, 'distributed', 'closedLoop');
  const busy = objectAt(loop, 'coresBusy');
  const okPerSecond = numberAt(loop, 'okPerSecond');
  if (busy && okPerSecond) {
    const perBooking = Object.entries(busy).map(
      ([process, cores]) =>
        [process, typeof cores === 'number' ? (cores * 1e6) / okPerSecond : 0] as const,
    );
    const total = perBooking.reduce((sum, [, micros]) => sum + micros, 0);
    const [heaviest] = [...perBooking].sort((a, b) => b[1] - a[1]);
    checks.push(
      `Several processes (the distributed row: ${numberAt(details, 'distributed', 'gateways') ?? '?'} gateways, ${numberAt(details, 'distributed', 'workers') ?? '?'} workers, Redis, ${String(objectAt(details, 'distributed') ? (details['distributed'] as Details)['mongodb'] : '?')}): ${perBooking.map(([process, micros]) => `${process} ${round(micros / 1_000, 1)} ms`).join(', ')} of CPU per booking; on ${results.machine.cpus} cores the model allows ${round((results.machine.cpus * 1e6) / total, 1)} bookings/s, the closed loop acknowledged ${okPerSecond}/s. What saturated first: ${heaviest?.[0] ?? '?'}.`,
    );
  } else unmeasured.push('the distributed row (it did not run)');
  if (subscriptionBytes === undefined)
    unmeasured.push('memory per open subscription (the fan-out part did not record it)');

  return {
    measuredAt: results.measuredAt,
    target,
    demands,
    cores: { gateways: sum('gateways'), workers: sum('workers') },
    checks,
    unmeasured,
  };
}

function markdownOf(model: CapacityModel, results: Results): string {
  const t = model.target;
  const subscriptionBytes = numberAt(results.details, 'fanOut', 'memoryPerSubscriber', 'heap');
  const searchRow = readRow(results.http, 'GET /products?q=…');
  const lines = [
    '# Capacity model',
    '',
    `From the figures of \`npm run bench\` of ${model.measuredAt} (results/latest.json; machine: ${results.machine.cpus} × ${results.machine.cpuModel}, speed loop ${results.machine.speedLoopMsAtStart} ms). Target: ${t.bookingsPerSecond.toLocaleString('en-US')} bookings/s, ${t.readsPerSecond.toLocaleString('en-US')} reads/s, ${t.openSubscriptions.toLocaleString('en-US')} open subscriptions. Cores are CPU seconds per second of this machine's cores; a core of another host scales by its speed loop.`,
    '',
    '| Work | Per second | Cost each | Cores | Where | Cost measured by |',
    '|---|---|---|---|---|---|',
    ...model.demands.map(
      (d) =>
        `| ${d.what} | ${Math.round(d.perSecond).toLocaleString('en-US')} | ${d.unit ? `${d.unit.microseconds} µs` : 'not measured'} | ${d.cores ?? '–'} | ${d.where} | ${d.unit?.source ?? '–'} |`,
    ),
    '',
    `**Gateways: ${model.cores.gateways} cores; workers: ${model.cores.workers} cores** (without the category-list messages, next paragraph), before MongoDB, EventStoreDB and Redis.`,
    '',
    '## What saturates first',
    '',
    `- Telling every watcher of a category list about every change: ${t.listWatcherShare * 100} % of the open subscriptions watching one of ${t.brands} lists is ${Math.round((t.bookingsPerSecond * t.openSubscriptions * t.listWatcherShare) / t.brands).toLocaleString('en-US')} messages/s, far past any number of gateways. Lists must be told at most once per interval per watcher (coalesced) or only about the page on screen; the model counts them apart.`,
    `- Then the gateways' CPU for bookings and reads (above), which adds processes linearly: each gateway decides against the log and reads the read models without sharing state with the others.`,
    searchRow
      ? `- Search at scale: ${searchRow.gatewayCpuMicros} µs per answer in this run (${searchRow.endpoint}); at 10 % of the reads that alone is ${round((t.readsPerSecond * 0.1 * (searchRow.gatewayCpuMicros ?? 0)) / 1e6, 1)} cores.`
      : '- Search at scale: not measured in this run.',
    `- The event log: ${t.bookingsPerSecond.toLocaleString('en-US')} appends/s of ${t.eventsPerBooking} events each, every one on its own product stream (no contention). The embedded SQLite log commits appends in groups, one fsync per group; EventStoreDB could not be run here, so its limit is not measured.`,
    `- Redis: one BullMQ job per event per partition and one pub/sub notice per applied batch: ${(t.bookingsPerSecond * t.eventsPerBooking).toLocaleString('en-US')} jobs/s; not measured at that rate here.`,
    `- Memory for ${t.openSubscriptions.toLocaleString('en-US')} open subscriptions: ${subscriptionBytes === undefined ? 'not measured in this run' : `${Math.round(subscriptionBytes).toLocaleString('en-US')} bytes each, ${round((subscriptionBytes * t.openSubscriptions) / 2 ** 20)} MiB over the gateways`}.`,
    '',
    '## How it was checked',
    '',
    ...(model.checks.length > 0
      ? model.checks.map((check) => `- ${check}`)
      : ['- Nothing: the run measured none of the checks.']),
    '',
    ...(model.unmeasured.length > 0
      ? ['## Not measured in this run', '', ...model.unmeasured.map((item) => `- ${item}`), '']
      : []),
  ];
  return `${lines.join('\n')}\n`;
}

/** Writes capacity.md and capacity.json beside the results; answers their paths. */
export function writeCapacity(dir: string, results: Results): string[] {
  const model = capacityModel(results);
  const json = path.join(dir, 'capacity.json');
  const markdown = path.join(dir, 'capacity.md');
  writeFileSync(json, `${JSON.stringify(model, null, 2)}\n`);
  writeFileSync(markdown, markdownOf(model, results));
  return [json, markdown];
}
