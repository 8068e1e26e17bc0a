import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startRedisServer } from '../../infra/src/redis-server.ts';
import { buildTestApp, seedCategories, type TestApp } from './helper.ts';

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((t) => t.close())));
const appWith = async (env: Record<string, string>): Promise<TestApp> => {
  const t = await buildTestApp(env);
  apps.push(t);
  await seedCategories(t.app);
  return t;
};

const tooMany = /^Too many requests; retry in \d+ s$/;
/** A 429 with Retry-After, in the route's error format (REST's, or GraphQL's). */
const expectTooMany = (answer: {
  statusCode: number;
  headers: Record<string, unknown>;
  json: () => { errors?: { message: string }[] };
}) => {
  expect(answer.statusCode).toBe(429);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  const body = answer.json();
  if (body.errors)
    expect(body.errors.map((error) => error.message)).toEqual([expect.stringMatching(tooMany)]);
  else
    expect(body).toMatchObject({
      statusCode: 429,
      error: 'Too Many Requests',
      message: expect.stringMatching(tooMany),
    });
};

describe('read limits', () => {
  it('counts every read of an address, whatever the route, and refuses past RATE_LIMIT_READS', async () => {
    const t = await appWith({ RATE_LIMIT_READS: '5', RATE_LIMIT_READS_PER_TOKEN: '1000' });
    const from = (remoteAddress: string, url: string, method: 'GET' | 'POST' = 'GET') =>
      t.app.inject({
        method,
        url,
        remoteAddress,
        ...(method === 'POST' ? { payload: { query: '{ categories { title } }' } } : {}),
      });
    const reads = [
      await from('10.0.0.1', '/categories'),
      await from('10.0.0.1', '/healthz'),
      await from('10.0.0.1', '/graphql?query=%7B%20categories%20%7B%20title%20%7D%20%7D'),
      await from('10.0.0.1', '/graphql', 'POST'),
      await from('10.0.0.1', '/allProducts/Samsung'),
    ];
    expect(reads.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expectTooMany(await from('10.0.0.1', '/categories'));
    expectTooMany(await from('10.0.0.1', '/graphql', 'POST'));
    // Another client is not held up by this one.
    expect((await from('10.0.0.2', '/categories')).statusCode).toBe(200);
  });

  it('counts the reads of one access token from any address, past RATE_LIMIT_READS_PER_TOKEN', async () => {
    const t = await appWith({ RATE_LIMIT_READS: '1000', RATE_LIMIT_READS_PER_TOKEN: '3' });
    const read = (remoteAddress: string, token: string) =>
      t.app.inject({
        url: '/categories',
        remoteAddress,
        headers: { authorization: `Bearer ${token}` },
      });
    const first = await Promise.all(
      ['10.0.1.1', '10.0.1.2', '10.0.1.3'].map((address) => read(address, 'token-a')),
    );
    expect(first.map((answer) => answer.statusCode)).not.toContain(429);
    expectTooMany(await read('10.0.1.4', 'token-a'));
    expect((await read('10.0.1.4', 'token-b')).statusCode).not.toBe(429);
  });

  it('counts early answers (given before Fastify routes the request) as well', async () => {
    const t = await appWith({ RATE_LIMIT_READS: '4', RATE_LIMIT_READS_PER_TOKEN: '1000' });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // The first is answered by the app and cached; the next ones early, past its hooks.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await fetch(`${base}/categories`);
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200]);
    const refused = await fetch(`${base}/categories`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("counts each token's early answers of a public read against that token", async () => {
    const t = await appWith({ RATE_LIMIT_READS: '1000', RATE_LIMIT_READS_PER_TOKEN: '3' });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const read = async (token: string): Promise<number> => {
      const response = await fetch(`${base}/categories`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      return response.status;
    };
    // The first is the app's, noted for every token; the next ones early, each counted.
    expect([await read('token-a'), await read('token-a'), await read('token-a')]).toEqual([
      200, 200, 200,
    ]);
    expect(await read('token-a')).toBe(429);
    expect([await read('token-b'), await read('token-b')]).toEqual([200, 200]);
  });
});

describe('read limits with REDIS_URL', () => {
  it('are counted across the gateways of a deployment, by address and by token', async () => {
    const redisDir = mkdtempSync(path.join(tmpdir(), 'gateway-read-limits-redis-'));
    const redis = await startRedisServer({ dataDir: redisDir });
    try {
      const env = {
        REDIS_URL: redis.url,
        REDIS_PREFIX: `test-${randomUUID()}`,
        RATE_LIMIT_READS: '4',
        RATE_LIMIT_READS_PER_TOKEN: '3',
      };
      const [a, b] = [await appWith(env), await appWith(env)] as const;
      const read = (t: TestApp, remoteAddress: string, token?: string) =>
        t.app
          .inject({
            url: '/healthz',
            remoteAddress,
            headers: token ? { authorization: `Bearer ${token}` } : {},
          })
          .then((answer) => answer.statusCode);
      // Alternating: each gateway alone would allow all of these.
      const byAddress = [
        await read(a, '203.0.113.1'),
        await read(b, '203.0.113.1'),
        await read(a, '203.0.113.1'),
        await read(b, '203.0.113.1'),
        await read(a, '203.0.113.1'),
      ];
      expect(byAddress).toEqual([200, 200, 200, 200, 429]);
      const byToken = [
        await read(a, '203.0.113.2', 'shared-token'),
        await read(b, '203.0.113.3', 'shared-token'),
        await read(a, '203.0.113.4', 'shared-token'),
        await read(b, '203.0.113.5', 'shared-token'),
      ];
      expect(byToken).toEqual([200, 200, 200, 429]);
    } finally {
      await Promise.all(apps.splice(0).map((t) => t.close()));
      await redis.stop();
      rmSync(redisDir, { recursive: true, force: true });
    }
  });
});
