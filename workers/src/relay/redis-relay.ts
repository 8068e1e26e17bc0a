import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { asError } from '../queue/retry.ts';
import { startRelay, type CheckpointStore, type Relay, type RelayOptions } from './relay.ts';

// Moves the checkpoint forward only: a relay that lost its lease cannot drag it back.
const saveIfGreater = `
  local current = tonumber(redis.call('GET', KEYS[1]) or '0')
  if tonumber(ARGV[1]) > current then redis.call('SET', KEYS[1], ARGV[1]) end
  return 1`;
const renewIfOwner = `
  if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
  return 0`;
const releaseIfOwner = `
  if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
  return 0`;

/**
 * The relay checkpoint of a durable (BullMQ) queue lives in the same Redis as the queue: the two
 * are lost or kept together. If Redis loses its data, the checkpoint reads 0 and the relay sends
 * the whole log again, which the idempotent projectors absorb.
 */
export const redisCheckpoint = (redis: Redis, key: string): CheckpointStore => ({
  load: async () => Number((await redis.get(key)) ?? 0),
  save: async (position) => {
    await redis.eval(saveIfGreater, 1, key, String(position));
  },
});

export interface LeasedRelayOptions extends Omit<RelayOptions, 'checkpoint'> {
  readonly redis: Redis;
  /** Prefix of the relay's keys: `<prefix>:relay:checkpoint` and `<prefix>:relay:lease`. */
  readonly keyPrefix: string;
  readonly leaseMs?: number;
}

export interface LeasedRelay {
  /** True while this process holds the lease and relays. */
  readonly active: boolean;
  stop(): Promise<void>;
}

/**
 * Runs the relay in at most one worker process at a time: each process competes for a lease in
 * Redis, the holder relays and renews it, the others stand by and take over when it lapses.
 * A second relay running briefly (a paused holder whose lease expired) is harmless, since
 * enqueues are deduplicated by job id and projections are idempotent; the lease only saves work.
 */
export function startLeasedRelay(options: LeasedRelayOptions): LeasedRelay {
  const { redis } = options;
  const leaseKey = `${options.keyPrefix}:relay:lease`;
  const checkpoint = redisCheckpoint(redis, `${options.keyPrefix}:relay:checkpoint`);
  const leaseMs = options.leaseMs ?? 10_000;
  const owner = randomUUID();
  const reportError = (error: Error): void => options.onError?.(error);
  let relay: Relay | undefined;
  let stopped = false;
  let tick: Promise<void> = Promise.resolve();

  const step = async (): Promise<void> => {
    if (stopped) return;
    try {
      if (relay) {
        const renewed = await redis.eval(renewIfOwner, 1, leaseKey, owner, String(leaseMs));
        if (renewed === 1) return;
        const lost = relay;
        relay = undefined;
        await lost.stop();
      } else {
        const acquired = await redis.set(leaseKey, owner, 'PX', leaseMs, 'NX');
        if (acquired === 'OK' && !stopped) relay = await startRelay({ ...options, checkpoint });
      }
    } catch (error) {
      reportError(asError(error));
    }
  };
  // Renewing at a third of the lease leaves two chances before it lapses.
  const timer = setInterval(() => (tick = tick.then(step)), leaseMs / 3);
  tick = tick.then(step);

  return {
    get active() {
      return relay !== undefined;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await tick;
      if (relay) {
        await relay.stop();
        relay = undefined;
        await redis.eval(releaseIfOwner, 1, leaseKey, owner).catch(() => undefined);
      }
    },
  };
}
