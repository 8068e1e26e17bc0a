import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { limitHeapGrowth } from '../src/runtime-tuning.ts';
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
});
