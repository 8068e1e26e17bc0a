import type { RecordedEvent } from '@resale/events';
import { Queue, WaitingError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { ConsumeOptions, EventHandler, EventQueue, QueueConsumer } from './port.ts';
import { asError, retryInPlace } from './retry.ts';

export interface BullmqQueueOptions {
  readonly redisUrl: string;
  /** Prefix of every Redis key of these queues (BullMQ's `prefix`). */
  readonly prefix?: string;
  /** Base name of the partition queues: `<name>-0` ... `<name>-<n-1>`. */
  readonly queueName?: string;
  /**
   * Number of partition queues. Producers and consumers must agree on it; change it only with the
   * queues drained, or a stream's pending events could sit in two partitions.
   */
  readonly partitions?: number;
  /** How long a crashed worker's job stays locked before another worker takes it over. */
  readonly lockDurationMs?: number;
  readonly stalledIntervalMs?: number;
  /**
   * How long an event already applied is still recognised when it is enqueued again: the relay
   * resends what followed its last checkpoint after a restart, and an enqueue held while Redis
   * was away may land late. (Past it, the read models' idempotency by position still holds.)
   */
  readonly resendWindowMs?: number;
  readonly onError?: (error: Error) => void;
}

export interface BullmqEventQueue extends EventQueue {
  readonly prefix: string;
  readonly queueNames: readonly string[];
  partitionOf(streamId: string): number;
}

export const defaultPartitions = 4;

const defaultResendWindowMs = 60_000;

/**
 * BullMQ job ids may not contain ':' (it separates Redis key parts) nor look like integers; the
 * event id is escaped and prefixed so a re-enqueued event maps to the same job, or to the same
 * deduplication key once applied, and is ignored.
 */
export const jobIdOf = (eventId: string): string =>
  `ev-${eventId.replaceAll('%', '%25').replaceAll(':', '%3A')}`;

/** FNV-1a: cheap, stable across processes and versions (unlike a language runtime's hash). */
export function partitionOf(streamId: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < streamId.length; i++) {
    hash ^= streamId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % partitions;
}

/**
 * The distributed profile's queue.
 *
 * Ordering: BullMQ's open-source edition has no group ordering, so events are partitioned by a
 * hash of their stream id into `partitions` queues, and each partition queue has a *global*
 * concurrency of 1 (`Queue.setGlobalConcurrency`), enforced by Redis across every worker process.
 * A partition is therefore applied strictly in the order the relay added its jobs (global-log
 * order), while different partitions proceed in parallel. We chose this over a revision guard with
 * retries because a guard re-queues out-of-order jobs at the back, which costs round trips and
 * needs per-stream revision bookkeeping in the read store; partitions need neither.
 * The order also survives failures: a failing job is retried in place (`retryInPlace`), a job
 * interrupted by shutdown goes back to the head of its partition (`moveToWait`), and a crashed
 * worker's job is moved back to the head by BullMQ's stalled-job check. BullMQ's own retries are
 * not used because they requeue at the back.
 */
export function createBullmqQueue(options: BullmqQueueOptions): BullmqEventQueue {
  const prefix = options.prefix ?? 'resale';
  const baseName = options.queueName ?? 'events';
  const partitions = options.partitions ?? defaultPartitions;
  const reportError = (error: Error): void => options.onError?.(error);
  const newConnection = (): Redis => {
    // null: commands wait for a reconnect instead of failing, as BullMQ requires for workers.
    const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    redis.on('error', reportError);
    return redis;
  };
  const queueNames = Array.from({ length: partitions }, (_, i) => `${baseName}-${i}`);
  const producerConnection = newConnection();
  const queues = queueNames.map((name) => {
    const queue = new Queue<RecordedEvent>(name, {
      connection: producerConnection,
      prefix,
      defaultJobOptions: {
        // An applied event leaves Redis at once, personal data and all: a deduplication key
        // (`resendWindowMs`), which holds the job id only, recognises it if it is sent again.
        removeOnComplete: { count: 0 },
        removeOnFail: { count: 1_000 },
      },
    });
    queue.on('error', reportError);
    return queue;
  });
  let serialised: Promise<void> | undefined;
  const ensureSerialised = (): Promise<void> =>
    (serialised ??= Promise.all(queues.map((queue) => queue.setGlobalConcurrency(1))).then(
      () => undefined,
    ));
  const consumers = new Set<QueueConsumer>();

  async function enqueue(event: RecordedEvent): Promise<void> {
    await ensureSerialised();
    const queue = queues[partitionOf(event.streamId, partitions)];
    if (!queue) throw new Error(`No partition queue for ${event.streamId}`);
    const jobId = jobIdOf(event.eventId);
    await queue.add(event.type, event, {
      jobId,
      deduplication: { id: jobId, ttl: options.resendWindowMs ?? defaultResendWindowMs },
    });
  }

  function consume(handler: EventHandler, consumeOptions: ConsumeOptions = {}): QueueConsumer {
    const stop = new AbortController();
    const connection = newConnection();
    const onError = (error: Error, event?: RecordedEvent): void => {
      if (consumeOptions.onError) consumeOptions.onError(error, event);
      else reportError(error);
    };
    const applyJob = async (job: Job<RecordedEvent>, token?: string): Promise<void> => {
      const event = job.data;
      try {
        await retryInPlace(() => handler([event]), {
          signal: stop.signal,
          onError: (error) => onError(error, event),
        });
      } catch (error) {
        if (!stop.signal.aborted) throw error;
        // Shutting down while the handler keeps failing: hand the job back at the head of its
        // partition so that the next worker applies it before anything behind it.
        await job.moveToWait(token);
        throw new WaitingError();
      }
    };
    const ready = ensureSerialised();
    const workers = queueNames.map((name) => {
      const worker = new Worker<RecordedEvent>(name, applyJob, {
        connection,
        prefix,
        concurrency: 1,
        autorun: false,
        lockDuration: options.lockDurationMs ?? 10_000,
        stalledInterval: options.stalledIntervalMs ?? 5_000,
        // A job recovered from a crashed worker must never end up failed (skipped).
        maxStalledCount: Number.MAX_SAFE_INTEGER,
        removeOnComplete: { count: 0 },
        removeOnFail: { count: 1_000 },
      });
      worker.on('error', (error) => onError(asError(error)));
      return worker;
    });
    let started = false;
    const running = ready.then(() => {
      if (stop.signal.aborted) return;
      for (const worker of workers) void worker.run().catch((error) => onError(asError(error)));
      started = true;
    });
    const consumer: QueueConsumer = {
      consuming: () =>
        started &&
        !stop.signal.aborted &&
        connection.status === 'ready' &&
        workers.every((worker) => worker.isRunning()),
      async close() {
        stop.abort();
        consumers.delete(consumer);
        await running.catch(() => undefined);
        // Worker.close() waits for the job in progress to finish.
        await Promise.all(workers.map((worker) => worker.close()));
        await connection.quit().catch(() => connection.disconnect());
      },
    };
    consumers.add(consumer);
    return consumer;
  }

  return {
    durable: true,
    prefix,
    queueNames,
    partitionOf: (streamId) => partitionOf(streamId, partitions),
    enqueue,
    consume,
    async close() {
      await Promise.all([...consumers].map((consumer) => consumer.close()));
      await Promise.all(queues.map((queue) => queue.close()));
      await producerConnection.quit().catch(() => producerConnection.disconnect());
    },
  };
}
