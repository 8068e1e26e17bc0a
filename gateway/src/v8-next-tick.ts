import { setFlagsFromString } from 'node:v8';

/**
 * Settles `process.nextTick` before a server starts: call it once, before the first request.
 *
 * Node 20's nextTick builds each tick as an object literal with computed (symbol) keys, and V8
 * records the maps that literal's property definitions see. Measured here: in about two of three
 * gateway starts those definitions had turned megamorphic during start-up (the maps of the first
 * ticks are replaced as their fields' representations settle), and stayed so for the life of the
 * process. Each nextTick then defines its properties through V8's runtime: 0.6-0.8 µs more per
 * call, and Node's HTTP server makes 11 calls per request, so a cached read costs ~40,000 more
 * instructions (+33 %). Which starts are hit is chance: it depends on what runs when.
 *
 * Ticks made here, before anything else, in small batches that each drain, give each definition
 * one map (measured: 14 starts of 15 at the fast figure, one at +14,000; 80 ms).
 *
 * Once the literal is built inline, V8 also tracks which of its objects outlive a young-generation
 * collection: a start-up burst that leaves most recent ticks queued during one (the gateway
 * catching up on a catalog) makes it allocate every later tick in the old generation
 * (pretenuring), and the process then spends +170,000 instructions per request collecting them
 * (measured in the benchmark). Allocation-site pretenuring is turned off for that reason: the
 * gateway's allocations are mostly per request and short-lived (no change measured in the cost of
 * a read without it); a command-line choice of the flag is left alone.
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
