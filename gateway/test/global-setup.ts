import { createServer, type AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../infra/src/auth-emulator.ts';

// Each test run starts its own Auth emulator (on `port`, hub and logging on the two ports after):
// on 9199 when free, so a running `npm start` (9099) keeps its own, otherwise on free ports, so
// concurrent runs never share (and stop) one another's.

const listenOn = (port: number): Promise<number | null> =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as AddressInfo;
      server.close(() => resolve(bound));
    });
  });

/** A port whose two successors are free as well: `preferred` if it is, else one the OS offers. */
async function freePortTriple(preferred: number): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const port = attempt === 0 ? preferred : await listenOn(0);
    if (port === null || port > 65_533) continue;
    const taken = await Promise.all([port, port + 1, port + 2].map(listenOn));
    if (taken.every((bound) => bound !== null)) return port;
  }
  throw new Error('No three consecutive free ports for the Auth emulator');
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = await freePortTriple(Number(process.env.GATEWAY_TEST_AUTH_PORT ?? 9199));
  const emulator = await startAuthEmulator({ port });
  project.provide('authEmulatorHost', emulator.host);
  return () => emulator.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}
