import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedEventStoreFile, openEmbeddedEventStore } from '@resale/events';
import { freePort, freePortRun } from '../../src/ports.ts';
import { appendDemoCatalogAsBefore } from '../support/demo-log-as-before.ts';

/*
 * `npm start` as a user runs it: infra/src/start.ts with tsx's loader (infra's start script), as a
 * child process, in a temporary DATA_DIR on free ports.
 */

const infraDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The start's settings and the gateway's: a test sets those it means, nothing comes from outside. */
const settingNames = [
  'PORT',
  'WEB_PORT',
  'AUTH_EMULATOR_PORT',
  'HOST',
  'DATA_DIR',
  'WEB_DIST_DIR',
  'NODE_ENV',
  'LOG_LEVEL',
  'PUBLIC_URL',
  'WEB_ORIGIN',
  'EVENTSTORE_URL',
  'MONGODB_URL',
  'REDIS_URL',
  'ACCESS_TOKEN_SECRET',
  'ADMIN_EMAILS',
  'FIREBASE_AUTH_EMULATOR_HOST',
  'GATEWAYS',
  'WORKERS',
];

interface StartRun {
  readonly child: ChildProcess;
  /** Everything printed so far, stdout and stderr. */
  readonly output: () => string;
  /** Resolves once a printed line matches; rejects if the start exits first. */
  readonly printed: (line: RegExp) => Promise<void>;
  readonly exited: Promise<{ code: number | null; stdout: string; stderr: string; ms: number }>;
}

/** `entry`: src/start.ts (`npm start`) or src/start-distributed.ts (`npm run start:distributed`). */
function runStart(
  settings: Record<string, string>,
  cwd: string,
  args: readonly string[] = [],
  entry = 'src/start.ts',
): StartRun {
  const env: Record<string, string | undefined> = { ...process.env, INIT_CWD: cwd };
  for (const name of settingNames) delete env[name];
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--max-semi-space-size=8', entry, ...args],
    {
      cwd: infraDir,
      env: { ...env, ...settings },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  const listeners = new Set<() => void>();
  const heard = (): void => listeners.forEach((listener) => listener());
  child.stdout.on('data', (chunk: Buffer) => ((stdout += chunk.toString()), heard()));
  child.stderr.on('data', (chunk: Buffer) => ((stderr += chunk.toString()), heard()));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string; ms: number }>(
    (resolve) =>
      child.once('exit', (code) =>
        resolve({ code, stdout, stderr, ms: performance.now() - started }),
      ),
  );
  const printed = (line: RegExp): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        if (!line.test(stdout)) return;
        listeners.delete(check);
        resolve();
      };
      listeners.add(check);
      check();
      void exited.then(({ code }) =>
        reject(
          new Error(`The start exited (${code}) before printing ${line}:\n${stdout}${stderr}`),
        ),
      );
    });
  return { child, output: () => stdout + stderr, printed, exited };
}

const linesOf = (text: string): string[] => text.split('\n').filter((line) => line.trim() !== '');

