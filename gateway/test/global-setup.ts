import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../infra/src/auth-emulator.ts';
import { freePortRun, listenRefusal } from '../../infra/src/ports.ts';

// Each test run starts its own Auth emulator (on `port`, hub and logging on the two ports after):
// on 9199 when free, so a running `npm start` (9099) keeps its own, otherwise on free ports, so
// concurrent runs never share (and stop) one another's.

/** `preferred` when it and its two successors are free, else a free run of three. */
async function emulatorPort(preferred: number): Promise<number> {
  const refusals = await Promise.all(
    [preferred, preferred + 1, preferred + 2].map((port) => listenRefusal(port, '127.0.0.1')),
  );
  return refusals.every((refusal) => refusal === null) ? preferred : freePortRun(3);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = await emulatorPort(Number(process.env.GATEWAY_TEST_AUTH_PORT ?? 9199));
  const emulator = await startAuthEmulator({ port });
  project.provide('authEmulatorHost', emulator.host);
  return () => emulator.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}
