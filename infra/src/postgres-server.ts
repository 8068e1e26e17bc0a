import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { setprivAsUser } from './ends-with-parent.ts';
import { startListeningProgram } from './listening-program.ts';
import { freePortRun } from './ports.ts';

/*
 * A throwaway PostgreSQL server (Debian's postgresql package) for the bench's second
 * MongoDB-wire server: FerretDB 1.24 on PostgreSQL, whose `_id` look-ups use an index where its
 * SQLite backend scans (README, "What was proven against which server"). Not used by the product
 * nor by `npm test`.
 */

const run = promisify(execFile);
const installRoot = '/usr/lib/postgresql';

/** The bin folder of the newest PostgreSQL installed, or undefined. */
export function postgresBinDir(): string | undefined {
  if (!existsSync(installRoot)) return undefined;
  const versions = readdirSync(installRoot)
    .filter((name) => existsSync(path.join(installRoot, name, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : path.join(installRoot, versions[0], 'bin');
}

export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:port/postgres */
  readonly url: string;
  /** "PostgreSQL 15" */
  readonly label: string;
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL on a free loopback port with its cluster in a temporary folder of its own (the
 * `postgres` user must reach it), removed by `stop`, trusting local connections. Writes are
 * acknowledged before their WAL is flushed (synchronous_commit off; the WAL writer flushes it
 * within a fraction of a second), as MongoDB acknowledges a write without `j: true` before its
 * journal flush. From root it runs as the `postgres` user, as it must.
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  const user = process.getuid?.() === 0 ? 'postgres' : undefined;
  const cluster = mkdtempSync(path.join(tmpdir(), 'resale-postgresql-'));
  if (user) {
    const ids = async (flag: '-u' | '-g'): Promise<number> =>
      Number((await run('id', [flag, user])).stdout.trim());
    chownSync(cluster, await ids('-u'), await ids('-g'));
  }
  const asUser = user ? ['setpriv', ...setprivAsUser(user)] : [];
  const initdb = [path.join(bin, 'initdb'), '-D', cluster, '-U', 'postgres'];
  initdb.push('--auth=trust', '-E', 'UTF8', '--no-sync');
  const [command, ...args] = [...asUser, ...initdb] as [string, ...string[]];
  await run(command, args);
  const port = await freePortRun(1);
  const server = await startListeningProgram({
    name: 'PostgreSQL',
    command: path.join(bin, 'postgres'),
    args: [
      '-D',
      cluster,
      '-p',
      String(port),
      '-k',
      cluster,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'synchronous_commit=off',
    ],
    port,
    ...(user ? { user } : {}),
  }).catch((error: unknown) => {
    rmSync(cluster, { recursive: true, force: true });
    throw error;
  });
  const stop = async (): Promise<void> => {
    // SIGTERM: PostgreSQL's smart shutdown waits for clients; SIGINT (fast) ends their sessions.
    await server.stop('SIGINT');
    rmSync(cluster, { recursive: true, force: true });
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    label: `PostgreSQL ${path.basename(path.dirname(bin))}`,
    stop,
  };
}
