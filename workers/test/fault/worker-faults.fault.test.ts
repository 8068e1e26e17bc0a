import type { EventStore } from '@resale/events';
import { Queue } from 'bullmq';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { freePortRun } from '../../../infra/src/ports.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { startBullmqPipeline, type Pipeline } from '../../src/pipeline/pipelines.ts';
import { createRedisPubSub } from '../../src/pubsub/mqemitter-pubsub.ts';
import { jobIdOf, partitionOf } from '../../src/queue/bullmq-queue.ts';
import type { EmbeddedReadStore } from '../../src/read-models.ts';
import { runSeed, seededRandom } from '../support/random.ts';
import { deleteKeys, redisAnswers, redisUrl, uniquePrefix } from '../support/redis.ts';
import {
  appendAll,
  freshReplayHashes,
  givenEmbeddedStores,
  scratchDir,
  teardownAfterEach,
} from '../support/stores.ts';
import { allFinished, startWorkerChild, type WorkerChild } from '../support/worker-processes.ts';
import { randomWorkload, type WorkloadAppend } from '../support/workload.ts';

const redisUp = await redisAnswers();
const partitions = 2;
// Recovery waits are bounded inside each test (60 s for the Redis restart); this is the outer bound.
const faultTestTimeoutMs = 90_000;

// Children may be gone already when their cleanup runs.
const teardown = teardownAfterEach({ lenient: true });
const prefixes: { prefix: string; url: string }[] = [];
afterAll(async () => {
  for (const { prefix, url } of prefixes) await deleteKeys(prefix, url).catch(() => undefined);
});

interface Deployment {
  eventStore: EventStore;
  readStore: EmbeddedReadStore;
  dir: string;
  prefix: string;
  childEnv: Record<string, string>;
  child(env?: Record<string, string>): WorkerChild;
  /** A relay in this process (the children then only work). */
  relay(): Promise<Pipeline>;
  /**
   * A worker child that pauses `ms` at the job of `position` (before or after its projection
   * commits), a relay, and `workload` appended: resolves once the worker paused there.
   */
  workerPausedAt(
    position: number,
    pause: { ms: number; when: 'before' | 'after' },
    workload: readonly WorkloadAppend[],
  ): Promise<{ worker: WorkerChild; head: number }>;
}

/** `url`: a Redis of the test's own is removed with its data afterwards, keys and all. */
async function givenADeployment(url = redisUrl): Promise<Deployment> {
  const { eventStore, readStore, dir } = await givenEmbeddedStores('fault', teardown);
  const prefix = uniquePrefix('fault');
  if (url === redisUrl) prefixes.push({ prefix, url });
  const childEnv = {
    REDIS_URL: url,
    REDIS_PREFIX: prefix,
    REDIS_CHANNEL_PREFIX: `${prefix}:`,
    QUEUE_PARTITIONS: String(partitions),
    DATA_DIR: dir,
  };
  const deployment: Deployment = {
    eventStore,
    readStore,
    dir,
    prefix,
    childEnv,
    child(env = {}) {
      const child = startWorkerChild({ ...childEnv, ...env });
      teardown(async () => {
        if (child.process.exitCode === null && child.process.signalCode === null) {
          child.process.kill('SIGKILL');
          await child.exited;
        }
      });
      return child;
    },
    async relay() {
      const pubsub = createRedisPubSub({
        redisUrl: url,
        channelPrefix: `${prefix}:`,
        onError: () => undefined,
      });
      const pipeline = await startBullmqPipeline({
        eventStore,
        readStore,
        pubsub,
        redisUrl: url,
        prefix,
        partitions,
        work: false,
        onError: () => undefined,
      });
      teardown(
        () => pubsub.close(),
        () => pipeline.stop(),
      );
      return pipeline;
    },
    async workerPausedAt(position, { ms, when }, workload) {
      const worker = deployment.child({
        RELAY: 'off',
        FAULT_PAUSE_AT: String(position),
        FAULT_PAUSE_MS: String(ms),
        FAULT_PAUSE_WHEN: when,
      });
      await deployment.relay();
      const head = await appendAll(eventStore, workload);
      await worker.until(
        () => worker.pausedAt === position,
        `the job of position ${position} to ${when === 'after' ? 'commit' : 'start'}`,
      );
      return { worker, head };
    },
  };
  return deployment;
}

async function failedJobs(url: string, prefix: string): Promise<number> {
  let failed = 0;
  for (let i = 0; i < partitions; i++) {
    const queue = new Queue(`events-${i}`, { connection: { url }, prefix });
    failed += (await queue.getJobCounts('failed')).failed ?? 0;
    await queue.close();
  }
  return failed;
}

/**
 * Events the workers' reactors answer by appending the next event of another stream (the booking
 * a ProductBooked starts, the release or sale of the product that ends a booking). The workload
 * holds those next events too, so it may not be cut between the two: the reactor would append
 * the second first, and the workload's own append of it would be refused.
 */
const reactedTo = new Set([
  'ProductBooked',
  'BookingAccepted',
  'BookingDeclined',
  'BookingCancelled',
  'BookingExpired',
]);

/** The first index at or after `from` where the workload can be cut in two. */
function splitBetweenReactions(workload: readonly WorkloadAppend[], from: number): number {
  let split = from;
  while (
    split < workload.length &&
    (workload[split - 1]?.events ?? []).some((event) => reactedTo.has(event.event.type))
  )
    split += 1;
  return split;
}

