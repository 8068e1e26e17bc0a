import type { EventStore, RecordedEvent } from '@resale/events';
import type { Logger } from '../logger.ts';
import type { WorkerEnvironment } from '../operators/environment.ts';
import { followAppendNotices } from '../pubsub/log-appends.ts';
import { createRedisPubSub } from '../pubsub/mqemitter-pubsub.ts';
import type { EventHandler } from '../queue/port.ts';
import type { ReadStore } from '../read-models.ts';
import { startHealthServer, type HealthServer } from './health-server.ts';
import { startBullmqPipeline, type BullmqPipeline, type Pipeline } from './pipelines.ts';
import { exitGracefullyOnSignal } from './shutdown.ts';

export interface WorkerProcessOptions {
  readonly env: WorkerEnvironment;
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly logger: Logger;
  /** Compete for the relay lease (default true; RELAY=off in the environment turns it off). */
  readonly relay?: boolean;
  /** Crash-recovery timing: how long a dead worker's job stays locked (default 10 s). */
  readonly lockDurationMs?: number;
  readonly stalledIntervalMs?: number;
  readonly relayLeaseMs?: number;
  readonly instrument?: (handler: EventHandler) => EventHandler;
}

export interface WorkerProcess extends Pipeline {
  /** The health server's (HEALTH_PORT), when there is one. */
  readonly health: HealthServer | undefined;
}

/**
 * One worker process of the distributed profile: relays (while it holds the lease) and projects
 * from the BullMQ partition queues, publishes changes on Redis, and on SIGTERM finishes the job in
 * progress, closes everything and exits 0. With HEALTH_PORT it answers /healthz and /readyz (ready
 * once every partition queue is consumed and both stores answer), whatever LOG_LEVEL says.
 */
export async function runWorkerProcess(options: WorkerProcessOptions): Promise<WorkerProcess> {
  const { env, eventStore, readStore, logger } = options;
  if (!env.REDIS_URL) throw new Error('A worker process needs REDIS_URL (the BullMQ queues)');
  // What /readyz looks at: set as the process starts and stops.
  const state: { pipeline?: BullmqPipeline; stopping: boolean } = { stopping: false };
  // Listening first: a port taken by another program stops the process before it takes jobs.
  const health =
    env.HEALTH_PORT === undefined
      ? undefined
      : await startHealthServer({
          port: env.HEALTH_PORT,
          host: env.HEALTH_HOST,
          checks: {
            queues: () => ({
              ok: !state.stopping && (state.pipeline?.consuming() ?? false),
              state: state.stopping ? 'stopping' : state.pipeline ? 'started' : 'starting',
              partitions: env.QUEUE_PARTITIONS,
            }),
            eventStore: async () => ({ ok: true, headPosition: await eventStore.headPosition() }),
            readStore: async () => ({ ok: true, checkpoint: await readStore.checkpoint() }),
          },
          onCheckError: (error, check) =>
            logger.warn({ err: error, check }, 'readiness check failed'),
        });
  const onError = throttled((error: Error, event?: RecordedEvent, held = 0) =>
    logger.error(
      {
        err: error,
        ...(event ? { event: { type: event.type, position: event.position } } : {}),
        ...(held > 0 ? { held } : {}),
      },
      held > 0 ? `${error.message} (and ${held} more like it)` : error.message,
    ),
  );
  const pubsub = createRedisPubSub({
    redisUrl: env.REDIS_URL,
    ...(env.REDIS_CHANNEL_PREFIX ? { channelPrefix: env.REDIS_CHANNEL_PREFIX } : {}),
    onError,
  });
  // Before the relay starts: it follows the gateways' appends from its first read.
  const stopFollowingAppends = await followAppendNotices(eventStore, pubsub);
  const pipeline = await startBullmqPipeline({
    eventStore,
    readStore,
    pubsub,
    redisUrl: env.REDIS_URL,
    prefix: env.REDIS_PREFIX,
    partitions: env.QUEUE_PARTITIONS,
    relay: options.relay ?? true,
    ...(options.lockDurationMs ? { lockDurationMs: options.lockDurationMs } : {}),
    ...(options.stalledIntervalMs ? { stalledIntervalMs: options.stalledIntervalMs } : {}),
    ...(options.relayLeaseMs ? { relayLeaseMs: options.relayLeaseMs } : {}),
    ...(options.instrument ? { instrument: options.instrument } : {}),
    onError,
  });
  state.pipeline = pipeline;
  const stop = async (): Promise<void> => {
    state.stopping = true;
    await pipeline.stop();
    await stopFollowingAppends?.();
    await pubsub.close();
    await readStore.close();
    await eventStore.close();
    await health?.close();
  };
  exitGracefullyOnSignal(stop, { logger });
  logger.info(
    {
      partitions: env.QUEUE_PARTITIONS,
      prefix: env.REDIS_PREFIX,
      ...(health ? { healthPort: health.port } : {}),
    },
    `consuming ${env.QUEUE_PARTITIONS} partition queues`,
  );
  return { health, stop };
}

/**
 * While Redis or a store is away every connection reports every reconnection attempt; one line
 * per distinct message every few seconds (with the number held back) keeps the log readable.
 */
function throttled(
  report: (error: Error, event: RecordedEvent | undefined, held: number) => void,
  windowMs = 5_000,
): (error: Error, event?: RecordedEvent) => void {
  const last = new Map<string, { at: number; held: number }>();
  return (error, event) => {
    const key = error.message;
    const now = Date.now();
    const seen = last.get(key);
    if (seen && now - seen.at < windowMs) {
      seen.held += 1;
      return;
    }
    if (last.size > 100) last.clear();
    last.set(key, { at: now, held: 0 });
    report(error, event, seen?.held ?? 0);
  };
}
