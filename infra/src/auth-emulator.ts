import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const infraDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const firebaseBin = createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js');

export const AUTH_PROJECT_ID = 'demo-resale';

export interface AuthEmulator {
  readonly host: string;
  stop(): Promise<void>;
}

/** Waits until something answers HTTP at the URL, or fails after the deadline. */
export async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch {
      if (Date.now() > deadline)
        throw new Error(`Nothing answered at ${url} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * Starts the Firebase Auth emulator (no Java needed for auth). With `dataDir`, accounts are
 * imported from it on start and exported to it on exit, so a second start keeps them.
 */
export async function startAuthEmulator(options: {
  port: number;
  dataDir?: string;
}): Promise<AuthEmulator> {
  const args = [firebaseBin, 'emulators:start', '--only', 'auth', '--project', AUTH_PROJECT_ID];
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    args.push('--import', options.dataDir, '--export-on-exit', options.dataDir);
  }
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: infraDir,
    env: { ...process.env, FIREBASE_EMULATORS_AUTH_PORT: String(options.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const host = `127.0.0.1:${options.port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`Auth emulator exited (${code}):\n${output}`))),
  );
  await Promise.race([waitForHttp(`http://${host}/`, 60_000), exited]);
  return {
    host,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}
