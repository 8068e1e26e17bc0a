// npm run bench (in infra/, or at the root): measures the embedded profile on this machine in one
// run and writes bench/results/latest.json and latest.md (goal, measured, pass or short).
// A script, not a test: a missed goal is reported, never a failure.
//
// `npm run bench` starts this process with --no-memory-reducer: it sits idle through every
// fixed-rate round (a process of its own sends those), and once idle after autocannon's rounds,
// V8's memory reducer collected its 150-190 MB heap there, with main-thread pauses up to 38 ms
// and helper threads on both cores, in the middle of whichever server's round was being measured.
//
// Knobs (environment): BENCH_ONLY=reads,commands,burst,bookingEnds,live,fanout,bullmq,distributed,replay,web,catalog,audit runs
// only those parts (results go to partial.*); BENCH_CPU_PROF=<dir> writes V8 CPU profiles of the
// gateway processes there, one per thread (the projection thread's included); BENCH_ROUND_SECONDS (5), BENCH_WARMUP_SECONDS (3),
// BENCH_FANOUT_SUBSCRIBERS (1000), BENCH_REPLAY_EVENTS (200000), BENCH_READS=<read names> (all),
// BENCH_IDEMPOTENCY_KEY=off, REDIS_URL (redis://127.0.0.1:6379), PROJECTION_THREAD=off (the
// gateway's setting, on by default), BENCH_GC_LOG=<file> (the gateway appends each GC pause of
// 3 ms or more: start ms, kind, ms), BENCH_RUNTIME_TUNING=off (the gateway without
// gateway/src/runtime-tuning.ts and its Node flags), EARLY_ANSWERS=off (the gateway's setting:
// every request through Fastify's pipeline), BENCH_DISTRIBUTED_BOOKERS (32) and
// BENCH_DISTRIBUTED_PRODUCTS (1000: products for the distributed row's closed loop),
// BENCH_CATALOG_LISTINGS (1000000: the catalog part's listings, generated as history by
// scale/generate.ts), BENCH_CATALOG_SEARCHES (20000 distinct searches in its mix) and
// BENCH_CATALOG_SEED (32), BENCH_CATALOG_HISTORY=full|light (light).
//
// `npm run bench -- --scale` (also `npm run bench:scale`, since it takes long) runs the catalog
// part alone on the full history, 10,000,000 events at 1,000,000 listings, with a listing's audit
// timeline and time travel on that data; it writes bench/results/scale.json and scale.md.
//
// This file is the runner: the parts are in parts/ (one module each, parts/part.ts says what a
// part is); the runner picks them (BENCH_ONLY), starts the embedded profile the reads, commands,
// live and fan-out parts share (parts/embedded-profile.ts), stops what each part started, and
// writes the results.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gatewayNodeFlags } from '@resale/gateway/runtime-tuning';
import { replayNodeFlags } from '@resale/workers';
import { writeCapacity } from './capacity.ts';
import { audit } from './parts/audit.ts';
import { bookingBurst } from './parts/booking-burst.ts';
import { bookingEnds } from './parts/booking-ends.ts';
import { bullmq } from './parts/bullmq.ts';
import { catalog } from './parts/catalog.ts';
import { commands } from './parts/commands.ts';
import { distributed } from './parts/distributed.ts';
import { startEmbeddedProfile, type EmbeddedProfile } from './parts/embedded-profile.ts';
import { fanout } from './parts/fanout.ts';
import { live } from './parts/live.ts';
import { partNames, type BenchPart, type PartContext, type PartName } from './parts/part.ts';
import { BenchProcesses } from './parts/processes.ts';
import { reads } from './parts/reads.ts';
import { replay } from './parts/replay.ts';
import { web } from './parts/web.ts';
import { writeResults, type GoalRow, type HttpRow } from './report.ts';
import { settings } from './settings.ts';
import {
  describeMachine,
  hostSpeedLoopMs,
  loadAverage,
  log,
  round,
  watchCpuSteal,
  watchIoStall,
} from './support.ts';
import type { RouteWeight } from './web-weight.ts';

/** Every part, in the order of `partNames`. */
const allParts: readonly BenchPart[] = [
  reads,
  commands,
  bookingBurst,
  bookingEnds,
  live,
  fanout,
  bullmq,
  distributed,
  replay,
  web,
  catalog,
  audit,
];
if (allParts.some((part, index) => part.name !== partNames[index]))
  throw new Error('The parts are not listed in the order of partNames');

