import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedStack, type EmbeddedStack } from '../../../src/embedded-stack.ts';
import type { JourneyStack } from './journey-stack.ts';

/*
 * One embedded stack (Auth emulator, gateway with workers, built web client) shared by every
 * journey file of a run, in a fresh DATA_DIR on free ports. It starts on the first request of a
 * journey file, not here: runs without journeys (one unit test file, say) don't pay for it. The
 * files reach it through a small HTTP endpoint, since they run in worker processes.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let dataDir: string | undefined;
  let starting: Promise<EmbeddedStack> | undefined;
  const start = (): Promise<EmbeddedStack> => {
    // The journeys check what users see, not durability (the stores' own suites do): a RAM-backed
    // DATA_DIR keeps them clear of the disk flushes of other suites sharing the machine.
    const parent = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
    dataDir = mkdtempSync(path.join(parent, 'resale-e2e-'));
    return startEmbeddedStack({
      dataDir,
      host: '127.0.0.1',
      gatewayPort: 0,
      webPort: 0,
      authPort: 0,
      // Every journey signs in from 127.0.0.1: the per-address limits are for real traffic.
      env: { RATE_LIMIT_SIGN_IN: '1000', RATE_LIMIT_WRITES: '1000', LOG_LEVEL: 'error' },
      webDistDir: path.join(dataDir, 'web'),
    });
  };

  const control = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/stack') {
      response.writeHead(404).end();
      return;
    }
    starting ??= start();
    starting.then(
      (stack) => {
        const answer: JourneyStack = { urls: stack.urls, accounts: stack.accounts };
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(error instanceof Error ? (error.stack ?? error.message) : String(error));
      },
    );
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const address = control.address();
  if (address === null || typeof address === 'string') throw new Error('No control port');
  project.provide('journeyStackUrl', `http://127.0.0.1:${address.port}/stack`);

  return async () => {
    await new Promise<void>((resolve) => control.close(() => resolve()));
    const stack = await starting?.catch(() => undefined);
    await stack?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    journeyStackUrl: string;
  }
}
