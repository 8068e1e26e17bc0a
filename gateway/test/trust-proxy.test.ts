import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { serverOptions } from '../src/app.ts';
import { configProblems, loadConfig } from '../src/config.ts';
import { buildTestApp, type TestApp } from './helper.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'gateway-trust-proxy-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const proxy = '10.0.0.5';
const client = '203.0.113.7';

/** request.ip of a request from `remoteAddress` that says it was forwarded for `client`. */
async function requestIp(trustProxy: string | undefined, remoteAddress: string): Promise<string> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }),
  });
  const app = Fastify(serverOptions(config));
  app.get('/ip', (request) => ({ ip: request.ip }));
  try {
    const answer = await app.inject({
      url: '/ip',
      remoteAddress,
      headers: { 'x-forwarded-for': client },
    });
    return (answer.json() as { ip: string }).ip;
  } finally {
    await app.close();
  }
}

describe('TRUST_PROXY', () => {
  it.each([
    ['false', false],
    ['TRUE', true],
    ['10.0.0.5', ['10.0.0.5']],
    [' 10.0.0.0/8 , 192.168.1.1 ', ['10.0.0.0/8', '192.168.1.1']],
    ['::1, fd00::/8', ['::1', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('takes %j', (value, expected) => {
    expect(configProblems({ DATA_DIR: dataDir, TRUST_PROXY: value })).toEqual([]);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('is false when unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).TRUST_PROXY).toBe(false);
  });

  it.each([
    'yes',
    '10.0.0.0/33',
    'proxy.example.com',
    '10.0.0.1/8/9',
    '10.0.0.256',
    '10.0.0.1 10.0.0.2',
  ])('refuses %j, saying what it takes', (value) => {
    expect(configProblems({ DATA_DIR: dataDir, TRUST_PROXY: value })).toEqual([
      `TRUST_PROXY=${value} must be true, false, or comma-separated IP addresses or CIDR ranges of the proxies (or loopback, linklocal, uniquelocal)`,
    ]);
  });

  it('refuses a hop count, which Fastify 5 would answer by trusting nobody', () => {
    expect(configProblems({ DATA_DIR: dataDir, TRUST_PROXY: '1' })).toEqual([
      'TRUST_PROXY=1 is a hop count, which Fastify does not trust: name the proxies (their IP addresses or CIDR ranges)',
    ]);
  });

  it('unset: the client is whoever connected, whatever X-Forwarded-For says', async () => {
    expect(await requestIp(undefined, proxy)).toBe(proxy);
  });

  it('naming the proxy: the client is the one its X-Forwarded-For names', async () => {
    expect(await requestIp('10.0.0.0/8', proxy)).toBe(client);
    expect(await requestIp('true', proxy)).toBe(client);
  });

  it('naming the proxy: a client connecting directly cannot claim another address', async () => {
    expect(await requestIp('10.0.0.0/8', '198.51.100.9')).toBe('198.51.100.9');
  });
});

describe('rate limits behind a proxy', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  /** PUT /allProducts/x (a write, 401 without a token) from the proxy for `forwardedFor`. */
  async function writesFrom(trustProxy: string | undefined, forwardedFor: readonly string[]) {
    const t = await buildTestApp({
      RATE_LIMIT_WRITES: '1',
      ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }),
    });
    apps.push(t);
    const statuses: number[] = [];
    for (const address of forwardedFor) {
      const answer = await t.app.inject({
        method: 'PUT',
        url: '/allProducts/some-product',
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': address },
      });
      statuses.push(answer.statusCode);
    }
    return statuses;
  }

  it('count each client apart when TRUST_PROXY names the proxy', async () => {
    expect(await writesFrom(proxy, ['203.0.113.1', '203.0.113.2', '203.0.113.1'])).toEqual([
      401, 401, 429,
    ]);
  });

  it('count the proxy as one client when TRUST_PROXY is unset', async () => {
    expect(await writesFrom(undefined, ['203.0.113.1', '203.0.113.2'])).toEqual([401, 429]);
  });
});
