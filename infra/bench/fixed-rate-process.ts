// One round of requests at a fixed rate (see `runAtFixedRate` in http-load.ts), in its own
// process: a latency runs from when its request was due, so any pause of the generator counts as
// the server's. In the harness's process, collections of its heap (catalog, accounts, tokens,
// results) held the sending for 13-37 ms at times and showed up as tails of the server measured.
// Reads its job from the JSON file FIXED_RATE_JOB, sends its figures over IPC and exits.
import { readFileSync } from 'node:fs';
import { Pool } from 'undici';
import { round, summarize } from './support.ts';

export interface FixedRateRequest {
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** Path and query of this request; the job's URL's by default. */
  readonly path?: string;
}

export interface FixedRateJob {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly connections: number;
  readonly rate: number;
  /** Requests of the warm-up (the first second), left out of the figures. */
  readonly warmUpRequests: number;
  /** Requests measured after the warm-up. */
  readonly measuredRequests: number;
  /** The request sent each time, or the requests to send in turn (warm-up first), one each. */
  readonly requests: readonly FixedRateRequest[];
}

/**
 * What a round measured, as the harness reports it: these fields of `RoundFigures` (http-load.ts,
 * which imports this module's types: spelled out here, not picked from there, so that the two
 * modules do not import each other).
 */
export interface FixedRateFigures {
  /** 2xx answers per second over the round. */
  readonly okPerSecond: number;
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly non2xx: number;
  readonly errors: number;
}

const jobFile = process.env['FIXED_RATE_JOB'];
if (!jobFile) throw new Error('FIXED_RATE_JOB is required');
const job = JSON.parse(readFileSync(jobFile, 'utf8')) as FixedRateJob;

const parsed = new URL(job.url);
const pool = new Pool(parsed.origin, { connections: job.connections, pipelining: 1 });
// The dispatch options made once, before the clock starts: nothing is built while sending.
const dispatches = job.requests.map(({ headers, body, path }) => ({
  path: path ?? parsed.pathname + parsed.search,
  method: job.method,
  headers: headers ?? {},
  ...(body !== undefined ? { body } : {}),
}));
const { rate, warmUpRequests: warmUp, measuredRequests } = job;
const total = warmUp + measuredRequests;
if (dispatches.length !== 1 && dispatches.length < total)
  throw new Error(`${total} requests are due, the job has ${dispatches.length}`);
const intervalMs = 1_000 / rate;
// Measured requests only; preallocated, so that recording one allocates nothing.
const latencies = new Float64Array(measuredRequests);
let recorded = 0;
let ok = 0;
let non2xx = 0;
let errors = 0;
let sent = 0;
let answered = 0;
const start = performance.now();

// dispatch with a bare handler, not request(): no promise or body stream per answer, so the
// generator keeps pace at tens of thousands a second on the cores it shares with the server.
const send = (index: number, due: number, settle: () => void): void => {
  const counted = index >= warmUp;
  const options = dispatches[dispatches.length === 1 ? 0 : index];
  if (!options) throw new Error(`no request ${index}`);
  let status = 0;
  pool.dispatch(options, {
    // The handler API a Pool's clients take in undici 7 (its newer one is refused there).
    onConnect: () => {},
    onHeaders: (statusCode) => {
      status = statusCode;
      return true;
    },
    onData: () => true,
    onComplete: () => {
      if (counted) {
        latencies[recorded++] = performance.now() - due;
        if (status >= 200 && status < 300) ok += 1;
        else non2xx += 1;
      }
      settle();
    },
    onError: () => {
      if (counted) errors += 1;
      settle();
    },
  });
};

await new Promise<void>((resolve) => {
  const settle = (): void => {
    answered += 1;
    if (answered === total) resolve();
  };
  const tick = (): void => {
    const now = performance.now();
    for (let due = start + sent * intervalMs; sent < total && due <= now;) {
      send(sent, due, settle);
      sent += 1;
      due = start + sent * intervalMs;
    }
    if (sent < total) setTimeout(tick, Math.max(0, start + sent * intervalMs - now));
  };
  tick();
});
const elapsedSeconds = (performance.now() - start) / 1_000 - warmUp / rate;
await pool.close();
const { p50Ms, p99Ms } = summarize(Array.from(latencies.subarray(0, recorded)));
const figures: FixedRateFigures = {
  okPerSecond: round(ok / elapsedSeconds),
  requestsPerSecond: round((ok + non2xx) / elapsedSeconds),
  p50Ms,
  p99Ms,
  non2xx,
  errors,
};
process.send?.({ type: 'result', value: figures });
