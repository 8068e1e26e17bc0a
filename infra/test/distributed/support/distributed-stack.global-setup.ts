import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDistributedStack, type DistributedStack } from '../../../src/distributed-stack.ts';
import { serveStackControl } from '../../support/stack-control.ts';
import type { DistributedTestStack } from './distributed-stack.ts';

/*
 * One distributed stack (two gateway processes, two worker processes, redis-server, the
 * MongoDB-wire server, the Auth emulator and the built web client) shared by the distributed
 * suite and the journeys run against it, started on the first request of a file. Its files run
 * one at a time: the suite kills workers and restarts Redis.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let dataDir: string | undefined;
  const control = await serveStackControl<DistributedStack>({
    start: () => {
      // On disk, not in RAM: the suite is about what survives crashes.
      dataDir = mkdtempSync(path.join(tmpdir(), 'resale-distributed-'));
      return startDistributedStack({
        dataDir,
        host: '127.0.0.1',
        gatewayPorts: [0, 0],
        workers: 2,
        webPort: 0,
        authPort: 0,
        env: {
          ...(process.env.MONGODB_URL
            ? { MONGODB_URL: process.env.MONGODB_URL }
            : // FerretDB's SQLite backend does not isolate concurrent writes to one document (two
              // concurrent $set of different fields lose one most of the time, where MongoDB
              // applies each atomically; README, Profiles). With one partition queue no two
              // workers write one document at once; a real MongoDB gets the default partitions.
              { QUEUE_PARTITIONS: '1' }),
          // Every request comes from 127.0.0.1: the per-address limits are for real traffic.
          RATE_LIMIT_SIGN_IN: '100000',
          RATE_LIMIT_WRITES: '100000',
          RATE_LIMIT_READS: '100000',
          RATE_LIMIT_READS_PER_TOKEN: '100000',
          LOG_LEVEL: 'error',
          // A killed worker's jobs and relay are taken over within seconds, not the defaults.
          QUEUE_LOCK_MS: '2000',
          QUEUE_STALLED_CHECK_MS: '1000',
          RELAY_LEASE_MS: '2000',
        },
        webDistDir: path.join(dataDir, 'web'),
      });
    },
    describe: (stack): DistributedTestStack => {
      if (!stack.urls.web) throw new Error('The distributed stack has no web client');
      return {
        urls: { web: stack.urls.web, api: stack.urls.api, authEmulator: stack.urls.authEmulator },
        gateways: stack.urls.gateways,
        accounts: stack.accounts,
        dataDir: dataDir ?? '',
        servers: stack.servers,
        workerPids: stack.workers.map((worker) => worker.child.pid ?? 0),
        operatorEnv: stack.operatorEnv,
      };
    },
    actions: {
      'add-worker': async (stack) => ({ pid: (await stack.addWorker()).child.pid }),
      'restart-redis': async (stack) => {
        if (!stack.redis) throw new Error('REDIS_URL names a server this run cannot restart');
        await stack.redis.restart();
      },
    },
    stop: (stack) => stack.stop(),
  });
  project.provide('journeyStackUrl', control.url);
  return async () => {
    await control.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
