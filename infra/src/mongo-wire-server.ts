import { execFile } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startListeningProgram } from './listening-program.ts';
import { freePortRun } from './ports.ts';

/*
 * A MongoDB-wire server without Docker: FerretDB 1.24 (the last 1.x, whose SQLite backend needs
 * no other server), built from its Go module. It serves the MongoDB suites of `npm test` and
 * `npm run start:distributed` where no MONGODB_URL names a real MongoDB.
 */

const module = 'github.com/FerretDB/FerretDB';
export const FERRETDB_VERSION = 'v1.24.2';

const run = promisify(execFile);

/** Where the built binary is kept between runs: outside the repository, per version. */
export function ferretdbBinaryPath(): string {
  const cacheHome = process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
  return path.join(cacheHome, 'resale-market', `ferretdb-${FERRETDB_VERSION}`, 'ferretdb');
}

/**
 * The FerretDB binary, built on first use. `go install module@version` builds one that refuses to
 * start: its version comes from a generated build/version/version.txt that the module archive
 * does not carry. So the module is downloaded, copied, given that file, and built as FerretDB's
 * own release builds are.
 */
export async function ensureFerretdbBinary(
  log: (line: string) => void = () => {},
): Promise<string> {
  const binary = ferretdbBinaryPath();
  if (existsSync(binary)) return binary;
  const started = Date.now();
  log(`Building FerretDB ${FERRETDB_VERSION} from its Go module (once; kept in ${binary})...`);
  let downloaded: string;
  try {
    ({ stdout: downloaded } = await run(
      'go',
      ['mod', 'download', '-json', `${module}@${FERRETDB_VERSION}`],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    ));
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'Go is not installed' : String(error);
    throw new Error(
      `Cannot build FerretDB (the MongoDB-wire server of the tests): ${reason}. Install Go, or set MONGODB_URL to a MongoDB server.`,
    );
  }
  const { Dir: moduleDir } = JSON.parse(downloaded) as { Dir: string };
  const source = mkdtempSync(path.join(tmpdir(), 'ferretdb-source-'));
  try {
    cpSync(moduleDir, source, { recursive: true });
    // The module cache is read-only, and so is its copy.
    const versionDir = path.join(source, 'build', 'version');
    chmodSync(versionDir, 0o755);
    writeFileSync(path.join(versionDir, 'version.txt'), `${FERRETDB_VERSION}\n`);
    mkdirSync(path.dirname(binary), { recursive: true });
    // Built aside and renamed: several test projects may ask at once, and none sees half a file.
    const building = `${binary}.${process.pid}.building`;
    await run('go', ['build', '-trimpath', '-o', building, './cmd/ferretdb'], {
      cwd: source,
      maxBuffer: 16 * 1024 * 1024,
    });
    renameSync(building, binary);
  } finally {
    chmodSync(source, 0o755);
    rmSync(source, { recursive: true, force: true });
  }
  log(`FerretDB built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return binary;
}

export interface MongoWireServer {
  /** mongodb://127.0.0.1:port */
  readonly url: string;
  /** Stops the server and removes its data folder. */
  stop(): Promise<void>;
  /** What the server printed. */
  output(): string;
}

/**
 * Starts FerretDB on a free loopback port with its SQLite files in a temporary folder, or with its
 * data in the PostgreSQL database `postgresqlUrl` names (the bench's second distributed row).
 */
export async function startMongoWireServer(
  options: {
    readonly dataDir?: string;
    readonly postgresqlUrl?: string;
    readonly log?: (line: string) => void;
  } = {},
): Promise<MongoWireServer> {
  const binary = await ensureFerretdbBinary(options.log);
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'resale-ferretdb-'));
  mkdirSync(path.join(dataDir, 'state'), { recursive: true });
  if (!options.postgresqlUrl) mkdirSync(path.join(dataDir, 'sqlite'), { recursive: true });
  const port = await freePortRun(1);
  const removeOwnDataDir = (): void => {
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const server = await startListeningProgram({
    name: 'FerretDB',
    command: binary,
    args: [
      ...(options.postgresqlUrl
        ? ['--handler=postgresql', `--postgresql-url=${options.postgresqlUrl}`]
        : ['--handler=sqlite', `--sqlite-url=file:${path.join(dataDir, 'sqlite')}/`]),
      `--state-dir=${path.join(dataDir, 'state')}`,
      `--listen-addr=127.0.0.1:${port}`,
      '--debug-addr=-',
      '--telemetry=disable',
      '--log-level=WARN',
    ],
    port,
  }).catch((error: unknown) => {
    removeOwnDataDir();
    throw error;
  });
  const stop = async (): Promise<void> => {
    await server.stop();
    removeOwnDataDir();
  };
  return { url: `mongodb://127.0.0.1:${port}`, stop, output: server.output };
}
