import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedStack } from '../../../src/embedded-stack.ts';
import { serveStackControl } from '../../support/stack-control.ts';
import type { JourneyStack } from './journey-stack.ts';

/*
 * One embedded stack (Auth emulator, gateway with workers, built web client) shared by every
 * journey file of a run, in a fresh DATA_DIR on free ports, started on the first request of a
 * journey file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The journeys check what users see, not durability (the stores' own suites do): a RAM-backed
  // DATA_DIR keeps them clear of the disk flushes of other suites sharing the machine.
  const parent = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  let dataDir: string | undefined;
  const control = await serveStackControl({
    start: () => {
      dataDir = mkdtempSync(path.join(parent, 'resale-e2e-'));
      return startEmbeddedStack({
        dataDir,
        host: '127.0.0.1',
        gatewayPort: 0,
        webPort: 0,
        authPort: 0,
        // Every journey signs in from 127.0.0.1: the per-address limits are for real traffic.
        env: {
          RATE_LIMIT_SIGN_IN: '1000',
          RATE_LIMIT_WRITES: '1000',
          RATE_LIMIT_READS: '100000',
          RATE_LIMIT_READS_PER_TOKEN: '100000',
          LOG_LEVEL: 'error',
        },
        webDistDir: path.join(dataDir, 'web'),
      });
    },
    describe: (stack): JourneyStack => ({
      urls: stack.urls,
      accounts: stack.accounts,
      dataDir: dataDir ?? '',
    }),
    stop: (stack) => stack.stop(),
  });
  project.provide('journeyStackUrl', control.url);
  return async () => {
    await control.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    journeyStackUrl: string;
  }
}
