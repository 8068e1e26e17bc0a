import { createRequire } from 'node:module';
import type * as IoRedis from 'ioredis';
import type { Redis, RedisOptions } from 'ioredis';

export type { Redis as RedisConnection, RedisOptions as RedisConnectionOptions } from 'ioredis';

// ioredis is required when a connection is made, not when this module loads, so that the embedded
// profile never loads it (a CommonJS package: a synchronous require keeps the factory synchronous).
const requireHere = createRequire(import.meta.url);

/**
 * A connection to the Redis of `url` (ioredis), for whatever a deployment shares through Redis:
 * change notices, the gateways' rate-limit counters.
 */
export function createRedisConnection(url: string, options: RedisOptions = {}): Redis {
  const { Redis: RedisClient } = requireHere('ioredis') as typeof IoRedis;
  return new RedisClient(url, options);
}
