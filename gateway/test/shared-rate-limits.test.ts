import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from '../../infra/src/redis-server.ts';
import { buildTestApp, type TestApp } from './helper.ts';

// Two gateways of one deployment (one Redis, one REDIS_PREFIX), as docker-compose.yml runs them.
const RATE_LIMIT_WRITES = 3;
const redisDir = mkdtempSync(path.join(tmpdir(), 'gateway-rate-limit-redis-'));
let redis: RedisServer;
const apps: TestApp[] = [];

async function gateway(env: Record<string, string>): Promise<TestApp> {
  const t = await buildTestApp({
    REDIS_URL: redis.url,
    RATE_LIMIT_WRITES: String(RATE_LIMIT_WRITES),
    ...env,
  });
  apps.push(t);
  return t;
}

beforeAll(async () => {
  redis = await startRedisServer({ dataDir: redisDir });
});
afterAll(async () => {
  await Promise.all(apps.map((t) => t.close()));
  await redis.stop();
  rmSync(redisDir, { recursive: true, force: true });
});

/** A write (401 without a token, but counted) from one client address. */
const write = (t: TestApp, remoteAddress = '203.0.113.10') =>
  t.app
    .inject({ method: 'PUT', url: '/allProducts/some-product', remoteAddress })
    .then((answer) => answer.statusCode);

describe('rate limits with REDIS_URL', () => {
  it('are counted across the gateways of a deployment', async () => {
    const deployment = `test-${randomUUID()}`;
    const [a, b] = [
      await gateway({ REDIS_PREFIX: deployment }),
      await gateway({ REDIS_PREFIX: deployment }),
    ] as const;
    // Alternating: each gateway alone would allow all of these.
    const statuses = [await write(a), await write(b), await write(a), await write(b)];
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(await write(a)).toBe(429);
    // Another client has its own allowance.
    expect(await write(b, '203.0.113.11')).toBe(401);
  });

  it('are apart for another REDIS_PREFIX (another deployment on the same Redis)', async () => {
    const [a, other] = [
      await gateway({ REDIS_PREFIX: `test-${randomUUID()}` }),
      await gateway({ REDIS_PREFIX: `test-${randomUUID()}` }),
    ] as const;
    for (let i = 0; i < RATE_LIMIT_WRITES; i += 1) await write(a);
    expect(await write(a)).toBe(429);
    expect(await write(other)).toBe(401);
  });

  it('let requests through, not fail them, while Redis is away', async () => {
    const t = await gateway({ REDIS_PREFIX: `test-${randomUUID()}` });
    expect(await write(t)).toBe(401);
    await redis.stop();
    try {
      const started = performance.now();
      const statuses = [];
      for (let i = 0; i < RATE_LIMIT_WRITES + 2; i += 1) statuses.push(await write(t));
      expect(statuses.every((status) => status === 401)).toBe(true);
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await redis.restart();
    }
  });
});
