import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

export const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** Whether a Redis server answers at `url`; suites that need one skip visibly when not. */
export async function redisAnswers(url = redisUrl): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** A key prefix no other run uses. */
export const uniquePrefix = (label: string): string => `test-${label}-${randomUUID().slice(0, 8)}`;

/** Deletes this run's keys, and only them. */
export async function deleteKeys(prefix: string, url = redisUrl): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
