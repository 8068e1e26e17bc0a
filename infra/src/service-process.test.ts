import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePortRun } from './ports.ts';
import { startRedisServer } from './redis-server.ts';

const moduleUrl = new URL('./service-process.ts', import.meta.url).href;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('a service process of the distributed profile', () => {
  it(
    'stops with the process that started it, even when that one is killed with SIGKILL',
    { timeout: 90_000 },
    async () => {
      const scratch = mkdtempSync(path.join(tmpdir(), 'infra-service-process-'));
      const redis = await startRedisServer({ dataDir: path.join(scratch, 'redis') });
      const healthPort = await freePortRun(1);
      const env = {
        DATA_DIR: path.join(scratch, 'data'),
        REDIS_URL: redis.url,
        REDIS_PREFIX: `service-process-${process.pid}`,
        HEALTH_PORT: String(healthPort),
        HEALTH_HOST: '127.0.0.1',
        EVENTSTORE_URL: '',
        MONGODB_URL: '',
        LOG_LEVEL: 'info',
      };
      // A parent of its own, as `npm run start:distributed` is: it starts a worker, says which, and
      // waits. The worker's output goes to the parent, whose end of it goes with the parent.
      const parent = spawn(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const { startServiceProcess } = await import(${JSON.stringify(moduleUrl)});
         const worker = await startServiceProcess({
           name: 'worker',
           workspace: 'workers',
           entry: 'src/worker-main.ts',
           env: ${JSON.stringify(env)},
           ready: { url: 'http://127.0.0.1:${healthPort}/readyz' },
         });
         console.log('started ' + worker.child.pid);
         setInterval(() => {}, 60_000);`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let workerPid: number | undefined;
      try {
        workerPid = await new Promise<number>((resolve, reject) => {
          let output = '';
          parent.stdout.on('data', (chunk: Buffer) => {
            output += chunk.toString();
            const started = /started (\d+)/.exec(output);
            if (started) resolve(Number(started[1]));
          });
          parent.once('exit', (code) =>
            reject(new Error(`the parent exited (${code}): ${output}`)),
          );
        });
        expect(alive(workerPid)).toBe(true);

        parent.kill('SIGKILL');

        // Nothing tells this test of another process's child ending: its pid is watched.
        const pid = workerPid;
        await expect.poll(() => alive(pid), { timeout: 30_000, interval: 100 }).toBe(false);
      } finally {
        parent.kill('SIGKILL');
        if (workerPid !== undefined && alive(workerPid)) process.kill(workerPid, 'SIGKILL');
        await redis.stop();
        rmSync(scratch, { recursive: true, force: true });
      }
    },
  );
});
