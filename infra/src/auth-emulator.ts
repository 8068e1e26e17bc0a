import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endsWithParentModule } from './ends-with-parent.ts';
import { freePortRun, listenRefusal } from './ports.ts';

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

/** The emulator's own ports besides `port`, by default the two after it, as firebase.json sets them. */
export const emulatorPorts = (
  options: Pick<AuthEmulatorOptions, 'port' | 'hubPort' | 'loggingPort'>,
): { readonly auth: number; readonly hub: number; readonly logging: number } => ({
  auth: options.port,
  hub: options.hubPort ?? options.port + 1,
  logging: options.loggingPort ?? options.port + 2,
});

/** One of the emulator's ports that something else holds (listen's error code). */
export interface BusyEmulatorPort {
  readonly role: 'auth' | 'hub' | 'logging';
  readonly port: number;
  readonly code: string;
}

/** The emulator could not have its ports: another program (or another emulator) has them. */
export class EmulatorPortsBusyError extends Error {
  readonly busy: readonly BusyEmulatorPort[];
  /** An Auth emulator answers on the port: one this start did not launch, never used in its place. */
  readonly otherEmulator: boolean;

  constructor(busy: readonly BusyEmulatorPort[], otherEmulator = false) {
    const auth = busy.find(({ role }) => role === 'auth');
    super(
      otherEmulator && auth
        ? `port ${auth.port} is in use by a Firebase Auth emulator this start did not launch (another npm start, or one left running by a start that was killed): its accounts are not this start's, so it is not used; stop it, or choose another port`
        : busy
            .map(
              ({ role, port, code }) =>
                `the Auth emulator's ${role} port ${port} is taken (${code})`,
            )
            .join('; '),
    );
    this.busy = busy;
    this.otherEmulator = otherEmulator;
    this.name = 'EmulatorPortsBusyError';
  }
}

/**
 * Loaded into the emulator's process before firebase-tools: when this process ends, however, the
 * emulator stops as on Ctrl-C, exporting its accounts; should that hang, it exits anyway.
 */
const emulatorEndsWithParent = endsWithParentModule('SIGINT', 15_000);

/** The emulator's ports that this process could not listen on (on 127.0.0.1, where it listens). */
export async function busyEmulatorPorts(
  options: Pick<AuthEmulatorOptions, 'port' | 'hubPort' | 'loggingPort'>,
): Promise<BusyEmulatorPort[]> {
  const ports = emulatorPorts(options);
  const busy: BusyEmulatorPort[] = [];
  for (const role of ['auth', 'hub', 'logging'] as const) {
    const code = await listenRefusal(ports[role], '127.0.0.1');
    if (code !== null) busy.push({ role, port: ports[role], code });
  }
  return busy;
}

/** Whether a Firebase Auth emulator answers on the port (its root says `authEmulator`). */
export async function answersAsAuthEmulator(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/`, {
      signal: AbortSignal.timeout(2000),
    });
    const body = (await response.json()) as { authEmulator?: unknown };
    return typeof body.authEmulator === 'object' && body.authEmulator !== null;
  } catch {
    return false;
  }
}

const getJson = async (url: string): Promise<unknown> => {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
};

/**
 * Whether the emulator this process launched (`pid`) answers: its hub (on `hub`) belongs to that
 * process and lists its Auth emulator on `auth`, which answers. 'foreign' when the hub is another
 * process's: something else answers there, and it is never used in its place.
 */
async function launchedEmulatorState(
  pid: number | undefined,
  ports: { readonly auth: number; readonly hub: number },
): Promise<'ready' | 'starting' | 'foreign'> {
  let locator: { pid?: unknown };
  try {
    locator = (await getJson(`http://127.0.0.1:${ports.hub}/`)) as { pid?: unknown };
  } catch {
    return 'starting';
  }
  if (locator.pid !== pid) return 'foreign';
  try {
    const emulators = (await getJson(`http://127.0.0.1:${ports.hub}/emulators`)) as {
      auth?: { port?: unknown };
    };
    if (emulators.auth?.port !== ports.auth) return 'starting';
    return (await answersAsAuthEmulator(ports.auth)) ? 'ready' : 'starting';
  } catch {
    return 'starting';
  }
}

/**
 * Starts the Firebase Auth emulator (no Java needed for auth). firebase-tools reads its ports only
 * from a firebase.json, so each instance gets a generated one: several emulators (npm start, the
 * gateway's and infra's tests) then run side by side.
 */
export async function startAuthEmulator(options: AuthEmulatorOptions): Promise<AuthEmulator> {
  const ports = emulatorPorts(options);
  const { auth: port, hub: hubPort, logging: loggingPort } = ports;
  // An emulator already there (another `npm start`) would answer in place of this one: refuse.
  const busy = await busyEmulatorPorts(options);
  if (busy.length > 0)
    throw new EmulatorPortsBusyError(
      busy,
      busy.some(({ role }) => role === 'auth') && (await answersAsAuthEmulator(port)),
    );
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
  const args = ['--import', emulatorEndsWithParent, firebaseBin, 'emulators:start'];
  args.push('--only', 'auth', '--project', AUTH_PROJECT_ID);
  args.push('--config', 'firebase.json');
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    args.push('--import', options.dataDir, '--export-on-exit', options.dataDir);
  }
  const child = spawn(process.execPath, args, {
    cwd: configDir,
    // stdin: the pipe whose end tells the emulator that this process ended (emulatorEndsWithParent).
    stdio: ['pipe', 'pipe', 'pipe'],
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
  let gone = false;
  void exited.then(() => (gone = true));
  try {
    // Ready once the emulator this process launched answers, never another one on its ports.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const state = await launchedEmulatorState(child.pid, ports);
      if (state === 'ready') break;
      if (state === 'foreign')
        throw new Error(
          `Another program answers on the Auth emulator's hub port ${hubPort}; this start's emulator cannot be told from it`,
        );
      if (gone) throw new Error(`Auth emulator exited before answering on ${host}:\n${output}`);
      if (Date.now() > deadline)
        throw new Error(`The Auth emulator did not answer on ${host} within 60 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { host, stop };
}

/**
 * A start's Auth emulator, its accounts kept in the data folder: on `port` (its hub and logging
 * ports the emulator's defaults), or with 0 on free ports, all three.
 */
export async function startStackAuthEmulator(port: number, dataDir: string): Promise<AuthEmulator> {
  const accountsDir = path.join(dataDir, 'auth');
  return startAuthEmulator(
    port === 0
      ? {
          port: await freePortRun(1),
          hubPort: await freePortRun(1),
          loggingPort: await freePortRun(1),
          dataDir: accountsDir,
        }
      : { port, dataDir: accountsDir },
  );
}
