import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
export const webDistDir = path.join(webDir, 'dist');
const stampFile = path.join(webDistDir, '.build-stamp');

function newestMtime(entry: string): number {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(entry, name))),
    stat.mtimeMs,
  );
}

/**
 * Builds the web client unless the build in web/dist was made from the same sources with the same
 * settings: the API and emulator URLs are compiled into the bundle.
 */
export async function ensureWebBuild(
  env: Record<string, string>,
  log: (line: string) => void,
): Promise<void> {
  const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json']
    .map((name) => path.join(webDir, name))
    .filter((entry) => existsSync(entry));
  const stamp = createHash('sha256')
    .update(JSON.stringify({ env, newest: Math.max(...inputs.map(newestMtime)) }))
    .digest('hex');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;

  log('Building the web client (first start or changed sources)...');
  // Vite reads VITE_* settings from the process environment.
  Object.assign(process.env, env);
  await build({ root: webDir, logLevel: 'warn', mode: 'production' });
  writeFileSync(stampFile, stamp);
}
