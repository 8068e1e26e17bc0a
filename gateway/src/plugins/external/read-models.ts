import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  announceAppends,
  createInProcessPubSub,
  createRedisPubSub,
  startEmbeddedPipeline,
  startProjectionThread,
  waitForPosition,
  type ChangePubSub,
  type Pipeline,
} from '@resale/workers';
import { createReadStore, type ReadStore } from '@resale/workers/read-models';
import { watchNoticeReception, type NoticeReception } from '../../notice-reception.ts';
import { addRouteHook } from '../app/route-hooks.ts';

/** How long a read waits at most for the read models to reach its `minPosition`. */
export const READ_YOUR_WRITES_TIMEOUT_MS = 2_000;

export interface ReadModels {
  readonly store: ReadStore;
  /** Change notifications; its emitter feeds the GraphQL subscriptions. */
  readonly pubsub: ChangePubSub;
  /** Whether change notices may have been missed here, and since when none were. */
  readonly reception: NoticeReception;
  /**
   * Resolves true once the read models applied `position` (in the embedded profile, once this
   * gateway also heard their change notices up to it), false after the timeout.
   */
  waitFor(position: number, timeoutMs?: number): Promise<boolean>;
}

/**
 * How long the read models have been behind the log, judged by positions only (an EventStoreDB
 * position counts bytes, not events): from the first moment a readiness check saw the log at a
 * position the read models have still not reached. Each check notes the log's head; heads the
 * read models reached are forgotten.
 */
export class ReadModelLag {
  #heads: { readonly position: number; readonly at: number }[] = [];
  /** Heads kept at most: checks come seconds apart, so this covers far more than any bound. */
  readonly #maxHeads = 1_000;

  /** Notes a check at `now`: how long (ms) the read models have been behind, 0 if not. */
  observe(checkpoint: number, head: number, now: number): number {
    this.#heads = this.#heads.filter((seen) => seen.position > checkpoint);
    const last = this.#heads.at(-1);
    if (head > checkpoint && (!last || head > last.position)) {
      this.#heads.push({ position: head, at: now });
      // Only the oldest matters; the rest say when it will be reached.
      if (this.#heads.length > this.#maxHeads) this.#heads.splice(1, 1);
    }
    const oldest = this.#heads[0];
    return oldest ? now - oldest.at : 0;
  }
}

const declaresMinPosition = (querystring: unknown): boolean => {
  const properties = (querystring as { properties?: Record<string, unknown> } | undefined)
    ?.properties;
  return properties !== undefined && 'minPosition' in properties;
};

/**
 * The read side: the read store (MongoDB or embedded), the change pub/sub (Redis or in-process),
 * and in the embedded profile the pipeline that projects the event log into the read store, in
 * this process (in a worker thread, or with PROJECTION_THREAD=off on its event loop). In the
 * distributed profile the workers' processes project.
 */
async function readModels(app: FastifyInstance): Promise<void> {
  const { MONGODB_URL, MONGODB_DB, DATA_DIR, REDIS_URL, REDIS_CHANNEL_PREFIX } = app.config;
  const store = await createReadStore({ MONGODB_URL, MONGODB_DB, DATA_DIR });
  const pubsub = REDIS_URL
    ? createRedisPubSub({
        redisUrl: REDIS_URL,
        ...(REDIS_CHANNEL_PREFIX ? { channelPrefix: REDIS_CHANNEL_PREFIX } : {}),
        onError: (error) => app.log.warn({ err: error }, 'redis pub/sub error'),
      })
    : createInProcessPubSub();
  const onError = (error: Error, event?: { position: number }): void =>
    app.log.error({ err: error, position: event?.position }, 'projection failed');
  // The distributed profile's workers project in their own processes.
  let pipeline: Pipeline | null = null;
  let stopAnnouncingAppends: (() => void) | undefined;
  if (!app.config.distributed && app.config.PROJECTION_THREAD === 'on') {
    const thread = await startProjectionThread({
      settings: { EVENTSTORE_URL: app.config.EVENTSTORE_URL, MONGODB_URL, MONGODB_DB, DATA_DIR },
      pubsub,
      onAppendSettled: (listener) => app.eventStore.onAppendSettled(listener),
      onError,
    });
    pipeline = thread;
    // The thread loads while the other plugins register; the app is ready once it follows the log.
    app.addHook('onReady', () => thread.ready);
  } else if (!app.config.distributed)
    pipeline = await startEmbeddedPipeline({
      eventStore: app.eventStore,
      readStore: store,
      pubsub,
      onError,
    });
  else if (!app.config.EVENTSTORE_URL) {
    // The workers follow this log file too, and would find this process's commits at their poll.
    stopAnnouncingAppends = announceAppends(
      (listener) => app.eventStore.onAppendSettled(listener),
      pubsub,
      (error) => app.log.warn({ err: error }, 'the notice of an append was not sent'),
    );
  }

  const reception = await watchNoticeReception(
    pubsub,
    () => store.checkpoint(),
    (error) => app.log.warn({ err: error }, 'the read models position could not be read'),
  );
  app.decorate('readModels', {
    store,
    pubsub,
    reception,
    waitFor: async (position, timeoutMs = READ_YOUR_WRITES_TIMEOUT_MS) => {
      const deadline = performance.now() + timeoutMs;
      if (!(await waitForPosition(store, pubsub, position, timeoutMs))) return false;
      // The store has it once the projector committed, a moment before its notices reach this
      // process's answer cache: a read after this one, without minPosition, must not be answered
      // from before it. The embedded profile's projector notices every position in log order.
      if (app.config.distributed) return true;
      return reception.heard(position, Math.max(0, deadline - performance.now()));
    },
  } satisfies ReadModels);

  const lag = new ReadModelLag();
  app.readinessChecks.set('readModels', async () => {
    const [checkpoint, head] = await Promise.all([
      store.checkpoint(),
      app.eventStore.headPosition(),
    ]);
    const behindMs = lag.observe(checkpoint, head, Date.now());
    return {
      ok: behindMs <= app.config.READINESS_MAX_LAG_MS,
      kind: store.kind,
      checkpoint,
      lag: Math.max(0, head - checkpoint),
      behindMs,
    };
  });

  // Reads wait (bounded) for their minPosition: read your writes. Only routes whose query declares
  // it get the hook, in callback style: a read without minPosition (most) costs no promise.
  const waitForMinPosition = (
    request: FastifyRequest,
    reply: FastifyReply,
    done: (error?: Error) => void,
  ): void => {
    const minPosition = (request.query as { minPosition?: unknown } | undefined)?.minPosition;
    if (typeof minPosition !== 'number') return done();
    app.readModels.waitFor(minPosition).then(
      (reached) => {
        if (!reached) reply.header('x-read-models-behind', 'true');
        done();
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('GET') || !declaresMinPosition(route.schema?.querystring)) return;
    addRouteHook(route, 'preHandler', waitForMinPosition);
  });

  app.addHook('onClose', async () => {
    stopAnnouncingAppends?.();
    await pipeline?.stop();
    await reception.stop();
    await pubsub.close();
    await store.close();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    readModels: ReadModels;
  }
}

export default fp(readModels, {
  name: 'read-models',
  dependencies: ['config', 'event-store', 'readiness'],
});
