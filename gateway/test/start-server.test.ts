import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import {
  gatewayNodeFlags,
  limitHeapGrowth,
  threadSemiSpaceMiB,
  tuneRuntime,
} from '../src/runtime-tuning.ts';
import { startServer, type StartedServer } from '../src/start-server.ts';
import { authEmulatorHost } from './helper.ts';

describe('startServer', () => {
  let started: StartedServer | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await started?.app.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    started = dataDir = undefined;
  });

  it('listens on the port asked for, answers over HTTP, and closes', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'start-server-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
      PORT: '0',
    });
    started = await startServer(config);
    expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const answer = await fetch(`${started.url}/categories`);
    expect(answer.status).toBe(200);
    await started.app.close();
    await expect(fetch(`${started.url}/categories`)).rejects.toThrow();
  });

  it('fails, leaving nothing open, when the port is taken', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'start-server-'));
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
      PORT: '0',
    } as const;
    started = await startServer(loadConfig({ ...env, DATA_DIR: dataDir }));
    const port = new URL(started.url).port;
    const second = mkdtempSync(path.join(tmpdir(), 'start-server-'));
    try {
      await expect(
        startServer(loadConfig({ ...env, DATA_DIR: second, PORT: port })),
      ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      rmSync(second, { recursive: true, force: true });
    }
  });
});

describe('runtime tuning', () => {
  it('sets the heap growing factor unless the command line chose one', () => {
    expect(limitHeapGrowth(['--import', 'tsx', '--heap-growing-percent=50'])).toBe(false);
    expect(limitHeapGrowth(['--heap_growing_percent', '50'])).toBe(false);
    expect(limitHeapGrowth([])).toBe(true);
  });

  it('is what every start script passes to Node', () => {
    const root = path.join(import.meta.dirname, '../..');
    const scripts = [
      (JSON.parse(readFileSync(path.join(root, 'gateway/package.json'), 'utf8')) as Manifest)
        .scripts.serve,
      (JSON.parse(readFileSync(path.join(root, 'infra/package.json'), 'utf8')) as Manifest).scripts
        .start,
      readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'),
      readFileSync(path.join(root, 'infra/docker/node.Dockerfile'), 'utf8'),
    ];
    for (const script of scripts)
      for (const flag of gatewayNodeFlags) expect(script).toContain(flag);
  });

  it('gives the threads started after it a young generation of their own size', async () => {
    tuneRuntime();
    // A thread that allocates as a busy one does, then says how large its young generation grew.
    const thread = new Worker(
      `const { getHeapSpaceStatistics } = require('node:v8');
       let kept = [];
       for (let i = 0; i < 2e6; i++) { kept.push({ i }); if (kept.length > 50000) kept = []; }
       const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
       require('node:worker_threads').parentPort.postMessage(young.space_size);`,
      { eval: true },
    );
    const [youngBytes] = (await once(thread, 'message')) as [number];
    expect(youngBytes).toBeLessThanOrEqual(2 * threadSemiSpaceMiB * 1024 * 1024);
  });
});

interface Manifest {
  readonly scripts: Record<string, string>;
}
