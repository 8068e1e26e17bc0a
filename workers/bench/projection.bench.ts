// npm run bench:workers: projection throughput with each queue adapter, lag from append
// acknowledgement to read-model commit (p50/p99), and replay speed into all read models.
// Prints a summary and writes bench/results/latest.json. Not a test: figures depend on the machine.
import {
  openEmbeddedEventStore,
  embeddedEventStoreFile,
  WrongExpectedRevisionError,
  type AnyEvent,
  type EventStore,
  type NewEvent,
} from '@resale/events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'prettier';
import { setTimeout as sleep } from 'node:timers/promises';
import { replayReadModels } from '../src/operators/replay.ts';
import {
  startBullmqPipeline,
  startEmbeddedPipeline,
  type Pipeline,
} from '../src/pipeline/pipelines.ts';
import { createInProcessPubSub, createRedisPubSub } from '../src/pubsub/mqemitter-pubsub.ts';
import type { ChangePubSub } from '../src/pubsub/port.ts';
import { appliedTopic } from '../src/pubsub/topics.ts';
import { waitForPosition } from '../src/pubsub/wait-for-position.ts';
import { openEmbeddedReadStore, type EmbeddedReadStore } from '../src/read-models.ts';
import { seededRandom } from '../test/support/random.ts';
import { deleteKeys, redisAnswers, uniquePrefix } from '../test/support/redis.ts';
import { randomWorkload, type WorkloadAppend } from '../test/support/workload.ts';

const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const sizes = {
  replayEvents: Number(process.env['BENCH_REPLAY_EVENTS'] ?? 50_000),
  bullmqEvents: Number(process.env['BENCH_BULLMQ_EVENTS'] ?? 3_000),
  embeddedLagEvents: 2_000,
  embeddedLagRate: 200,
  bullmqLagEvents: 1_000,
  bullmqLagRate: 100,
};

// BENCH_ONLY=replay,inProcess,bullmq,embeddedLag,bullmqLag runs only those parts.
const only = new Set((process.env['BENCH_ONLY'] ?? '').split(',').filter(Boolean));
const runs = (part: string): boolean => only.size === 0 || only.has(part);

const root = await mkdtemp(join(tmpdir(), 'workers-bench-'));
let scratch = 0;
const freshDir = async (): Promise<string> => {
  const dir = join(root, String(scratch++));
  await mkdir(dir);
  return dir;
};
const readStoreIn = (dir: string): EmbeddedReadStore =>
  openEmbeddedReadStore({ file: join(dir, 'read-models.sqlite3') });
const log = (line: string): void => console.info(line);
const onError = (error: Error): void => console.error(`pipeline: ${error.message}`);

/** Appends each stream's events in order and all streams at once (the store commits them in groups). */
async function seed(store: EventStore, workload: readonly WorkloadAppend[]): Promise<number> {
  const byStream = new Map<string, WorkloadAppend[]>();
  for (const step of workload)
    byStream.set(step.streamId, [...(byStream.get(step.streamId) ?? []), step]);
  await Promise.all(
    [...byStream.values()].map(async (steps) => {
      for (const { streamId, events, expectedRevision } of steps)
        await store.append(streamId, events as NewEvent<AnyEvent>[], { expectedRevision });
    }),
  );
  return store.headPosition();
}

