import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const firebaseBin = createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js');

export const AUTH_PROJECT_ID = 'demo-resale';

export interface AuthEmulator {
  /** host:port, the form FIREBASE_AUTH_EMULATOR_HOST takes. */
  readonly host: string;
  stop(): Promise<void>;
}

export interface AuthEmulatorOptions {
  readonly port: number;
  /** The emulator hub and logging ports; by default the two ports after `port`. */
  readonly hubPort?: number;
  readonly loggingPort?: number;
  /** Accounts are imported from here on start and exported here on a clean exit. */
  readonly dataDir?: string;
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
 * Starts the Firebase Auth emulator (no Java needed for auth). firebase-tools reads its ports only
 * from a firebase.json, so each instance gets a generated one: several emulators (npm start, the
 * gateway's and infra's tests) then run side by side.
 */
export async function startAuthEmulator(options: AuthEmulatorOptions): Promise<AuthEmulator> {
  const { port, hubPort = port + 1, loggingPort = port + 2 } = options;
  const configDir = mkdtempSync(path.join(tmpdir(), 'resale-auth-emulator-'));
  writeFileSync(
    path.join(configDir, 'firebase.json'),
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
  const args = [firebaseBin, 'emulators:start', '--only', 'auth', '--project', AUTH_PROJECT_ID];
  args.push('--config', 'firebase.json');
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    args.push('--import', options.dataDir, '--export-on-exit', options.dataDir);
  }
  const child = spawn(process.execPath, args, {
    cwd: configDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    await exited;
    rmSync(configDir, { recursive: true, force: true });
  };
  const host = `127.0.0.1:${port}`;
  try {
    await Promise.race([
      waitForHttp(`http://${host}/`, 60_000),
      exited.then(() => {
        throw new Error(`Auth emulator exited before answering on ${host}:\n${output}`);
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { host, stop };
}
