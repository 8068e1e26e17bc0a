import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
/**
 * Where starts build the web client: one folder per stamp (sources and settings), so a second
 * start with other ports never rewrites the files a running one serves. Not web/dist, which
 * `npm run -w web build` empties.
 */
export const webStartBuildsDir = path.join(webDir, '.start-builds');
/** Start builds kept, the most recently used first; older ones are removed after a build. */
const keptStartBuilds = 4;
const stampFileName = '.build-stamp';
const viteBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
  'bin/vite.js',
);

/** The client's build-time settings (VITE_*): the API and emulator URLs are compiled in. */
export type WebBuildSettings = Readonly<Record<`VITE_${string}`, string>>;

export interface WebBuildOptions {
  readonly settings: WebBuildSettings;
  /** Where the build goes; a folder of its own under web/.start-builds by default. */
  readonly outDir?: string;
  readonly log?: (line: string) => void;
}

function newestMtime(entry: string): number {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(entry, name))),
    stat.mtimeMs,
  );
}

/**
 * Builds the web client unless the build in `outDir` was made from the same sources with the same
 * settings, and answers the folder that holds it. The build goes to a temporary folder renamed
 * into place, so a start never serves, or a concurrent start never empties, a half-written one.
 * Vite runs in a child process: it reads VITE_* from the environment and sets NODE_ENV, which
 * must not leak into this process (a test runner spawning workers, for one).
 */
export async function ensureWebBuild(options: WebBuildOptions): Promise<string> {
  const { settings, log = () => {} } = options;
  const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json']
    .map((name) => path.join(webDir, name))
    .filter((entry) => existsSync(entry));
  const stamp = createHash('sha256')
    .update(JSON.stringify({ settings, newest: Math.max(...inputs.map(newestMtime)) }))
    .digest('hex');
  const outDir = options.outDir ?? path.join(webStartBuildsDir, stamp.slice(0, 16));
  const stampFile = path.join(outDir, stampFileName);
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) {
    const now = new Date();
    utimesSync(stampFile, now, now);
    return outDir;
  }

  log('Building the web client (first start or changed sources)...');
  const buildDir = `${outDir}.building-${process.pid}`;
  const args = [viteBin, 'build', '--mode', 'production', '--logLevel', 'warn'];
  args.push('--outDir', buildDir, '--emptyOutDir');
  const child = spawn(process.execPath, args, {
    cwd: webDir,
    env: { ...process.env, ...settings, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) {
    rmSync(buildDir, { recursive: true, force: true });
    throw new Error(`The web client build failed (exit ${code}):\n${output}`);
  }
  writeFileSync(path.join(buildDir, stampFileName), stamp);
  // A folder given by the caller is replaced; a start build another start has just finished is
  // the same build, and stays.
  if (options.outDir !== undefined) rmSync(outDir, { recursive: true, force: true });
  if (existsSync(outDir)) rmSync(buildDir, { recursive: true, force: true });
  else renameSync(buildDir, outDir);
  if (options.outDir === undefined) removeOldStartBuilds();
  return outDir;
}

function removeOldStartBuilds(): void {
  const builds = readdirSync(webStartBuildsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.includes('.building-'))
    .map((entry) => path.join(webStartBuildsDir, entry.name))
    .filter((folder) => existsSync(path.join(folder, stampFileName)))
    .map((folder) => ({ folder, used: statSync(path.join(folder, stampFileName)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const { folder } of builds.slice(keptStartBuilds))
    rmSync(folder, { recursive: true, force: true });
}
