import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  openQueueDepthReader,
  readReplayProgressFile,
  replayProgressReporter,
  replayProgressTopic,
  replayRunOf,
  replayReadModels,
  type QueueDepth,
  type QueueDepthReader,
  type ReplayRun,
} from '@resale/workers';
import { createReadStore, readModelNames, type ReadModelName } from '@resale/workers/read-models';
import { HttpProblem } from '../../errors.ts';

export interface ReadModelStatus {
  readonly name: ReadModelName;
  /** The last event of the log applied to it. */
  readonly position: number;
  /** Positions of the log not applied yet (events, in the embedded log). */
  readonly lagEvents: number;
  /** How many replays swapped it in, and at which position the last did. */
  readonly rebuilds: number;
  readonly rebuiltAt: number | null;
}

export interface OperationsStatus {
  readonly checkedAt: string;
  /** The log's head: the position of its last event. */
  readonly head: number;
  readonly readModels: ReadModelStatus[];
  readonly lagEvents: number;
  /** How long the oldest event not applied yet has waited; 0 when none waits. */
  readonly lagMs: number;
  /** The last replay, running or over; null when none ran since the data folder was made. */
  readonly replay: ReplayRun | null;
  /** The workers' queues; null in the embedded profile, which has none (not applicable). */
  readonly queue: QueueDepth | null;
}

export interface Operations {
  status(): Promise<OperationsStatus>;
  /** Starts rebuilding one read model; refused while a replay runs. */
  startReplay(name: ReadModelName, adminUid: string): ReplayRun;
}

/** A replay that reported nothing for this long is taken as dead (its process was stopped). */
const STALE_REPLAY_MS = 60_000;

/**
 * What the admins' operations page shows (REST and GraphQL answer from here): the read models
 * against the log, the last replay's progress (a replay reports it to the read store's folder and
 * to the pub/sub, see replay-progress.ts: the command line's runs in another process) and the
 * workers' queues.
 */
async function operations(app: FastifyInstance): Promise<void> {
  const { config } = app;
  let heard: ReplayRun | null = null;
  const stopHearing = await app.readModels.pubsub.subscribe(replayProgressTopic, (payload) => {
    heard = replayRunOf(payload) ?? heard;
  });
  let local: { run: () => ReplayRun; done: Promise<void> } | null = null;
  const queue: QueueDepthReader | null =
    config.distributed && config.REDIS_URL
      ? await openQueueDepthReader({
          redisUrl: config.REDIS_URL,
          prefix: config.REDIS_PREFIX,
          partitions: config.QUEUE_PARTITIONS,
          onError: (error) => app.log.warn({ err: error }, 'queue depth: redis error'),
        })
      : null;

  const lastReplay = (): ReplayRun | null => {
    const runs = [
      heard,
      local?.run() ?? null,
      config.distributed ? null : readReplayProgressFile(config.DATA_DIR),
    ].filter((run): run is ReplayRun => run !== null);
    return runs.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0] ?? null;
  };

  const service: Operations = {
    async status() {
      const [checkpoint, head, swaps, depth] = await Promise.all([
        app.readModels.store.checkpoint(),
        app.eventStore.headPosition(),
        app.readModels.store.swaps(),
        queue?.read() ?? null,
      ]);
      const now = Date.now();
      const [oldestWaiting] =
        head > checkpoint ? await app.eventStore.readAll({ after: checkpoint, limit: 1 }) : [];
      const lagEvents = Math.max(0, head - checkpoint);
      return {
        checkedAt: new Date(now).toISOString(),
        head,
        // The projector applies each event to every read model in one transaction: they share
        // the store's checkpoint; a replay swaps one in at the position it reached.
        readModels: readModelNames.map((name) => ({
          name,
          position: checkpoint,
          lagEvents,
          rebuilds: swaps[name]?.count ?? 0,
          rebuiltAt: swaps[name]?.position ?? null,
        })),
        lagEvents,
        lagMs: oldestWaiting ? Math.max(0, now - Date.parse(oldestWaiting.recordedAt)) : 0,
        replay: lastReplay(),
        queue: depth,
      };
    },
    startReplay(name, adminUid) {
      const last = lastReplay();
      if (last?.state === 'running' && Date.now() - Date.parse(last.updatedAt) < STALE_REPLAY_MS)
        throw new HttpProblem(
          409,
          `A replay of ${last.names.join(', ')} is running: wait until it is over`,
        );
      const reporter = replayProgressReporter({
        names: [name],
        startedBy: adminUid,
        ...(config.distributed ? {} : { dataDir: config.DATA_DIR }),
        pubsub: app.readModels.pubsub,
        onError: (error) => app.log.warn({ err: error }, 'replay progress not reported'),
      });
      // Audited as a log line: the event log holds the marketplace's facts, and no aggregate of
      // the catalog is about its own read models.
      app.log.info(
        { audit: 'replay-started', adminUid, readModel: name, replayId: reporter.current().id },
        `admin ${adminUid} started a replay of the ${name} read model`,
      );
      const done = (async () => {
        let readStore: Awaited<ReturnType<typeof createReadStore>> | undefined;
        try {
          readStore = await createReadStore(config);
          const report = await replayReadModels({
            eventStore: app.eventStore,
            readStore,
            names: [name],
            onProgress: (progress) => reporter.progress(progress),
            // The embedded pipeline notices the swap in the read store and announces it itself.
            ...(config.distributed ? { pubsub: app.readModels.pubsub } : {}),
          });
          await reporter.swapped(report);
          app.log.info(
            { audit: 'replay-swapped', adminUid, readModel: name, position: report.position },
            `the ${name} read model was rebuilt and swapped in`,
          );
        } catch (error) {
          await reporter.failed(error);
          app.log.error({ err: error, adminUid, readModel: name }, 'a replay failed');
        } finally {
          await readStore?.close();
        }
      })();
      local = { run: reporter.current, done };
      return reporter.current();
    },
  };
  app.decorate('operations', service);
  app.addHook('onClose', async () => {
    await local?.done;
    await stopHearing();
    await queue?.close();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    operations: Operations;
  }
}

export default fp(operations, {
  name: 'operations',
  dependencies: ['config', 'event-store', 'read-models'],
});
