import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  countInstructions,
  cpuMicros,
  cpuMicrosByThread,
  runScriptForResult,
} from './child-processes.ts';
import type { FixedRateFigures, FixedRateJob, FixedRateRequest } from './fixed-rate-process.ts';
import {
  log,
  median,
  round,
  waitedForStorage,
  watchCoresBusy,
  watchCpuSteal,
  watchIoStall,
} from './support.ts';

/** Connections and pipelining of every HTTP run: `-c 100 -p 1`. */
export const connections = 100;

export interface LoadSettings {
  readonly warmUpSeconds: number;
  readonly roundSeconds: number;
  readonly rounds: number;
}

export interface HttpTarget {
  readonly url: string;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** Builds each request anew (distinct bodies, tokens or paths per request). */
  readonly next?: () => { headers?: Record<string, string>; body?: string; path?: string };
}

export interface RoundFigures {
  /** 2xx answers per second over the round. */
  readonly okPerSecond: number;
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly non2xx: number;
  readonly errors: number;
  /** CPU time the server process spent per answer (µs), when its pid is known. */
  readonly serverCpuMicrosPerAnswer?: number;
  /** Thousands of instructions the server process retired per answer, where perf can count them. */
  readonly serverKiloInstructionsPerAnswer?: number;
  /** Work the server deferred past the round (projection), when the contender reports it. */
  readonly deferred?: DeferredWork;
  /** The machine's CPU steal during the round, in percent (see `watchCpuSteal`). */
  readonly stealPercent?: number;
  /** The share of the round some task waited for storage, in percent (see `watchIoStall`). */
  readonly ioStallPercent?: number;
  /** How many of the machine's cores were busy, on average over the round (`watchCoresBusy`). */
  readonly coresBusy?: number;
}

/** Runs a round and adds what else held the machine back during it (steal, I/O) to its figures. */
async function withContention(round: () => Promise<RoundFigures>): Promise<RoundFigures> {
  const steal = watchCpuSteal();
  const ioStall = watchIoStall();
  const busy = watchCoresBusy();
  const figures = await round();
  const stealPercent = steal.stop();
  const ioStallPercent = ioStall.stop();
  const coresBusy = busy.stop();
  return {
    ...figures,
    ...(stealPercent === undefined ? {} : { stealPercent }),
    ...(ioStallPercent === undefined ? {} : { ioStallPercent }),
    ...(coresBusy === undefined ? {} : { coresBusy }),
  };
}

/**
 * "; CPU steal 0, 12, 3 %" for rounds measured with it, "; I/O stall 0, 35, 2 %" where some
 * round waited for storage, and "; cores busy 1.2, 1.9, 1.4 of 2" where the rounds say; else
 * nothing.
 */
export const contentionOf = (rounds: readonly RoundFigures[]): string =>
  (rounds.some((r) => r.stealPercent !== undefined)
    ? `; CPU steal ${rounds.map((r) => r.stealPercent ?? '?').join(', ')} %`
    : '') +
  (rounds.some((r) => waitedForStorage(r.ioStallPercent))
    ? `; I/O stall ${rounds.map((r) => r.ioStallPercent ?? '?').join(', ')} %`
    : '') +
  (rounds.some((r) => r.coresBusy !== undefined)
    ? `; cores busy ${rounds.map((r) => r.coresBusy ?? '?').join(', ')} of ${cpus().length}`
    : '');

/** What a server still had to do once a round's load stopped, and what it took. */
export interface DeferredWork {
  /** Events the read models were behind when the round ended. */
  readonly behind: number;
  /** Until they had caught up. */
  readonly seconds: number;
  /** 2xx answers per second over the round and the catch-up together. */
  readonly sustainedOkPerSecond: number;
  /** CPU per answer over the round and the catch-up together (µs). */
  readonly serverCpuMicrosPerAnswer?: number;
  /** The same by thread of the server (`cpuMicrosByThread`), most first; where /proc has them. */
  readonly serverCpuMicrosPerAnswerByThread?: Readonly<Record<string, number>>;
}

