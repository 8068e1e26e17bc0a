import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { freePortRun, waitForPort } from './ports.ts';
import { notInstalled, spawnEndingWithParent } from './ends-with-parent.ts';

/*
 * A Redis server of our own (Debian's redis-server), for `npm run start:distributed` and the
 * distributed suite where no REDIS_URL is given. It persists as docker-compose.yml's does
 * (append-only file, no eviction), so a restart keeps the queues.
 */

export interface RedisServer {
  readonly url: string;
  /** Stops it (SIGTERM: it writes its append-only file first) and starts it again on its port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startRedisServer(options: {
  readonly dataDir: string;
}): Promise<RedisServer> {
  mkdirSync(options.dataDir, { recursive: true });
  const port = await freePortRun(1);
  let child: ChildProcess;
  let exited: Promise<void>;
  let output = '';

  const start = async (): Promise<void> => {
    // Stopped by the stack, or by Linux should this process end without stopping it.
    child = spawnEndingWithParent(
      'redis-server',
      [
        '--bind',
        '127.0.0.1',
        '--port',
        String(port),
        '--dir',
        options.dataDir,
        '--appendonly',
        'yes',
        '--save',
        '',
        '--maxmemory-policy',
        'noeviction',
      ],
      'SIGTERM',
    );
    let gone = false;
    let failure: Error | undefined;
    child.once('error', (error) => (failure = error));
    child.stdout?.on(
      'data',
      (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000)),
    );
    child.stderr?.on(
      'data',
      (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000)),
    );
    exited = new Promise((resolve) => child.once('close', () => resolve()));
    void exited.then(() => (gone = true));
    try {
      await waitForPort(port, { gone: () => gone });
    } catch (error) {
      const reason =
        child.exitCode === notInstalled
          ? 'redis-server is not installed (apt-get install redis-server), or set REDIS_URL'
          : `${(failure ?? (error as Error)).message}\n${output}`;
      throw new Error(`Redis did not start: ${reason}`);
    }
  };
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    async restart() {
      await stop();
      await start();
    },
    stop,
  };
}
