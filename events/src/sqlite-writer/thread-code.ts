import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

let bundled: Promise<string> | undefined;

/**
 * thread.ts and what it imports, bundled by esbuild into one plain-JavaScript (CommonJS) text that
 * a worker thread evaluates. Why not `new Worker(<thread.ts>)`: no setup of this repository can
 * load TypeScript in a worker thread on Node 20. tsx registers its loader in the main thread only,
 * vitest transforms the test's modules, not a thread's, and the projection thread is itself a
 * bundle (workers' thread-bundle.ts), whose files are gone once it runs. Bundled here, from the
 * sources next to this module, the thread needs no loader in any of them, and is bundled once per
 * JavaScript thread that starts SQLite threads (the first request waits for it).
 */
export function sqliteThreadCode(): Promise<string> {
  bundled ??= bundle()
    // esbuild's service is shared with whatever else bundles in this thread, and the workers'
    // thread-bundle.ts stops it once its own bundles are built, failing a build of ours then
    // running: once more, on a new service. Not stopped here, for the same reason (it would fail
    // a projection thread's bundle being built): the idle service, a process of its own, holds
    // no event loop.
    .catch(() => bundle())
    .catch((error: unknown) => {
      bundled = undefined;
      throw error;
    });
  return bundled;
}

async function bundle(): Promise<string> {
  // Loaded when first needed: a process that only reads never loads esbuild.
  const { build } = await import('esbuild');
  const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
  const { outputFiles } = await build({
    entryPoints: [fileURLToPath(new URL('./thread.ts', import.meta.url))],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // better-sqlite3 (and its native addon) stays the installed package, required by its path:
    // evaluated code would resolve a package name from the working directory, not from here.
    alias: { 'better-sqlite3': sqlite },
    external: [sqlite],
    logLevel: 'silent',
  });
  const code = outputFiles[0]?.text;
  if (code === undefined) throw new Error('esbuild returned no code for the SQLite thread');
  return code;
}
