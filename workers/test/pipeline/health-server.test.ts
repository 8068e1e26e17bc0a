import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  HealthPortError,
  startHealthServer,
  type ReadinessCheck,
} from '../../src/pipeline/health-server.ts';
import { teardownAfterEach } from '../support/stores.ts';

const teardown = teardownAfterEach();

async function givenAHealthServer(
  checks: Readonly<Record<string, ReadinessCheck>>,
  onCheckError?: (error: Error, check: string) => void,
) {
  const server = await startHealthServer({
    port: 0,
    host: '127.0.0.1',
    checks,
    checkTimeoutMs: 200,
    ...(onCheckError ? { onCheckError } : {}),
  });
  teardown(() => server.close());
  const get = async (path: string, method = 'GET') => {
    const response = await fetch(`http://127.0.0.1:${server.port}${path}`, { method });
    return { status: response.status, body: method === 'HEAD' ? '' : await response.json() };
  };
  return { server, get };
}

describe("a worker process's health server", () => {
  it('answers /healthz 200 whatever the checks say', async () => {
    const { get } = await givenAHealthServer({ queues: () => ({ ok: false }) });
    expect(await get('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it("answers /readyz 200 once every check is ok, with each check's report", async () => {
    let consuming = false;
    const { get } = await givenAHealthServer({
      queues: () => ({ ok: consuming, partitions: 4 }),
      eventStore: async () => ({ ok: true, headPosition: 12 }),
    });
    expect(await get('/readyz')).toEqual({
      status: 503,
      body: {
        status: 'not ready',
        checks: {
          queues: { ok: false, partitions: 4 },
          eventStore: { ok: true, headPosition: 12 },
        },
      },
    });
    consuming = true;
    expect(await get('/readyz')).toEqual({
      status: 200,
      body: {
        status: 'ready',
        checks: { queues: { ok: true, partitions: 4 }, eventStore: { ok: true, headPosition: 12 } },
      },
    });
  });

  it('counts a check that throws or does not answer in time as not ready, and reports it', async () => {
    const failures: string[] = [];
    const { get } = await givenAHealthServer(
      {
        readStore: async () => {
          throw new Error('connection refused');
        },
        eventStore: () => new Promise(() => undefined),
      },
      (error, check) => failures.push(`${check}: ${error.message}`),
    );
    expect(await get('/readyz')).toEqual({
      status: 503,
      body: {
        status: 'not ready',
        checks: {
          readStore: { ok: false, error: 'unreachable' },
          eventStore: { ok: false, error: 'unreachable' },
        },
      },
    });
    expect(failures.sort()).toEqual([
      'eventStore: no answer within 200 ms',
      'readStore: connection refused',
    ]);
  });

  it('answers HEAD as GET, 404 elsewhere and 405 to other methods', async () => {
    const { get } = await givenAHealthServer({});
    expect((await get('/readyz', 'HEAD')).status).toBe(200);
    expect(await get('/metrics')).toEqual({ status: 404, body: { error: 'Not Found' } });
    expect((await get('/healthz', 'POST')).status).toBe(405);
    expect((await get('/healthz?verbose=1')).status).toBe(200);
  });

  it('refuses a port another program listens on, naming the setting', async () => {
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    teardown(() => new Promise((resolve) => other.close(resolve)));
    const address = other.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const starting = startHealthServer({ port, host: '127.0.0.1', checks: {} });
    await expect(starting).rejects.toThrow(HealthPortError);
    await expect(starting).rejects.toThrow(
      `port ${port} is in use by another program: set HEALTH_PORT`,
    );
  });
});