let parent: string;
beforeAll(() => {
  parent = mkdtempSync(path.join(tmpdir(), 'resale-start-'));
});
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe('npm start refuses what it cannot run, before it starts or makes anything', () => {
  it('names each invalid setting once, with its value and the values allowed, and exits 1 at once', async () => {
    const dataDir = path.join(parent, 'bad-settings', 'data');
    const { exited } = runStart({ DATA_DIR: dataDir, LOG_LEVEL: 'loud', PORT: 'abc' }, parent);
    const { code, stdout, stderr, ms } = await exited;

    expect(code).toBe(1);
    expect(linesOf(stderr)).toEqual([
      'PORT=abc must be a port number 0-65535',
      'LOG_LEVEL=loud is not one of fatal, error, warn, info, debug, trace, silent',
    ]);
    expect(stdout).toBe('');
    expect(existsSync(path.dirname(dataDir))).toBe(false);
    // No web build (20 s and more) or emulator came first.
    expect(ms).toBeLessThan(15_000);
  });

  it('names a busy port and the setting that moves it, and makes nothing', async () => {
    const dataDir = path.join(parent, 'busy-port', 'data');
    const port = await freePort('127.0.0.1');
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      const { exited } = runStart(
        { DATA_DIR: dataDir, PORT: String(port), WEB_PORT: '0', AUTH_EMULATOR_PORT: '0' },
        parent,
      );
      const { code, stderr } = await exited;
      expect(code).toBe(1);
      expect(linesOf(stderr)).toEqual([`port ${port} is in use by another program: set PORT`]);
      expect(existsSync(path.dirname(dataDir))).toBe(false);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe('npm run start:distributed refuses what it cannot run, before it starts anything', () => {
  const startDistributed = (settings: Record<string, string>) =>
    runStart(settings, parent, [], 'src/start-distributed.ts');

  it('names each invalid setting once, with what it takes, and makes nothing', async () => {
    const dataDir = path.join(parent, 'distributed-bad-settings', 'data');
    const { exited } = startDistributed({
      DATA_DIR: dataDir,
      PORT: 'abc',
      GATEWAYS: '0',
      WORKERS: 'many',
    });
    const { code, stdout, stderr } = await exited;
    expect(code).toBe(1);
    expect(linesOf(stderr)).toEqual([
      'PORT=abc must be a port number 0-65535',
      'GATEWAYS=0 must be a whole number 1-8',
      'WORKERS=many must be a whole number 1-8',
    ]);
    expect(stdout).toBe('');
    expect(existsSync(path.dirname(dataDir))).toBe(false);
  });

  it("names a later gateway's busy port, and ports two settings share", async () => {
    const dataDir = path.join(parent, 'distributed-busy-port', 'data');
    const port = await freePortRun(2, '127.0.0.1');
    const second = port + 1;
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(second, '127.0.0.1', resolve));
    try {
      const settings = { DATA_DIR: dataDir, PORT: String(port), AUTH_EMULATOR_PORT: '0' };
      const busy = await startDistributed({ ...settings, WEB_PORT: '0' }).exited;
      expect(busy.code).toBe(1);
      expect(linesOf(busy.stderr)).toEqual([
        `port ${second} (gateway 2, PORT+1) is in use by another program: set PORT`,
      ]);
      const shared = await startDistributed({ ...settings, WEB_PORT: String(second) }).exited;
      expect(shared.code).toBe(1);
      expect(linesOf(shared.stderr)).toEqual([
        `gateway 2 takes port ${second} (PORT+1), which WEB_PORT also takes: set other ports`,
      ]);
      expect(existsSync(path.dirname(dataDir))).toBe(false);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe('npm start on a data folder seeded under another PORT', () => {
  let oldPort: number;
  let ports: { PORT: number; WEB_PORT: number; AUTH_EMULATOR_PORT: number };
  let dataDir: string;
  let settings: Record<string, string>;
  let run: StartRun;

  beforeAll(async () => {
    dataDir = path.join(parent, 'seeded-before', 'data');
    mkdirSync(dataDir, { recursive: true });
    // The demo catalog as a start on port oldPort wrote it before events held image names.
    oldPort = await freePort('127.0.0.1');
    const store = openEmbeddedEventStore({ file: embeddedEventStoreFile(dataDir) });
    await appendDemoCatalogAsBefore(store, `http://127.0.0.1:${oldPort}`).finally(() =>
      store.close(),
    );
    ports = {
      PORT: await freePortRun(1),
      WEB_PORT: await freePortRun(1),
      AUTH_EMULATOR_PORT: await freePortRun(3),
    };
    settings = {
      DATA_DIR: dataDir,
      PORT: String(ports.PORT),
      WEB_PORT: String(ports.WEB_PORT),
      AUTH_EMULATOR_PORT: String(ports.AUTH_EMULATOR_PORT),
      // Its own web build: web/dist is the user's.
      WEB_DIST_DIR: path.join(parent, 'seeded-before', 'web'),
    };
    run = runStart(settings, parent);
  }, 300_000);

  afterAll(async () => {
    if (run.child.exitCode === null && run.child.signalCode === null) {
      run.child.kill('SIGINT');
      await run.exited;
    }
  }, 60_000);

  it('starts, answers image URLs with the new port, refuses a second start, and stops on Ctrl-C', async () => {
    // The "is running" block, through its last line.
    await run.printed(/is running[\s\S]*Press Ctrl-C to stop/);
    const api = `http://127.0.0.1:${ports.PORT}`;
    expect(run.output()).toContain(`API           ${api}`);

    const categories = (await (await fetch(`${api}/categories`)).json()) as { image: string }[];
    expect(categories).toHaveLength(3);
    for (const { image } of categories) expect(image).toMatch(new RegExp(`^${api}/images/`));
    const samsung = (await (await fetch(`${api}/allProducts/Samsung`)).json()) as {
      picture: string;
    }[];
    expect(samsung.length).toBeGreaterThan(0);
    for (const { picture } of samsung) expect(picture).toMatch(new RegExp(`^${api}/images/`));
    const image = await fetch(samsung[0]!.picture);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    // Started twice: the second start is refused, names every port it would need, and neither
    // uses the first one's Auth emulator nor makes a data folder.
    const secondDataDir = path.join(parent, 'second', 'data');
    const second = await runStart({ ...settings, DATA_DIR: secondDataDir }, parent).exited;
    expect(second.code).toBe(1);
    expect(linesOf(second.stderr)).toEqual([
      `port ${ports.PORT} is in use by another program: set PORT`,
      `port ${ports.WEB_PORT} is in use by another program: set WEB_PORT`,
      `port ${ports.AUTH_EMULATOR_PORT} is in use by another Firebase Auth emulator (another npm start?): stop it, or set AUTH_EMULATOR_PORT`,
    ]);
    expect(existsSync(path.dirname(secondDataDir))).toBe(false);

    run.child.kill('SIGINT');
    expect((await run.exited).code).toBe(0);
  }, 300_000);
});

describe('npm run dev', () => {
  it('serves the web client from its sources through Vite (hot reload) beside the API', async () => {
    const settings = {
      DATA_DIR: path.join(parent, 'dev', 'data'),
      PORT: String(await freePortRun(1)),
      WEB_PORT: String(await freePortRun(1)),
      AUTH_EMULATOR_PORT: String(await freePortRun(3)),
    };
    const run = runStart(settings, parent, ['--dev']);
    try {
      await run.printed(/is running[\s\S]*Press Ctrl-C to stop/);
      expect(run.output()).toContain('(from web/src, with hot reload)');
      const web = `http://127.0.0.1:${settings.WEB_PORT}`;
      // Vite's dev server: its client for hot reload, and the sources compiled on request.
      expect(await (await fetch(`${web}/`)).text()).toContain('/@vite/client');
      const main = await fetch(`${web}/src/main.tsx`);
      expect(main.status).toBe(200);
      expect(main.headers.get('content-type')).toMatch(/javascript/);
      const categories = await fetch(`http://127.0.0.1:${settings.PORT}/categories`, {
        headers: { origin: web },
      });
      expect(categories.status).toBe(200);
      expect(categories.headers.get('access-control-allow-origin')).toBe(web);
      // Nothing was built: web/dist is the user's, and the dev server needs none.
      expect(run.output()).not.toMatch(/Building the web client/i);
    } finally {
      run.child.kill('SIGINT');
      expect((await run.exited).code).toBe(0);
    }
  }, 300_000);
});
