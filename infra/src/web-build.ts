import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
export const webDistDir = path.join(webDir, 'dist');
const viteBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
  'bin/vite.js',
);

/** The client's build-time settings (VITE_*): the API and emulator URLs are compiled in. */
export type WebBuildSettings = Readonly<Record<`VITE_${string}`, string>>;

export interface WebBuildOptions {
  readonly settings: WebBuildSettings;
  /** Where the build goes; web/dist by default. */
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
 * settings. Vite runs in a child process: it reads VITE_* from the environment and sets NODE_ENV,
 * which must not leak into this process (a test runner spawning workers, for one).
 */
export async function ensureWebBuild(options: WebBuildOptions): Promise<void> {
  const { settings, outDir = webDistDir, log = () => {} } = options;
  const stampFile = path.join(outDir, '.build-stamp');
  const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json']
    .map((name) => path.join(webDir, name))
    .filter((entry) => existsSync(entry));
  const stamp = createHash('sha256')
    .update(JSON.stringify({ settings, newest: Math.max(...inputs.map(newestMtime)) }))
    .digest('hex');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;

  log('Building the web client (first start or changed sources)...');
  const args = [viteBin, 'build', '--mode', 'production', '--logLevel', 'warn'];
  args.push('--outDir', outDir, '--emptyOutDir');
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
  if (code !== 0) throw new Error(`The web client build failed (exit ${code}):\n${output}`);
  writeFileSync(stampFile, stamp);
}
