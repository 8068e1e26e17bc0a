import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { notInstalled, spawnEndingWithParent } from './ends-with-parent.ts';

const run = promisify(execFile);
const redisModuleUrl = new URL('./redis-server.ts', import.meta.url).href;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('a program that is not Node, spawned to end with this process', () => {
  it(
    'a redis-server ends with the process that started it, even when that one is killed with SIGKILL',
    { timeout: 60_000 },
    async () => {
      const scratch = mkdtempSync(path.join(tmpdir(), 'infra-ends-with-parent-'));
      // A parent of its own, as `npm run start:distributed` is: it starts Redis, says which, and
      // waits.
      const parent = spawn(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const { startRedisServer } = await import(${JSON.stringify(redisModuleUrl)});
         const redis = await startRedisServer({ dataDir: ${JSON.stringify(scratch)} });
         console.log('started ' + redis.url);
         setInterval(() => {}, 60_000);`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let redisPid: number | undefined;
      try {
        const url = await new Promise<string>((resolve, reject) => {
          let output = '';
          parent.stdout.on('data', (chunk: Buffer) => {
            output += chunk.toString();
            const started = /started (\S+)/.exec(output);
            if (started?.[1]) resolve(started[1]);
          });
          parent.once('exit', (code) =>
            reject(new Error(`the parent exited (${code}): ${output}`)),
          );
        });
        const port = new URL(url).port;
        // The program itself, not a wrapper, holds the port: setpriv ran it in its own place.
        const { stdout } = await run('pgrep', ['-f', `redis-server 127.0.0.1:${port}`]);
        redisPid = Number(stdout.trim().split('\n')[0]);
        expect(alive(redisPid)).toBe(true);

        parent.kill('SIGKILL');

        // Nothing tells this test of another process's child ending: its pid is watched.
        const pid = redisPid;
        await expect.poll(() => alive(pid), { timeout: 20_000, interval: 100 }).toBe(false);
      } finally {
        parent.kill('SIGKILL');
        if (redisPid !== undefined && alive(redisPid)) process.kill(redisPid, 'SIGKILL');
        rmSync(scratch, { recursive: true, force: true });
      }
    },
  );

  it('says when the program is not installed', async () => {
    const child = spawnEndingWithParent('resale-no-such-program', [], 'SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(notInstalled);
  });
});
