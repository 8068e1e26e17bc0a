import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { waitForHttp } from '../../infra/src/auth-emulator.ts';

// The tests run their own Auth emulator on 9199 (hub 4409, logging 4509), so a running
// `npm start` (9099, 4400, 4500) keeps its own. infra's startAuthEmulator ignores its `port`
// (infra/firebase.json pins 9099), hence a generated firebase.json here.
const port = Number(process.env.GATEWAY_TEST_AUTH_PORT ?? 9199);
const host = `127.0.0.1:${port}`;
const firebaseBin = createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('authEmulatorHost', host);
  // Tests use unique e-mails, so an emulator already listening there can be shared.
  try {
    await waitForHttp(`http://${host}/`, 300);
    return async () => {};
  } catch {
    // none running: start one
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'gateway-auth-emulator-'));
  writeFileSync(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: port - 4790 },
        logging: { host: '127.0.0.1', port: port - 4690 },
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
