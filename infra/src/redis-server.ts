import { mkdirSync } from 'node:fs';
import { startListeningProgram, type ListeningProgram } from './listening-program.ts';
import { freePortRun } from './ports.ts';

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
  let program: ListeningProgram;

  const start = async (): Promise<void> => {
    program = await startListeningProgram({
      name: 'Redis',
      command: 'redis-server',
      args: [
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
      port,
      notInstalledHint:
        'redis-server is not installed (apt-get install redis-server), or set REDIS_URL',
    });
  };
  const stop = (): Promise<void> => program.stop();

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
