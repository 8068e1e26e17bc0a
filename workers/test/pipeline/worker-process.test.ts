import { spawn, type ChildProcess } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { redisUrl } from '../support/redis.ts';
import { scratchDir, teardownAfterEach } from '../support/stores.ts';

// The worker process as docker-compose and npm run start:distributed run it: worker-main.ts.

const workspace = fileURLToPath(new URL('../..', import.meta.url));
const teardown = teardownAfterEach({ lenient: true });

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
});