const only = new Set((process.env['BENCH_ONLY'] ?? '').split(',').filter(Boolean));
const unknownParts = [...only].filter((part) => !(partNames as readonly string[]).includes(part));
if (unknownParts.length > 0)
  throw new Error(
    `BENCH_ONLY names unknown parts: ${unknownParts.join(', ')} (${partNames.join(', ')})`,
  );
if (settings.scale && only.size > 0)
  throw new Error('--scale runs the catalog part alone: leave BENCH_ONLY out');
const runs = (part: PartName): boolean =>
  settings.scale ? part === 'catalog' : only.size === 0 || only.has(part);
const selected = allParts.filter((part) => runs(part.name));

const here = path.dirname(fileURLToPath(import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), 'resale-bench-'));
const started = performance.now();
const machine = describeMachine();
const stealOverRun = watchCpuSteal();
const ioStallOverRun = watchIoStall();
const goals: GoalRow[] = [];
const http: HttpRow[] = [];
const details: Record<string, unknown> = {};
const notes: string[] = [];
const webRoutes: RouteWeight[] = [];
const failedParts: PartName[] = [];

log(
  `Benchmark of the embedded profile on ${machine.cpus} × ${machine.cpuModel}, load average ${machine.loadAverageAtStart.join(', ')}, speed loop ${machine.speedLoopMsAtStart} ms`,
);

/////////////////////////////////////////
// The run
/////////////////////////////////////////

const processes = new BenchProcesses();
let embedded: EmbeddedProfile | undefined;
const context: PartContext = {
  scratch,
  machine,
  processes,
  embedded: () => {
    if (!embedded) throw new Error('The embedded profile runs only for the parts that share it');
    return embedded;
  },
};

try {
  for (const [index, part] of selected.entries()) {
    if (part.sharesEmbeddedProfile && !embedded) {
      embedded = await startEmbeddedProfile(processes, scratch, {
        fanOutSubscribers: runs('fanout') ? settings.fanOutSubscribers : 0,
      });
      details['catalog'] = embedded.catalog;
    }
    let result: Awaited<ReturnType<BenchPart['run']>>;
    try {
      result = await part.run(context);
    } catch (error) {
      // A long run keeps what the other parts measured: the failure is reported with them.
      const reason = error instanceof Error ? (error.stack ?? error.message) : String(error);
      log(`The ${part.name} part failed: ${reason}`);
      notes.push(
        `The ${part.name} part failed, and its rows are missing: ${reason.split('\n')[0]}`,
      );
      failedParts.push(part.name);
      await processes.stopAll();
      embedded = undefined;
      continue;
    }
    goals.push(...result.goals);
    http.push(...(result.http ?? []));
    Object.assign(details, result.details);
    notes.push(...(result.notes ?? []));
    webRoutes.push(...(result.webRoutes ?? []));
    // The embedded profile stays up while the next part shares it; everything else stops here.
    if (!selected[index + 1]?.sharesEmbeddedProfile) {
      await processes.stopAll();
      embedded = undefined;
    }
  }
} finally {
  await processes.stopAll();
  rmSync(scratch, { recursive: true, force: true });
}

/////////////////////////////////////////
// Results
/////////////////////////////////////////