export interface MaxRateFigures {
  readonly rounds: RoundFigures[];
  /** The round with the median 2xx rate: its figures are the ones reported. */
  readonly median: RoundFigures;
}

function run(target: HttpTarget, seconds: number, serverPid?: number): Promise<RoundFigures> {
  return withContention(() => runMeasured(target, seconds, serverPid));
}

async function runMeasured(
  target: HttpTarget,
  seconds: number,
  serverPid?: number,
): Promise<RoundFigures> {
  if (!serverPid) return runAutocannon(target, seconds);
  const cpuBefore = cpuMicros(serverPid);
  const instructions = countInstructions(serverPid);
  const figures = await runAutocannon(target, seconds);
  const counted = await instructions.stop();
  const answers = Math.max(1, figures.requestsPerSecond * seconds);
  const perAnswer = (cpuMicros(serverPid) - cpuBefore) / answers;
  return {
    ...figures,
    ...(Number.isFinite(perAnswer) ? { serverCpuMicrosPerAnswer: Math.round(perAnswer) } : {}),
    ...(counted === undefined
      ? {}
      : { serverKiloInstructionsPerAnswer: round(counted / answers / 1_000, 1) }),
  };
}

function runAutocannon(target: HttpTarget, seconds: number): Promise<RoundFigures> {
  const { url, method = 'GET', headers, body, next } = target;
  const parsed = new URL(url);
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: parsed.origin,
        connections,
        pipelining: 1,
        duration: seconds,
        requests: [
          {
            method,
            path: parsed.pathname + parsed.search,
            ...(headers ? { headers } : {}),
            ...(body !== undefined ? { body } : {}),
            ...(next
              ? {
                  setupRequest: (request: autocannon.Request) => {
                    const built = next();
                    return {
                      ...request,
                      ...(built.body !== undefined ? { body: built.body } : {}),
                      ...(built.path !== undefined ? { path: built.path } : {}),
                      headers: { ...request.headers, ...built.headers },
                    };
                  },
                }
              : {}),
          },
        ],
      },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        resolve({
          okPerSecond: round(result['2xx'] / result.duration),
          requestsPerSecond: round((result['2xx'] + result.non2xx) / result.duration),
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors,
        });
      },
    );
  });
}

export interface Contender {
  readonly label: string;
  readonly target: HttpTarget;
  /** The server's process, to measure its CPU time per answer. */
  readonly serverPid?: number;
  /** Runs before each of its rounds (e.g. tops up the products to book). */
  readonly beforeRound?: () => Promise<void>;
  /**
   * Runs after each of its rounds and waits for the work the server deferred (the read models
   * catching up), answering how many events they were behind: that work is counted too.
   */
  readonly afterRound?: () => Promise<{ behind: number }>;
}

/**
 * A warm-up round of each contender, then `rounds` rounds of each, taken in turns (ceiling,
 * gateway, ceiling, ...) so that both meet the same background load; the median round counts.
 */
