// Installs dependencies when a fresh clone (or a changed lock file) needs it, so that
// `npm start` and `npm test` are the only two commands a new user has to know.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const lock = 'package-lock.json';
const marker = 'node_modules/.package-lock.json';
const stale =
  !existsSync(marker) ||
  (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
const nativeMissing = !existsSync('node_modules/better-sqlite3/build/Release/better_sqlite3.node');

if (stale || nativeMissing) {
  console.log('Installing dependencies (first run or changed lock file)...');
  execSync('npm install --no-audit --no-fund', { stdio: 'inherit' });
  if (!existsSync('node_modules/better-sqlite3/build/Release/better_sqlite3.node')) {
    execSync('npm rebuild better-sqlite3', { stdio: 'inherit' });
  }
}