const runSeconds = round((performance.now() - started) / 1_000);
notes.push(
  `Rounds at the maximum rate are sent by autocannon in the benchmark process; rounds at a fixed rate by a process of their own each (infra/bench/fixed-rate-process.ts, see below); the gateway and the ceiling each run in their own process. With 2 cores the load generator takes about one of them. The benchmark process and the bare routes run without V8's memory reducer (--no-memory-reducer), which collects an idle process's heap: they sit idle through the rounds of other servers, and the benchmark's collections after autocannon's rounds (150-190 MB, pauses up to 38 ms, helper threads on both cores) landed in fixed-rate rounds. The gateway keeps it, as \`npm start\` runs it.`,
  `The gateway runs with LOG_LEVEL=${settings.logLevel} (as \`npm start\`), PROJECTION_THREAD=${settings.projectionThread}, NODE_ENV=development, RATE_LIMIT_WRITES, RATE_LIMIT_SIGN_IN, RATE_LIMIT_READS and RATE_LIMIT_READS_PER_TOKEN raised to ${settings.rateLimitWrites.toLocaleString('en-US')} a minute (one client address sends everything), access tokens from its own GET /jwt for Auth emulator accounts: every benchmarked request passes the real token check (a token verified once is remembered by its text until it expires) and account check (the caller's user state is cached between calls and dropped by every change to the user). Node flags as \`npm start\` passes them: ${gatewayNodeFlags.join(' ')}. The gateway, like \`npm start\`, and the bare routes apply the gateway's runtime tuning before they start (gateway/src/runtime-tuning.ts).`,
  "Reads are answered from the gateway's answer cache: the read runs change no read model, so after a round's first request each answer is a hit (a change notice of a read model drops the answers made from it; see gateway/src/plugins/app/answer-cache.ts). GraphQL resolvers read through the same cache, and a query made only of such reads is answered from its cached whole answer while every part is current, for the same caller and query (gateway/src/graphql/index.ts); others run compiled (Mercurius JIT) from their second time. A GET answered from the cache once (the REST reads, and GraphQL queries, which the web client sends as GET) is answered early the next time, in Node's request event, before Fastify's pipeline, with the same headers (for a token, while the caller's cached user state is unchanged).",
  'Catalog: 10,000 products over Samsung, Oppo and Iphone, seeded as events straight into the store before the gateway started; the products booked by the command and live runs are seeded later, the same way.',
  'Live path: lag from the 201 of POST /bookings at the client to the graphql-ws message at the subscribed client (the same process sees both); a message that arrives before the 201 counts as 0 ms. Each row also gives the lag from sending the request (to the message, and to the 201).',
  `Replay: the workers' replay (what \`npm run replay\` runs) in a process of its own, with the Node flags \`npm run replay\` passes: ${replayNodeFlags.join(' ')}; the log is generated marketplace history (workers/test/support/workload.ts) appended before the replay.`,
  'BullMQ live path: the gateway does not project (distributed configuration), a BullMQ relay follows the log in the gateway process (its store handle is woken by its own commits, as EventStoreDB pushes; another process would poll the SQLite file every 500 ms), one worker process (workers/src/worker-main.ts, RELAY=off, 4 partitions) projects into the embedded read store and publishes on Redis under a unique prefix, deleted afterwards.',
  "Runs at a fixed rate (p99 at half the maximum, commands at 1,000/s) send evenly spaced requests from an open loop (undici, up to 100 connections; `runAtFixedRate` in infra/bench/http-load.ts): each request's latency runs from when it was due, so a stall counts for every request it held back. Each such round runs in a child process that holds only its job, with requests and bodies built before its clock starts (since 2026-11-24): in the benchmark's own process, collections of its heap held the sending back for 13-37 ms at times and counted as the server's latency. The ceiling is run at the same rate: its p99 is what the load generator, on the same 2 cores, adds by itself. (Until 2026-11-21 these runs used autocannon's overallRate, which has each connection send its share of a second back to back at the start of the second: bursts of 100 requests in flight at full speed, whose latency is that of the maximum rate.)",
);
const loadAtEnd = loadAverage();
const stealPercent = stealOverRun.stop();
const ioStallPercent = ioStallOverRun.stop();
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
  complete: only.size === 0 && !settings.scale && failedParts.length === 0,
  machine: {
    ...machine,
    loadAverageAtEnd: loadAtEnd,
    speedLoopMsAtEnd: hostSpeedLoopMs(),
    ...(stealPercent === undefined ? {} : { stealPercent }),
    ...(ioStallPercent === undefined ? {} : { ioStallPercent }),
  },
  settings: { ...settings, only: [...only] },
  goals,
  http,
  webRoutes,
  details,
  notes,
};
const written = writeResults(
  path.join(here, 'results'),
  settings.scale ? 'scale' : only.size === 0 ? 'latest' : 'partial',
  results,
);
// The capacity model needs every part's figures: a partial run leaves the last one as it is.
if (results.complete) written.push(...writeCapacity(path.join(here, 'results'), results));
log('');
for (const row of goals)
  log(
    `${row.verdict === 'pass' ? 'pass ' : row.verdict === 'short' ? 'SHORT' : row.verdict === 'recorded' ? 'rec. ' : '  -  '} ${row.area}: ${row.measure}: ${row.measured} (goal ${row.goal})`,
  );
log(`\nWrote ${written.join(' and ')} in ${runSeconds} s`);
if (failedParts.length > 0) {
  log(`Failed: ${failedParts.join(', ')} (see above)`);
  process.exitCode = 1;
}