export async function measureMaxRates(
  contenders: readonly Contender[],
  settings: LoadSettings,
): Promise<MaxRateFigures[]> {
  for (const { target, beforeRound } of contenders) {
    await beforeRound?.();
    await run(target, settings.warmUpSeconds);
  }
  const rounds: RoundFigures[][] = contenders.map(() => []);
  for (let index = 0; index < settings.rounds; index++)
    for (const [which, { target, beforeRound, afterRound, serverPid }] of contenders.entries()) {
      await beforeRound?.();
      const cpuBefore = serverPid ? cpuMicros(serverPid) : Number.NaN;
      const threadsBefore = serverPid ? cpuMicrosByThread(serverPid) : new Map<string, number>();
      const figures = await run(target, settings.roundSeconds, serverPid);
      rounds[which]?.push(
        afterRound
          ? await withDeferredWork(figures, settings.roundSeconds, afterRound, serverPid, {
              process: cpuBefore,
              threads: threadsBefore,
            })
          : figures,
      );
    }
  return contenders.map(({ label }, which) => {
    const own = rounds[which] ?? [];
    const middle = median(own.map((r) => r.okPerSecond));
    const chosen = own.find((r) => r.okPerSecond === middle) ?? (own[0] as RoundFigures);
    const refused = own.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
    const deferred = chosen.deferred
      ? `; read models ${chosen.deferred.behind} events behind at the end, caught up in ${chosen.deferred.seconds} s: ${chosen.deferred.sustainedOkPerSecond} ok/s and ${chosen.deferred.serverCpuMicrosPerAnswer ?? '?'} µs CPU per answer with the catch-up${byThreadText(chosen.deferred)}`
      : '';
    log(
      `  ${label}: ${chosen.okPerSecond} ok/s (rounds ${own.map((r) => r.okPerSecond).join(', ')}${contentionOf(own)}), p99 ${chosen.p99Ms} ms, ${chosen.serverCpuMicrosPerAnswer ?? '?'} µs CPU and ${chosen.serverKiloInstructionsPerAnswer ?? '?'} k instructions per answer (rounds ${own.map((r) => r.serverKiloInstructionsPerAnswer ?? '?').join(', ')})${refused > 0 ? `, ${refused} non-2xx or errors` : ''}${deferred}`,
    );
    return { rounds: own, median: chosen };
  });
}

/** The CPU per answer of each thread, as rows print it: ", by thread: main …, projection …". */
export const byThreadText = ({
  serverCpuMicrosPerAnswerByThread: byThread,
}: DeferredWork): string =>
  byThread && Object.keys(byThread).length > 0
    ? `, by thread: ${Object.entries(byThread)
        .map(([thread, micros]) => `${thread} ${micros}`)
        .join(', ')} µs`
    : '';

/** The CPU per answer of each thread since `before`, most first; threads under 1 µs left out. */
function perAnswerByThread(
  pid: number,
  before: ReadonlyMap<string, number>,
  answers: number,
): Record<string, number> {
  const byThread: [string, number][] = [...cpuMicrosByThread(pid)].map(([thread, micros]) => [
    thread,
    Math.round((micros - (before.get(thread) ?? 0)) / answers),
  ]);
  return Object.fromEntries(
    byThread.filter(([, micros]) => micros >= 1).sort((a, b) => b[1] - a[1]),
  );
}

async function withDeferredWork(
  figures: RoundFigures,
  roundSeconds: number,
  afterRound: () => Promise<{ behind: number }>,
  serverPid: number | undefined,
  cpuBefore: { readonly process: number; readonly threads: ReadonlyMap<string, number> },
): Promise<RoundFigures> {
  const started = performance.now();
  const { behind } = await afterRound();
  const seconds = (performance.now() - started) / 1_000;
  const answers = figures.okPerSecond * roundSeconds;
  const requests = Math.max(1, figures.requestsPerSecond * roundSeconds);
  const perAnswer = serverPid ? (cpuMicros(serverPid) - cpuBefore.process) / requests : Number.NaN;
  const byThread = serverPid ? perAnswerByThread(serverPid, cpuBefore.threads, requests) : {};
  return {
    ...figures,
    deferred: {
      behind,
      seconds: round(seconds, 2),
      sustainedOkPerSecond: round(answers / (roundSeconds + seconds)),
      ...(Number.isFinite(perAnswer) ? { serverCpuMicrosPerAnswer: Math.round(perAnswer) } : {}),
      ...(Object.keys(byThread).length > 0 ? { serverCpuMicrosPerAnswerByThread: byThread } : {}),
    },
  };
}

/**
 * Requests at a fixed rate, evenly spaced; with `rounds` > 1 the round with the median p99 (as the
 * maximum rates take the median of their rounds: one round's tail moves with the shared host).
 */
