import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { waitForHttp } from '../../infra/src/auth-emulator.ts';

// Each test run starts its own Auth emulator: on 9199 when free, so a running `npm start`
// (9099, hub 4400, logging 4500) keeps its own, otherwise on free ports, so concurrent runs never
// share (and stop) one another's. infra's startAuthEmulator ignores its `port` (infra/firebase.json
// pins 9099), hence a generated firebase.json here.
const firebaseBin = createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js');

const freePort = (preferred: number): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => {
      const fallback = createServer();
      fallback.listen(0, '127.0.0.1', () => {
        const { port } = fallback.address() as AddressInfo;
        fallback.close(() => resolve(port));
      });
    });
    server.listen(preferred, '127.0.0.1', () => server.close(() => resolve(preferred)));
  });

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = await freePort(Number(process.env.GATEWAY_TEST_AUTH_PORT ?? 9199));
  const [hubPort, loggingPort] = [await freePort(port - 4790), await freePort(port - 4690)];
  const host = `127.0.0.1:${port}`;
  project.provide('authEmulatorHost', host);
  const dir = mkdtempSync(path.join(tmpdir(), 'gateway-auth-emulator-'));
  writeFileSync(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const args = ['emulators:start', '--only', 'auth', '--project', 'demo-resale'];
  const child = spawn(process.execPath, [firebaseBin, ...args, '--config', 'firebase.json'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.race([
      waitForHttp(`http://${host}/`, 60_000),
      exited.then(() => {
        throw new Error(`Auth emulator exited:\n${output}`);
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}
