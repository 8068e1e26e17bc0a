import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived its last full collection before it
 * collects again, in percent. V8's own choice on a machine with a few GB of memory is up to
 * 300 % (4 times): under read load the gateway promotes many short-lived request objects (100
 * connections in flight outlive the young generation's collections), and its old generation
 * then grew from about 60 to 150-250 MiB of garbage before a full collection, most of which stays
 * in the process's RSS. At 30 % it stays within a few tens of MiB of the live heap, for a full
 * collection (marked concurrently) every few seconds under load.
 */
export const heapGrowingPercent = 30;

/**
 * Sets V8's heap growing factor for this process (the gateway's, whichever script starts it:
 * `npm start`, gateway/src/server.ts, the benchmark), unless the command line already chose one.
 * V8 reads the flag at each full collection, so setting it once the process runs takes effect.
 */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent\b/.test(arg))) return false;
  setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
  return true;
}

/**
 * V8 flags only the command line can set: a young generation of 2 x 8 MiB instead of 2 x 16 MiB
 * (12-20 MiB less RSS under read load, no measurable CPU cost). The start scripts pass them
 * (`start` in infra/package.json, `serve` in gateway/package.json), and so does the benchmark for
 * its gateway process.
 */
export const gatewayNodeFlags = ['--max-semi-space-size=8'] as const;