export async function measureAtRate(
  label: string,
  target: HttpTarget,
  rate: number,
  seconds: number,
  rounds = 1,
  /** The server's process: its CPU per answer is recorded, over each round and its warm-up. */
  serverPid?: number,
): Promise<RoundFigures & { rate: number; roundsP99Ms: number[]; rounds: RoundFigures[] }> {
  const perSecond = Math.max(1, Math.round(rate));
  const measured: RoundFigures[] = [];
  for (let round = 0; round < rounds; round++) {
    const cpuBefore = serverPid === undefined ? Number.NaN : cpuMicros(serverPid);
    const answered = await withContention(() => runAtFixedRate(target, seconds, perSecond));
    const figures =
      serverPid === undefined
        ? answered
        : {
            ...answered,
            serverCpuMicrosPerAnswer: Math.round(
              (cpuMicros(serverPid) - cpuBefore) / (perSecond * (seconds + 1)),
            ),
          };
    log(
      `  ${label} at ${perSecond}/s (evenly spaced${rounds > 1 ? `, round ${round + 1} of ${rounds}` : ''}): p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, ${figures.okPerSecond} ok/s${figures.non2xx + figures.errors > 0 ? `, ${figures.non2xx} non-2xx, ${figures.errors} errors` : ''}${contentionOf([figures])}`,
    );
    measured.push(figures);
  }
  const byTail = [...measured].sort((a, b) => a.p99Ms - b.p99Ms);
  const median = byTail[Math.floor((byTail.length - 1) / 2)] ?? measured[0];
  if (!median) throw new Error('measureAtRate needs at least one round');
  return {
    rate: perSecond,
    roundsP99Ms: measured.map((figures) => figures.p99Ms),
    rounds: measured,
    ...median,
  };
}

/**
 * One round at a fixed rate: request i is due at i / rate seconds, whatever the answers before it
 * did (an open loop), on up to `connections` connections; a request waiting for a free connection
 * waits in the pool. Its latency runs from when it was due, not from when it could be sent, so a
 * stall counts for every request it held back (no coordinated omission). The first second is a
 * warm-up at the same rate, left out of the figures: the pool opens its connections then.
 *
 * Not autocannon's `overallRate`: that lets each connection send its share of a second back to
 * back at the start of each second, so 100 connections fire bursts at full speed and the latency
 * measured is that of the maximum rate (100 in flight), not of the rate asked for.
 *
 * The round runs in a process of its own (fixed-rate-process.ts), with every request built
 * beforehand, so that neither this process's collections nor its building of bodies delay a
 * request that is due.
 */
async function runAtFixedRate(
  target: HttpTarget,
  seconds: number,
  rate: number,
): Promise<RoundFigures> {
  const { url, method = 'GET', headers = {}, body, next } = target;
  // The first second is the warm-up.
  const warmUpRequests = rate;
  const measuredRequests = Math.round(rate * seconds);
  const requests: FixedRateRequest[] = next
    ? Array.from({ length: warmUpRequests + measuredRequests }, () => {
        const built = next();
        return {
          headers: { ...headers, ...built.headers },
          body: built.body ?? body,
          ...(built.path !== undefined ? { path: built.path } : {}),
        };
      })
    : [{ headers, body }];
  const job: FixedRateJob = {
    url,
    method,
    connections,
    rate,
    warmUpRequests,
    measuredRequests,
    requests,
  };
  const folder = mkdtempSync(path.join(tmpdir(), 'bench-fixed-rate-'));
  try {
    const jobFile = path.join(folder, 'job.json');
    writeFileSync(jobFile, JSON.stringify(job));
    return await runScriptForResult<FixedRateFigures>(
      new URL('./fixed-rate-process.ts', import.meta.url),
      {
        env: { ...process.env, FIXED_RATE_JOB: jobFile },
        label: 'fixed-rate generator',
        // A young generation of 2 x 32 MiB: a quarter as many scavenges (2-9 ms each) at
        // 17,000 requests/s as with Node's 2 x 16 MiB.
        nodeFlags: ['--max-semi-space-size=32'],
      },
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
