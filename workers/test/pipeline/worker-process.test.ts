import { spawn, type ChildProcess } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePortRun } from '../../../infra/src/ports.ts';
import { deleteKeys, redisAnswers, redisUrl, uniquePrefix } from '../support/redis.ts';
import { scratchDir, teardownAfterEach } from '../support/stores.ts';

// The worker process as docker-compose and npm run start:distributed run it: worker-main.ts.

const workspace = fileURLToPath(new URL('../..', import.meta.url));
const redisUp = await redisAnswers();
const teardown = teardownAfterEach({ lenient: true });
const prefixes: string[] = [];
afterAll(async () => {
  for (const prefix of prefixes) await deleteKeys(prefix).catch(() => undefined);
});

interface WorkerMain {
  readonly child: ChildProcess;
  output(): string;
  readonly exited: Promise<number | NodeJS.Signals | null>;
}

function startWorkerMain(env: Record<string, string>): WorkerMain {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker-main.ts'], {
    cwd: workspace,
    env: { ...process.env, EVENTSTORE_URL: '', MONGODB_URL: '', LOG_LEVEL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  teardown(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  return { child, output: () => output, exited };
}

async function getJson(url: string): Promise<{ status: number; body: unknown } | undefined> {
  try {
    const response = await fetch(url);
    return { status: response.status, body: await response.json() };
  } catch {
    return undefined; // not listening yet
  }
}

/** The first 200 of /readyz; fails when the process exits or 30 s pass first. */
async function readyzOf(worker: WorkerMain, port: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await getJson(`http://127.0.0.1:${port}/readyz`);
    if (answer?.status === 200) return answer;
    const why =
      worker.child.exitCode !== null ? 'exited' : Date.now() > deadline ? 'timed out' : '';
    if (why) throw new Error(`/readyz never answered 200 (${why}):\n${worker.output()}`);
    await sleep(100);
  }
}

describe('a worker process', () => {
  it('refuses an invalid LOG_LEVEL in one line naming the levels, and exits 1 before it opens anything', async () => {
    const scratch = await scratchDir('worker-main');
    teardown(scratch.remove);
    const worker = startWorkerMain({
      DATA_DIR: join(scratch.path, 'data'),
      REDIS_URL: redisUrl,
      LOG_LEVEL: 'loud',
    });
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toBe(
      'Invalid worker setting: LOG_LEVEL=loud is not one of fatal, error, warn, info, debug, trace, silent\n',
    );
    expect(await readdir(scratch.path)).toEqual([]);
  });

  it.skipIf(!redisUp)(
    redisUp
      ? 'answers /readyz 200 once it consumes its queues, at LOG_LEVEL=warn too, and stops on SIGTERM'
      : `answers /readyz (skipped: no Redis at ${redisUrl})`,
    async () => {
      const scratch = await scratchDir('worker-main');
      teardown(scratch.remove);
      const prefix = uniquePrefix('worker-main');
      prefixes.push(prefix);
      const port = await freePortRun(1);
      const worker = startWorkerMain({
        DATA_DIR: scratch.path,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        QUEUE_PARTITIONS: '2',
        LOG_LEVEL: 'warn',
        HEALTH_PORT: String(port),
      });
      const ready = await readyzOf(worker, port);
      expect(ready).toEqual({
        status: 200,
        body: {
          status: 'ready',
          checks: {
            queues: { ok: true, state: 'started', partitions: 2 },
            eventStore: { ok: true, headPosition: 0 },
            readStore: { ok: true, checkpoint: 0 },
          },
        },
      });
      expect(await getJson(`http://127.0.0.1:${port}/healthz`)).toEqual({
        status: 200,
        body: { status: 'ok' },
      });
      // Nothing below warn was written: readiness did not come from a log line.
      expect(worker.output()).toBe('');

      worker.child.kill('SIGTERM');
      expect(await worker.exited).toBe(0);
    },
    60_000,
  );
});
