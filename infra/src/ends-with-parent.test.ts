import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { notInstalled, spawnEndingWithParent } from './ends-with-parent.ts';
import { freePortRun } from './ports.ts';
import { startRedisServer, type RedisServer } from './redis-server.ts';

const run = promisify(execFile);

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * A parent of its own, as `npm run start:distributed` is: it runs `startIt` (a module body that
 * starts something and sets `started` to what it printed), prints that, and waits. Resolves with
 * the printed text; the parent is killed with SIGKILL after the test whatever happened.
 */
async function parentThatStarts(startIt: string): Promise<{ started: string; kill(): void }> {
  const parent = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `${startIt}\nconsole.log('started ' + started);\nsetInterval(() => {}, 60_000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const kill = (): void => void parent.kill('SIGKILL');
  cleanups.push(kill);
  const started = await new Promise<string>((resolve, reject) => {
    let output = '';
    parent.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = /started (\S+)/.exec(output);
      if (line?.[1]) resolve(line[1]);
    });
    parent.once('exit', (code) => reject(new Error(`the parent exited (${code}): ${output}`)));
  });
  return { started, kill };
}

/** Kills the parent with SIGKILL and waits until `pid` is gone. */
async function killParentAndWatch(parent: { kill(): void }, pid: number): Promise<void> {
  expect(alive(pid)).toBe(true);
  cleanups.push(() => {
    if (alive(pid)) process.kill(pid, 'SIGKILL');
  });
  parent.kill();
  // Nothing tells this test of another process's child ending: its pid is watched.
  await expect.poll(() => alive(pid), { timeout: 30_000, interval: 100 }).toBe(false);
}

const scratchDir = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'infra-ends-with-parent-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

describe('what the distributed stack starts ends with the process that started it', () => {
  it(
    'a gateway or worker process, even when that one is killed with SIGKILL',
    { timeout: 90_000 },
    async () => {
      const scratch = scratchDir();
      const redis: RedisServer = await startRedisServer({ dataDir: path.join(scratch, 'redis') });
      cleanups.push(() => redis.stop());
      const healthPort = await freePortRun(1);
      const env = {
        DATA_DIR: path.join(scratch, 'data'),
        REDIS_URL: redis.url,
        REDIS_PREFIX: `ends-with-parent-${process.pid}`,
        HEALTH_PORT: String(healthPort),
        HEALTH_HOST: '127.0.0.1',
        EVENTSTORE_URL: '',
        MONGODB_URL: '',
        LOG_LEVEL: 'info',
      };
      // The worker's output goes to the parent, whose end of it goes with the parent.
      const parent = await parentThatStarts(
        `const { startServiceProcess } = await import(${JSON.stringify(new URL('./service-process.ts', import.meta.url).href)});
       const worker = await startServiceProcess({
         name: 'worker',
         workspace: 'workers',
         entry: 'src/worker-main.ts',
         env: ${JSON.stringify(env)},
         ready: { url: 'http://127.0.0.1:${healthPort}/readyz' },
       });
       const started = worker.child.pid;`,
      );
      await killParentAndWatch(parent, Number(parent.started));
    },
  );

  it('a redis-server, a program that is not Node, likewise', { timeout: 60_000 }, async () => {
    const scratch = scratchDir();
    const parent = await parentThatStarts(
      `const { startRedisServer } = await import(${JSON.stringify(new URL('./redis-server.ts', import.meta.url).href)});
       const started = (await startRedisServer({ dataDir: ${JSON.stringify(scratch)} })).url;`,
    );
    // The program itself, not a wrapper, holds the port: setpriv ran it in its own place.
    const port = new URL(parent.started).port;
    const { stdout } = await run('pgrep', ['-f', `redis-server 127.0.0.1:${port}`]);
    await killParentAndWatch(parent, Number(stdout.trim().split('\n')[0]));
  });

  it('says when such a program is not installed', async () => {
    const child = spawnEndingWithParent('resale-no-such-program', [], 'SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(notInstalled);
  });
});
