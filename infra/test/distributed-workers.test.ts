import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startWorkerProcess } from '../src/distributed-stack.ts';
import { startRedisServer } from '../src/redis-server.ts';

// The distributed stack's worker processes, on their own: a Redis of the test's own and the
// embedded stores of a scratch folder (the stack's other servers are not needed to consume).

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function givenRedisAndADataDir() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'resale-workers-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const redis = await startRedisServer({ dataDir: path.join(dataDir, 'redis') });
  cleanups.push(() => redis.stop());
  return { dataDir, redisUrl: redis.url };
}

describe("the distributed stack's worker processes", () => {
  it('are ready by their /readyz at LOG_LEVEL=warn, where they log no line on start', async () => {
    const { dataDir, redisUrl } = await givenRedisAndADataDir();
    const worker = await startWorkerProcess({
      name: 'worker 1',
      env: {
        DATA_DIR: dataDir,
        EVENTSTORE_URL: '',
        MONGODB_URL: '',
        REDIS_URL: redisUrl,
        QUEUE_PARTITIONS: '2',
        LOG_LEVEL: 'warn',
      },
      timeoutMs: 20_000,
    });
    cleanups.push(() => worker.stop());
    expect(worker.output()).toBe('');

    // Ready means taking jobs: a SIGTERM now is a graceful stop.
    await worker.stop();
    expect(await worker.exited).toBe(0);
  });
});
