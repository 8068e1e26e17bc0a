import { build, stop, type Plugin } from 'esbuild';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A worker thread's code as plain-JavaScript files in a folder of its own, removed with `remove`. */
export interface ThreadBundle {
  readonly url: URL;
  remove(): Promise<void>;
}

const skipSelf = Symbol('resolved by esbuild itself');

/**
 * Packages bundled with our modules: typebox is published as several hundred small ESM files, and
 * each module Node loads keeps its source and records in every thread that loads it; bundled,
 * only the parts the thread uses are loaded, once.
 */
const bundledPackages = ['typebox'];

/**
 * Our own modules (and `bundledPackages`) are bundled; everything else stays a module Node loads
 * itself, by its absolute URL (the bundle's own place then does not matter): packages as esbuild
 * resolves them for Node, and our plain CommonJS files, which run as they are (some start threads
 * by their path).
 */
const externalByAbsoluteUrl: Plugin = {
  name: 'external-by-absolute-url',
  setup(builder) {
    builder.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind === 'entry-point' || args.pluginData === skipSelf) return undefined;
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const relative = args.path.startsWith('.') || isAbsolute(args.path);
      if (relative && args.path.endsWith('.cjs'))
        return { path: pathToFileURL(resolve(args.resolveDir, args.path)).href, external: true };
      if (relative || args.path.startsWith('@resale/')) return undefined;
      if (bundledPackages.some((name) => args.path === name || args.path.startsWith(`${name}/`)))
        return undefined;
      const found = await builder.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: skipSelf,
      });
      if (found.errors.length > 0) return { errors: found.errors };
      return { path: pathToFileURL(found.path).href, external: true };
    });
  },
};

/**
 * `import.meta.url` is the module's own file in every module of ours, as it would be unbundled:
 * they find their neighbours by it (the event store's writer thread, say).
 */
const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.(ts|mts|mjs|js)$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const source = await readFile(args.path, 'utf8');
      return {
        contents: source.replaceAll(
          'import.meta.url',
          JSON.stringify(pathToFileURL(args.path).href),
        ),
        loader: /\.m?ts$/.test(args.path) ? 'ts' : 'js',
      };
    });
  },
};

let buildsInFlight = 0;

/**
 * Bundles a worker thread's TypeScript entry with esbuild into a private temporary folder. The
 * thread then runs without a TypeScript loader: registering tsx's in a thread starts a loader
 * thread of its own and compiles every module again there, which raises the gateway's peak memory
 * under read load.
 */
export async function bundleThreadEntry(entry: URL): Promise<ThreadBundle> {
  const folder = await mkdtemp(join(tmpdir(), 'resale-thread-'));
  const remove = (): Promise<void> => rm(folder, { recursive: true, force: true });
  buildsInFlight += 1;
  try {
    await build({
      entryPoints: { thread: fileURLToPath(entry) },
      bundle: true,
      // What the entry imports lazily (the EventStoreDB and MongoDB adapters, BullMQ) stays in
      // chunks of its own, loaded only if asked for: inlined, their packages would load at once.
      splitting: true,
      outdir: folder,
      outExtension: { '.js': '.mjs' },
      platform: 'node',
      format: 'esm',
      target: 'node24',
      // Node's own conditions: a package's file is the one Node would load for an import.
      conditions: ['node'],
      logLevel: 'silent',
      plugins: [externalByAbsoluteUrl, ownImportMetaUrl],
    });
  } catch (error) {
    await remove();
    throw error;
  } finally {
    buildsInFlight -= 1;
    // esbuild's service process is not needed once the bundles are built.
    if (buildsInFlight === 0) await stop();
  }
  return { url: pathToFileURL(join(folder, 'thread.mjs')), remove };
}
