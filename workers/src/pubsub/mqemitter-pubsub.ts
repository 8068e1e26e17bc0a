import { createRequire } from 'node:module';
import mqemitter, { type MQEmitter } from 'mqemitter';
import type mqemitterRedisModule from 'mqemitter-redis';
import type { ReadModelChange } from '../read-models.ts';
import { createRedisConnection, type RedisConnection } from '../redis-connection.ts';
import type { ChangePubSub, Unsubscribe } from './port.ts';
import { appliedTopic, topicsOf } from './topics.ts';

/** Both adapters are mqemitters, in memory or over Redis: only the transport differs. */
function overEmitter(
  emitter: MQEmitter,
  receiving: Pick<ChangePubSub, 'receiving' | 'onReceivingChange'>,
  close: () => Promise<void> = () => new Promise<void>((resolve) => emitter.close(() => resolve())),
): ChangePubSub {
  const publish = (topic: string, payload: unknown): Promise<void> =>
    new Promise((resolve, reject) =>
      emitter.emit({ topic, payload }, (error) => (error ? reject(error) : resolve())),
    );
  return {
    publish,
    async publishApplied(position: number, changes: readonly ReadModelChange[]) {
      await Promise.all(
        changes.flatMap((change) => topicsOf(change).map((topic) => publish(topic, change))),
      );
      await publish(appliedTopic, { position });
    },
    subscribe(topic, listener) {
      const onMessage = (message: mqemitter.Message, done: () => void): void => {
        done();
        listener(message['payload'] as unknown);
      };
      return new Promise<Unsubscribe>((resolve) =>
        emitter.on(topic, onMessage, () =>
          resolve(
            () => new Promise<void>((done) => emitter.removeListener(topic, onMessage, done)),
          ),
        ),
      );
    },
    ...receiving,
    close,
  };
}

/** The embedded profile's pub/sub: one process, so an in-memory emitter reaches every subscriber. */
export function createInProcessPubSub(): ChangePubSub {
  return overEmitter(mqemitter(), { receiving: () => true, onReceivingChange: () => () => {} });
}

/**
 * Whether the connection that receives notices is up: ioredis says 'ready' once it is (again), and
 * at once sends its subscriptions again; 'close' when it is lost.
 */
function receivingOver(
  connection: RedisConnection,
): Pick<ChangePubSub, 'receiving' | 'onReceivingChange'> {
  return {
    receiving: () => connection.status === 'ready',
    onReceivingChange(listener) {
      const up = (): void => listener(true);
      const down = (): void => listener(false);
      connection.on('ready', up);
      connection.on('close', down);
      return () => {
        connection.off('ready', up);
        connection.off('close', down);
      };
    },
  };
}

export interface RedisPubSubOptions {
  readonly redisUrl: string;
  /** Prepended to every Redis channel, so that test runs (or deployments) sharing a server stay apart. */
  readonly channelPrefix?: string;
  readonly onError?: (error: Error) => void;
}

interface RedisEmitter extends MQEmitter {
  readonly state: { on(event: 'error', listener: (error: Error) => void): void };
}
type RedisEmitterOptions = { pubConn: RedisConnection; subConn: RedisConnection };

// The emitter is required when a Redis pub/sub is made, not when this module loads, so that the
// embedded profile never loads it (a CommonJS package: a synchronous require keeps
// createRedisPubSub synchronous); so is the Redis client (createRedisConnection).
const requireHere = createRequire(import.meta.url);
function redisModules() {
  const mqemitterRedis = requireHere('mqemitter-redis') as typeof mqemitterRedisModule;
  return {
    mqemitterRedis,
    // The prefixing subclass ships with mqemitter-redis but is missing from its type declarations.
    MQEmitterRedisPrefix: (
      mqemitterRedis as unknown as {
        MQEmitterRedisPrefix: new (prefix: string, options: RedisEmitterOptions) => RedisEmitter;
      }
    ).MQEmitterRedisPrefix,
  };
}

/**
 * The distributed profile's pub/sub over Redis PUBLISH/SUBSCRIBE: every gateway process
 * subscribed to a topic receives every change, whichever worker process projected it.
 */
export function createRedisPubSub(options: RedisPubSubOptions): ChangePubSub {
  const { mqemitterRedis, MQEmitterRedisPrefix } = redisModules();
  const emitterOptions: RedisEmitterOptions = {
    // While Redis is away, publications wait for the reconnection instead of failing.
    pubConn: createRedisConnection(options.redisUrl, { maxRetriesPerRequest: null }),
    // ioredis subscribes again to every channel after a reconnection.
    subConn: createRedisConnection(options.redisUrl),
  };
  const emitter: RedisEmitter = options.channelPrefix
    ? new MQEmitterRedisPrefix(options.channelPrefix, emitterOptions)
    : (mqemitterRedis(emitterOptions) as unknown as RedisEmitter);
  emitter.state.on('error', (error) => options.onError?.(error));
  const { pubConn, subConn } = emitterOptions;
  // Not mqemitter-redis's own close: it waits for an 'end' that may never come (endConnection).
  const close = async (): Promise<void> => {
    await Promise.all([pubConn, subConn].map(endConnection));
  };
  return overEmitter(emitter, receivingOver(subConn), close);
}

/**
 * Ends a connection: QUIT once what it has queued is sent, then its 'end'. One that is not
 * connected (Redis away) is disconnected at once, dropping what it had queued (notices are hints:
 * readers catch up by position): a QUIT would wait for Redis to come back, and ioredis disconnects
 * one waiting to reconnect without ever emitting 'end' (redis/ioredis#1247).
 */
async function endConnection(connection: RedisConnection): Promise<void> {
  if (connection.status === 'end') return;
  if (connection.status !== 'ready' && connection.status !== 'connect') {
    connection.disconnect();
    return;
  }
  const ended = new Promise<void>((resolve) => connection.once('end', () => resolve()));
  await connection.quit().catch(() => connection.disconnect());
  await ended;
}
