import { EmbeddedEventStore, type EventStore, type RecordedEvent } from '@resale/events';
import type { ChangePubSub } from '../pubsub/port.ts';
import { noticeSwaps } from '../pubsub/swap-notices.ts';
import type { EventHandler } from '../queue/port.ts';
import type { BullmqQueueOptions } from '../queue/bullmq-queue.ts';
import { createInProcessQueue } from '../queue/in-process-queue.ts';
import {
  createTimerExpiryScheduler,
  schedulePendingExpiries,
  type ExpiryScheduler,
} from '../reactors/booking-expiry.ts';
import { startLeasedRelay } from '../relay/redis-relay.ts';
import { readStoreCheckpoint, startRelay, type Relay } from '../relay/relay.ts';
import { createEventProcessor } from './processor.ts';
import type { ReadStore } from '../read-models.ts';

export interface Pipeline {
  /** Stops relaying, lets the event being applied finish, and releases the queue. */
  stop(): Promise<void>;
}

export interface PipelineParts {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  /** Where change notices go once the read models committed them. */
  readonly pubsub: Pick<ChangePubSub, 'publishApplied'>;
  /**
   * Where failures go (they are retried): the caller's log. Required: a default would load a
   * logger into the projection thread, or print past the caller's log level.
   */
  readonly onError: (error: Error, event?: RecordedEvent) => void;
  /** Wraps the event handler, for tests and benchmarks (fault injection, timing). */
  readonly instrument?: (handler: EventHandler) => EventHandler;
  /**
   * How long the booking reactor leaves a booked product's booking to the gateway before it
   * places it itself (default `defaultBookingGraceMs`).
   */
  readonly bookingGraceMs?: number;
  /** Told each booking whose expiry this process recorded (tests await it). */
  readonly onBookingExpired?: (bookingId: string) => void;
  /**
   * Whether the reactors that end bookings run (default true): expiries, and cancellations for
   * deleted accounts. Off only where a test compares the read models with a log it wrote alone.
   */
  readonly endBookings?: boolean;
}

export interface EmbeddedPipeline extends Pipeline {
  readonly relay: Relay;
}

export interface EmbeddedPipelineParts extends PipelineParts {
  /** How often to look for read models swapped in by an operator's replay (default 1 s). */
  readonly swapCheckIntervalMs?: number;
}

/**
 * The embedded profile: relay -> in-process queue -> processor, in this process. The queue is not
 * durable, so the relay starts from the read store's checkpoint (committed with the documents) and
 * keeps no checkpoint of its own. Read models an operator's replay swaps in are announced to this
 * process's subscribers (`noticeSwaps`).
 */
export async function startEmbeddedPipeline(
  parts: EmbeddedPipelineParts,
): Promise<EmbeddedPipeline> {
  const { onError } = parts;
  const expiry = createTimerExpiryScheduler({
    eventStore: parts.eventStore,
    onError,
    ...(parts.onBookingExpired ? { onExpired: parts.onBookingExpired } : {}),
  });
  // Before relaying: the bookings left pending by the last run (its timers died with it).
  if (parts.endBookings !== false) await schedulePendingExpiries(parts.readStore, expiry);
  const queue = createInProcessQueue();
  const consumer = queue.consume(handlerOf(parts, expiry), { onError });
  const relay = await startRelay({
    eventStore: parts.eventStore,
    queue,
    checkpoint: readStoreCheckpoint(parts.readStore),
    onError,
  });
  const swaps = await noticeSwaps({
    readStore: parts.readStore,
    pubsub: parts.pubsub,
    ...(parts.swapCheckIntervalMs ? { intervalMs: parts.swapCheckIntervalMs } : {}),
    onError,
  });
  return {
    relay,
    async stop() {
      await swaps.stop();
      await relay.stop();
      await consumer.close();
      await queue.close();
      await expiry.close();
    },
  };
}

export interface BullmqPipelineOptions
  extends PipelineParts, Omit<BullmqQueueOptions, 'onError' | 'redisUrl'> {
  readonly redisUrl: string;
  /** Compete for the relay lease and relay while holding it (default true). */
  readonly relay?: boolean;
  /** Consume the partition queues and project (default true). */
  readonly work?: boolean;
  /** How long a relay lease lasts unless renewed: how soon another process takes over relaying. */
  readonly relayLeaseMs?: number;
}

/**
 * The distributed profile, one worker process's share: the relay (only while this process holds
 * the relay lease) and a worker on every partition queue. Run as many such processes as wanted.
 */
export interface BullmqPipeline extends Pipeline {
  /** Whether every partition queue is being consumed now (never, with `work: false`). */
  consuming(): boolean;
}

export async function startBullmqPipeline(options: BullmqPipelineOptions): Promise<BullmqPipeline> {
  // Loaded here, not with the module: the embedded profile never loads BullMQ or ioredis (~13 MiB).
  const [{ Redis }, { createBullmqQueue }] = await Promise.all([
    import('ioredis'),
    import('../queue/bullmq-queue.ts'),
  ]);
  const { onError } = options;
  const queue = createBullmqQueue(options);
  const { createBullmqExpiryScheduler } = await import('../reactors/bullmq-expiry-scheduler.ts');
  const expiry = createBullmqExpiryScheduler({
    redisUrl: options.redisUrl,
    prefix: queue.prefix,
    eventStore: options.eventStore,
    work: options.work !== false,
    onError,
  });
  // Delayed jobs live in Redis; a start adds those a lost Redis would have lost (once each).
  if (options.work !== false && options.endBookings !== false)
    await schedulePendingExpiries(options.readStore, expiry);
  const consumer =
    options.work === false ? undefined : queue.consume(handlerOf(options, expiry), { onError });
  let stopRelay = async (): Promise<void> => {};
  if (options.relay !== false) {
    const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    redis.on('error', onError);
    const relay = startLeasedRelay({
      eventStore: options.eventStore,
      queue,
      redis,
      keyPrefix: queue.prefix,
      ...(options.relayLeaseMs ? { leaseMs: options.relayLeaseMs } : {}),
      onError,
    });
    stopRelay = async () => {
      await relay.stop();
      await redis.quit().catch(() => redis.disconnect());
    };
  }
  return {
    consuming: () => consumer?.consuming() ?? false,
    async stop() {
      await stopRelay();
      await consumer?.close();
      await queue.close();
      await expiry.close();
    },
  };
}

function handlerOf(parts: PipelineParts, expiry: ExpiryScheduler): EventHandler {
  const { eventStore } = parts;
  const handler = createEventProcessor({
    ...parts,
    ...(parts.endBookings === false ? {} : { bookingEnds: { readStore: parts.readStore, expiry } }),
    bookingGrace: {
      ...(parts.bookingGraceMs === undefined ? {} : { graceMs: parts.bookingGraceMs }),
      // An embedded store hears at once of the commits to its file by its own process (the
      // projection thread's, of the gateway's): the reactor then looks for a booking again as
      // soon as the log grew. (Its own bookings commit whole now; a log written before
      // sequences, or by another process appending apart, still meets the grace.)
      ...(eventStore instanceof EmbeddedEventStore
        ? { laterAppends: () => eventStore.waitForCommit() }
        : {}),
    },
  });
  return parts.instrument ? parts.instrument(handler) : handler;
}
