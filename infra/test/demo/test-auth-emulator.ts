import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUTH_PROJECT_ID, waitForHttp, type AuthEmulator } from '../../src/auth-emulator.ts';

const firebaseBin = createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js');

/**
 * An Auth emulator of its own for these tests, on its own auth, hub and logging ports so that it
 * runs beside `npm start` and the gateway's tests. startAuthEmulator() cannot be used yet: it
 * always starts on infra/firebase.json's port 9099, whatever port it is given.
 */
export async function startTestAuthEmulator(ports: {
  auth: number;
  hub: number;
  logging: number;
}): Promise<AuthEmulator> {
  const dir = mkdtempSync(path.join(tmpdir(), 'infra-auth-emulator-'));
  writeFileSync(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: ports.auth },
        hub: { host: '127.0.0.1', port: ports.hub },
        logging: { host: '127.0.0.1', port: ports.logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const args = ['emulators:start', '--only', 'auth', '--project', AUTH_PROJECT_ID];
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
  const host = `127.0.0.1:${ports.auth}`;
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
  return { host, stop };
}
