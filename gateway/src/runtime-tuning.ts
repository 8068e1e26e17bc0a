import { setFlagsFromString } from 'node:v8';

/**
 * Runtime tuning of a process that serves the API, in one place. Nothing here runs on import:
 * `startServer` (start-server.ts) calls `tuneRuntime()` once, before it builds the server, and a
 * process that only imports the gateway (a test, a worker) keeps V8's defaults. A choice made on
 * the command line always wins. What each setting is worth is measured by `npm run bench`.
 */

/**
 * Flags only the command line can set: a young generation of 2 x 8 MiB instead of 2 x 16 MiB,
 * for less RSS under read load. The start scripts pass them (`serve` in gateway/package.json,
 * `start` in infra/package.json, the gateway service of docker-compose.yml), and so does the
 * benchmark for its gateway process.
 */
export const gatewayNodeFlags = ['--max-semi-space-size=8'] as const;

/**
 * How far V8 lets the old generation grow past what survived its last full collection before it
 * collects again, in percent. Under read load the gateway promotes many short-lived request
 * objects (100 connections in flight outlive the young generation's collections); with V8's own
 * factor (up to 4 times on a machine with a few GB) most of that garbage stays in the RSS. 30 %
 * keeps the old generation near the live heap for a full collection, marked concurrently, every
 * few seconds under load. V8 reads the flag at each full collection, so setting it at run time
 * takes effect.
 */
export const heapGrowingPercent = 30;

let tuned: Promise<void> | undefined;

/** Applies the settings below to this process, once (later calls return the first one's promise). */
export function tuneRuntime(execArgv: readonly string[] = process.execArgv): Promise<void> {
  tuned ??= (async () => {
    limitHeapGrowth(execArgv);
    await settleNextTick(execArgv);
  })();
  return tuned;
}

/** Sets the heap growing factor unless the command line chose one; says whether it did. */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent\b/.test(arg))) return false;
  setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
  return true;
}

/**
 * Settles `process.nextTick` before a server starts: call it once, before the first request.
 *
 * Node builds each tick as an object literal with computed (symbol) keys, and V8 records the maps
 * that literal's property definitions see. In some starts those definitions turn megamorphic
 * while the maps of the first ticks settle, and stay so for the life of the process: each nextTick
 * then defines its properties through V8's runtime, and Node's HTTP server makes about a dozen
 * calls per request. Which starts are hit is chance. Ticks made here, before any request, in
 * small batches that each drain, give each definition one map.
 *
 * Once the literal is built inline, V8 also tracks which of its objects outlive a young-generation
 * collection: a start-up burst that leaves many ticks queued during one (the gateway catching up
 * on a catalog) can make it allocate every later tick in the old generation (pretenuring), and the
 * process then spends its time collecting them. Allocation-site pretenuring is turned off for that
 * reason: the gateway's allocations are mostly per request and short-lived.
 */
export async function settleNextTick(
  execArgv: readonly string[] = process.execArgv,
): Promise<void> {
  if (!execArgv.some((arg) => /^--(no-)?allocation[-_]site[-_]pretenuring\b/.test(arg)))
    setFlagsFromString('--no-allocation-site-pretenuring');
  const ignore = (..._args: unknown[]): void => {};
  for (let batch = 0; batch < batches; batch++)
    await new Promise<void>((resolve) => {
      // The arities Node's streams and HTTP server use (a callback with 0 to 3 arguments).
      for (let tick = 0; tick < ticksPerBatch; tick += 4) {
        process.nextTick(ignore);
        process.nextTick(ignore, 1);
        process.nextTick(ignore, 1, 2);
        process.nextTick(ignore, 1, 2, 3);
      }
      setImmediate(resolve);
    });
}

const batches = 2_000;
const ticksPerBatch = 20;