/** Appends one event at a time at `rate` per second; returns when each was acknowledged. */
async function appendAtRate(store: EventStore, workload: readonly WorkloadAppend[], rate: number) {
  const acknowledged = new Map<number, number>();
  const started = performance.now();
  for (const [index, { streamId, events, expectedRevision }] of workload.entries()) {
    const due = started + (index * 1_000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    try {
      const { position } = await store.append(streamId, events as NewEvent<AnyEvent>[], {
        expectedRevision,
      });
      acknowledged.set(position, performance.now());
    } catch (error) {
      // The booking reactor placed this booking first, as it may.
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  return acknowledged;
}

/** When each position was committed, as the change notifications (sent after commit) report it. */
async function commitTimes(pubsub: ChangePubSub) {
  const committed = new Map<number, number>();
  const stop = await pubsub.subscribe(appliedTopic, (payload) => {
    const { position } = payload as { position: number };
    if (!committed.has(position)) committed.set(position, performance.now());
  });
  return { committed, stop };
}

function percentiles(acknowledged: Map<number, number>, committed: Map<number, number>) {
  const lags = [...acknowledged]
    .map(([position, at]) => Math.max(0, (committed.get(position) ?? Number.NaN) - at))
    .filter((lag) => Number.isFinite(lag))
    .sort((a, b) => a - b);
  const at = (q: number): number =>
    lags[Math.min(lags.length - 1, Math.floor(q * lags.length))] ?? Number.NaN;
  const round = (ms: number): number => Math.round(ms * 100) / 100;
  return {
    samples: lags.length,
    p50Ms: round(at(0.5)),
    p99Ms: round(at(0.99)),
    maxMs: round(lags.at(-1) ?? Number.NaN),
  };
}

async function untilApplied(readStore: EmbeddedReadStore, pubsub: ChangePubSub, position: number) {
  if (!(await waitForPosition(readStore, pubsub, position, 600_000)))
    throw new Error(`The read models did not reach position ${position}`);
}

/**
 * Two BullMQ consumers on 4 partitions, one of them relaying, as two worker processes would run
 * (in one process here: one core each is not ours), with Redis pub/sub under a fresh prefix.
 */
async function startBullmqWorkers(eventStore: EventStore, readStore: EmbeddedReadStore) {
  const prefix = uniquePrefix('bench');
  const pubsub = createRedisPubSub({ redisUrl, channelPrefix: `${prefix}:`, onError: () => {} });
  const common = { eventStore, readStore, pubsub, redisUrl, prefix, partitions: 4 };
  const workers: Pipeline[] = [
    await startBullmqPipeline({ ...common, onError: () => {} }),
    await startBullmqPipeline({ ...common, relay: false, onError: () => {} }),
  ];
  return {
    pubsub,
    async stop() {
      for (const worker of workers) await worker.stop();
      await pubsub.close();
      await deleteKeys(prefix, redisUrl);
    },
  };
}

const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  // The load average says how much of the machine other processes had: tails grow with it.
  machine: {
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    node: process.version,
    loadAverageAtStart: loadavg(),
  },
  sizes,
};

try {
  // The log every throughput figure reads.
  const logDir = await freshDir();
  const eventStore = openEmbeddedEventStore({ file: embeddedEventStoreFile(logDir) });
  const needsLog = runs('replay') || runs('inProcess') || runs('bullmq');
  const head = needsLog
    ? await seed(eventStore, randomWorkload(seededRandom(7), sizes.replayEvents))
    : 0;
  log(`Seeded a log of ${head} events.`);

  if (runs('replay')) {
    const readStore = readStoreIn(await freshDir());
    const loadAverage = loadavg();
    const cpuBefore = process.cpuUsage();
    const report = await replayReadModels({ eventStore, readStore, pageSize: 2_000 });
    const cpu = process.cpuUsage(cpuBefore);
    await readStore.close();
    // CPU time says what the replay costs whatever else the machine runs; wall time does not.
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    results['replay'] = {
      events: report.events,
      seconds: report.seconds,
      eventsPerSecond: Math.round(report.eventsPerSecond),
      cpuSeconds,
      eventsPerCpuSecond: Math.round(report.events / cpuSeconds),
      loadAverage,
    };
    log(
      `Replay into all read models: ${Math.round(report.eventsPerSecond)} events/s (${report.events} events in ${report.seconds.toFixed(2)} s; target >= 30,000), ` +
        `${Math.round(report.events / cpuSeconds)} events per CPU second, load average ${loadAverage.map((l) => l.toFixed(2)).join(' ')}`,
    );
  }

  if (runs('inProcess')) {
    const readStore = readStoreIn(await freshDir());
    const pubsub = createInProcessPubSub();
    const started = performance.now();
    const pipeline = await startEmbeddedPipeline({ eventStore, readStore, pubsub, onError });
    await untilApplied(readStore, pubsub, head);
    const seconds = (performance.now() - started) / 1_000;
    await pipeline.stop();
    await pubsub.close();
    await readStore.close();
    results['inProcessThroughput'] = {
      events: head,
      seconds,
      eventsPerSecond: Math.round(head / seconds),
    };
    log(
      `Live projection, in-process queue: ${Math.round(head / seconds)} events/s (${head} events)`,
    );
  }

  const redisUp = await redisAnswers(redisUrl);
  if (!redisUp) log(`BullMQ figures skipped: no Redis at ${redisUrl}`);
  if (redisUp && runs('bullmq')) {
    const readStore = readStoreIn(await freshDir());
    const target = Math.min(sizes.bullmqEvents, head);
    const started = performance.now();
    const workers = await startBullmqWorkers(eventStore, readStore);
    await untilApplied(readStore, workers.pubsub, target);
    const seconds = (performance.now() - started) / 1_000;
    await workers.stop();
    await readStore.close();
    results['bullmqThroughput'] = {
      events: target,
      seconds,
      eventsPerSecond: Math.round(target / seconds),
      partitions: 4,
      consumers: 2,
    };
    log(
      `Live projection, BullMQ (4 partitions, 2 consumers): ${Math.round(target / seconds)} events/s (${target} events)`,
    );
  }
  await eventStore.close();

  if (runs('embeddedLag')) {
    const dir = await freshDir();
    const store = openEmbeddedEventStore({ file: embeddedEventStoreFile(dir) });
    const readStore = readStoreIn(dir);
    const pubsub = createInProcessPubSub();
    const pipeline = await startEmbeddedPipeline({
      eventStore: store,
      readStore,
      pubsub,
      onError,
    });
    const { committed, stop } = await commitTimes(pubsub);
    const acknowledged = await appendAtRate(
      store,
      randomWorkload(seededRandom(8), sizes.embeddedLagEvents),
      sizes.embeddedLagRate,
    );
    await untilApplied(readStore, pubsub, await store.headPosition());
    await stop();
    await pipeline.stop();
    await pubsub.close();
    await readStore.close();
    await store.close();
    const lag = { rate: sizes.embeddedLagRate, ...percentiles(acknowledged, committed) };
    results['embeddedLag'] = lag;
    log(
      `Lag append -> commit, embedded at ${lag.rate} events/s: p50 ${lag.p50Ms} ms, p99 ${lag.p99Ms} ms (target p99 <= 50 ms)`,
    );
  }

  if (redisUp && runs('bullmqLag')) {
    const dir = await freshDir();
    const store = openEmbeddedEventStore({ file: embeddedEventStoreFile(dir) });
    const readStore = readStoreIn(dir);
    const workers = await startBullmqWorkers(store, readStore);
    const { committed, stop } = await commitTimes(workers.pubsub);
    const acknowledged = await appendAtRate(
      store,
      randomWorkload(seededRandom(9), sizes.bullmqLagEvents),
      sizes.bullmqLagRate,
    );
    await untilApplied(readStore, workers.pubsub, await store.headPosition());
    await stop();
    await workers.stop();
    await readStore.close();
    await store.close();
    const lag = { rate: sizes.bullmqLagRate, ...percentiles(acknowledged, committed) };
    results['bullmqLag'] = lag;
    log(
      `Lag append -> commit, BullMQ at ${lag.rate} events/s: p50 ${lag.p50Ms} ms, p99 ${lag.p99Ms} ms (target p99 <= 100 ms)`,
    );
  }

  results['loadAverageAtEnd'] = loadavg();
  const out = new URL(
    only.size === 0 ? './results/latest.json' : './results/partial.json',
    import.meta.url,
  );
  // Formatted as the repository's formatter checks it.
  await writeFile(out, await format(JSON.stringify(results), { parser: 'json' }));
  log(`Saved ${out.pathname}`);
} finally {
  await rm(root, { recursive: true, force: true });
}
