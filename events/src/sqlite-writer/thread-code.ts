import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { JobKind } from './jobs.ts';

/**
 * The module a thread of each kind of job runs: the log's reader needs the event catalog, which
 * the writers' threads have no use for, so it is bundled apart.
 */
const entryOf = (kind: JobKind): URL =>
  kind === 'log-reads'
    ? new URL('../store/log-reads-thread.ts', import.meta.url)
    : new URL('./thread.ts', import.meta.url);

const bundled = new Map<string, Promise<string>>();

/**
 * The module a thread of this kind runs and what it imports, bundled by esbuild into one
 * plain-JavaScript (CommonJS) text that a worker thread evaluates. `new Worker(<thread.ts>)` would
 * run too (Node strips the types), but each SQLite thread would then load and strip its modules
 * itself as it starts, and so start later; each bundle is built once per JavaScript thread that
 * starts SQLite threads (the first request waits for it) and is evaluated as it is by each of them.
 */
export function sqliteThreadCode(kind: JobKind): Promise<string> {
  const entry = fileURLToPath(entryOf(kind));
  let code = bundled.get(entry);
  if (!code) {
    code = bundle(entry)
      // esbuild's service is shared with whatever else bundles in this thread, and the workers'
      // thread-bundle.ts stops it once its own bundles are built, failing a build of ours then
      // running: once more, on a new service. Not stopped here, for the same reason (it would
      // fail a projection thread's bundle being built): the idle service, a process of its own,
      // holds no event loop.
      .catch(() => bundle(entry))
      .catch((error: unknown) => {
        bundled.delete(entry);
        throw error;
      });
    bundled.set(entry, code);
  }
  return code;
}

async function bundle(entry: string): Promise<string> {
  // Loaded when first needed: a process that only reads never loads esbuild.
  const { build } = await import('esbuild');
  const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
  const { outputFiles } = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    target: 'node24',
    // better-sqlite3 (and its native addon) stays the installed package, required by its path:
    // evaluated code would resolve a package name from the working directory, not from here.
    alias: { 'better-sqlite3': sqlite },
    external: [sqlite],
    logLevel: 'silent',
  });
  const code = outputFiles[0]?.text;
  if (code === undefined) throw new Error(`esbuild returned no code for ${entry}`);
  return code;
}
