import { setFlagsFromString } from 'node:v8';

/**
 * Runtime tuning of a process that serves the API, in one place. Nothing here runs on import:
 * `startServer` (start-server.ts) calls `tuneRuntime()` once, before it builds the server, and a
 * process that only imports the gateway (a test, a worker) keeps V8's defaults. A choice made on
 * the command line wins, but for the worker threads' young generation: the command line's is the
 * main thread's (`threadSemiSpaceMiB`). What each setting is worth is measured by `npm run bench`.
 */

/**
 * Flags only the command line can set: the main thread's young generation, 2 x 8 MiB. Commands
 * allocate fast, and with a smaller one more of each request's objects outlive its collections,
 * are promoted and cost full collections; a larger one, once grown, stays in the RSS, which the
 * benchmark's memory goal under reads bounds. The start scripts pass them (`serve` in
 * gateway/package.json, `start` in infra/package.json, the gateway's command in docker-compose.yml
 * and infra/docker/node.Dockerfile; a test holds them to this list), and so does the benchmark for
 * its gateway process.
 */
export const gatewayNodeFlags = ['--max-semi-space-size=8'] as const;

/**
 * The worker threads' young generation, in MiB per semi-space: the projection thread and the
 * SQLite threads allocate little, and each isolate's young generation is RSS of its own. V8 sizes
 * an isolate's heap from its flags when the isolate is made, and the flag overrides a thread's
 * `resourceLimits`: `tuneRuntime` sets it once the main thread's heap is made and before any
 * thread starts, so the main thread keeps the command line's.
 */
export const threadSemiSpaceMiB = 4;

/**
 * How far V8 lets the old generation grow past what survived its last full collection before it
 * collects again, in percent. Under read load the gateway promotes many short-lived request
 * objects (100 connections in flight outlive the young generation's collections); with V8's own
 * factor (up to 4 times on a machine with a few GB) most of that garbage stays in the RSS. 30 %
 * keeps the old generation near the live heap for a full collection, marked concurrently, every
 * few seconds under load. V8 reads the flag at each full collection, so setting it at run time
 * takes effect. The cost falls on commands near the machine's capacity: each of those full
 * collections pauses the event loop, and with little spare capacity the backlog of a pause drains
 * slowly, so the collections make most of the tail of the bookings' p99 at a fixed rate. A larger
 * factor shortens that tail and raises the RSS under reads: both are rows of `npm run bench`.
 */
export const heapGrowingPercent = 30;

/** Applies the settings below to this process (again: no change). */
export function tuneRuntime(execArgv: readonly string[] = process.execArgv): void {
  limitHeapGrowth(execArgv);
  setFlagsFromString(`--max-semi-space-size=${threadSemiSpaceMiB}`);
}

/** Sets the heap growing factor unless the command line chose one; says whether it did. */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent\b/.test(arg))) return false;
  setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
  return true;
}
