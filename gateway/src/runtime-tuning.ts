import { setFlagsFromString } from 'node:v8';

/**
 * Runtime tuning of a process that serves the API, in one place. Nothing here runs on import:
 * `startServer` (start-server.ts) calls `tuneRuntime()` once, before it builds the server, and a
 * process that only imports the gateway (a test, a worker) keeps V8's defaults. A choice made on
 * the command line always wins. What each setting is worth is measured by `npm run bench`.
 */

/**
 * Flags only the command line can set: a young generation of 2 x 4 MiB instead of 2 x 16 MiB,
 * for less RSS under read load. V8 applies it to every isolate of the process, so the projection
 * thread's young generation, idle while the gateway serves reads, shrinks with it (a thread's
 * `resourceLimits` cannot undo the flag). The start scripts pass them (`serve` in gateway/package.json,
 * `start` in infra/package.json, the gateway service of docker-compose.yml), and so does the
 * benchmark for its gateway process.
 */
export const gatewayNodeFlags = ['--max-semi-space-size=4'] as const;

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

/** Applies the settings below to this process (again: no change). */
export function tuneRuntime(execArgv: readonly string[] = process.execArgv): void {
  limitHeapGrowth(execArgv);
}

/** Sets the heap growing factor unless the command line chose one; says whether it did. */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent\b/.test(arg))) return false;
  setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
  return true;
}