describe.skipIf(!redisUp)(
  redisUp ? 'BullMQ worker faults' : `BullMQ worker faults (skipped: no Redis at ${redisUrl})`,
  () => {
    it(
      'a worker killed with SIGKILL mid-job: after a restart nothing is missing or applied twice',
      async () => {
        const deployment = await givenADeployment();
        const random = seededRandom(runSeed('SIGKILL mid-job'));
        const workload = randomWorkload(random, 60);
        const victim = 25;
        // The job of position 25 commits its projection, then hangs before BullMQ hears it is done.
        const { worker: first, head } = await deployment.workerPausedAt(
          victim,
          { ms: 60_000, when: 'after' },
          workload,
        );

        first.process.kill('SIGKILL');
        expect(await first.exited).toBe('SIGKILL');
        expect(first.finished.has(victim)).toBe(false);

        const second = deployment.child({ RELAY: 'off' });
        await second.until(
          () => allFinished([first, second], head),
          `positions 1..${head} applied`,
          60_000,
        );
        await untilSettled(deployment.eventStore, second, [first, second]);

        // The interrupted job ran again (its lock expired), and changed nothing the second time.
        expect(second.finished.has(victim)).toBe(true);
        expect(await deployment.readStore.hashModels()).toEqual(
          await freshReplayHashes(deployment.eventStore, deployment.dir),
        );
        expect(await failedJobs(redisUrl, deployment.prefix)).toBe(0);
      },
      faultTestTimeoutMs,
    );

    it(
      'a worker given SIGTERM finishes the job in progress and exits 0 within 10 s',
      async () => {
        const deployment = await givenADeployment();
        const workload = randomWorkload(seededRandom(runSeed('SIGTERM')), 20);
        const slow = 10;
        const { worker, head } = await deployment.workerPausedAt(
          slow,
          { ms: 1_500, when: 'before' },
          workload,
        );

        const signalled = Date.now();
        worker.process.kill('SIGTERM');
        expect(await worker.exited).toBe(0);
        expect(Date.now() - signalled).toBeLessThan(10_000);
        expect(worker.finished.has(slow)).toBe(true);

        // That job is done for BullMQ too (completed, so removed, and still recognised by its
        // deduplication key): a new worker does not apply it again.
        const [event] = (await deployment.eventStore.readAll({ after: slow - 1, limit: 1 })) ?? [];
        const queue = new Queue(`events-${partitionOfPosition(event?.streamId ?? '')}`, {
          connection: { url: redisUrl },
          prefix: deployment.prefix,
        });
        const jobId = jobIdOf(event?.eventId ?? '');
        expect(await queue.getJobState(jobId)).toBe('unknown');
        expect(await queue.getDeduplicationJobId(jobId)).toBe(jobId);
        await queue.close();
        const next = deployment.child({ RELAY: 'off' });
        await next.until(() => allFinished([worker, next], head), `positions 1..${head} applied`);
        expect(next.started.has(slow)).toBe(false);
      },
      faultTestTimeoutMs,
    );

    it(
      'Redis stopped and restarted: workers resume and the read models converge to the replay within 60 s',
      async () => {
        const redis = await startOwnRedis();
        teardown(() => redis.remove());
        const deployment = await givenADeployment(redis.url);
        const workload = randomWorkload(seededRandom(runSeed('Redis restart')), 80);
        const worker = deployment.child();
        await worker.until(
          () => worker.logs.some((line) => line.includes('consuming')),
          'the worker to start',
        );
        const split = splitBetweenReactions(workload, 40);
        const firstHalf = await appendAll(deployment.eventStore, workload.slice(0, split));
        await worker.until(
          () => allFinished([worker], firstHalf),
          `positions 1..${firstHalf} applied`,
        );

        await redis.stop();
        const head = await appendAll(deployment.eventStore, workload.slice(split));
        const logged = worker.logs.length;
        // The worker has run into the outage (its relay cannot enqueue, its queues cannot fetch).
        await worker.until(
          () =>
            worker.logs
              .slice(logged)
              .filter((line) => /ECONNREFUSED|Connection is closed/.test(line)).length >= 1,
          'the worker to notice the outage',
        );
        await redis.start();
        const restarted = Date.now();

        await worker.until(
          () => allFinished([worker], head),
          `positions 1..${head} applied`,
          60_000,
        );
        expect(Date.now() - restarted).toBeLessThan(60_000);
        await untilSettled(deployment.eventStore, worker, [worker]);
        expect(await deployment.readStore.hashModels()).toEqual(
          await freshReplayHashes(deployment.eventStore, deployment.dir),
        );
      },
      faultTestTimeoutMs,
    );
  },
);

const partitionOfPosition = (streamId: string): number => partitionOf(streamId, partitions);

/**
 * Until the workers applied the whole log, reactions included: an account's deletion has the
 * erasure reactor append its parts (issue 30) after the workload, so the log grows once more.
 */
async function untilSettled(
  eventStore: Pick<EventStore, 'headPosition'>,
  waiter: WorkerChild,
  children: readonly WorkerChild[],
): Promise<void> {
  for (;;) {
    const head = await eventStore.headPosition();
    await waiter.until(() => allFinished(children, head), `positions 1..${head} applied`);
    if ((await eventStore.headPosition()) === head) return;
  }
}

/** A redis-server of our own on a free port (the shared one at 6379 is never restarted). */
async function startOwnRedis() {
  const port = await freePortRun(1);
  const dir = await scratchDir('redis');
  let server: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    server = spawn(
      '/usr/bin/redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir.path,
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
      ],
      { stdio: 'ignore' },
    );
    for (
      let attempt = 0;
      attempt < 100 && !(await redisAnswers(`redis://127.0.0.1:${port}`));
      attempt++
    )
      await new Promise((resolve) => setTimeout(resolve, 50));
  };
  const stop = async (): Promise<void> => {
    if (!server || server.exitCode !== null) return;
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    async stop() {
      await stop();
    },
    async remove() {
      await stop();
      await dir.remove();
    },
  };
}
