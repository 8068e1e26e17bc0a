import autocannon from 'autocannon';
import { cpuMicros } from './child-processes.ts';
import { log, median, round } from './support.ts';

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
  /** Builds each request anew (distinct bodies or tokens per request). */
  readonly next?: () => { headers?: Record<string, string>; body?: string };
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
  /** Work the server deferred past the round (projection), when the contender reports it. */
  readonly deferred?: DeferredWork;
}

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
}

export interface MaxRateFigures {
  readonly rounds: RoundFigures[];
  /** The round with the median 2xx rate: its figures are the ones reported. */
  readonly median: RoundFigures;
}

async function run(
  target: HttpTarget,
  seconds: number,
  overallRate?: number,
  serverPid?: number,
): Promise<RoundFigures> {
  const cpuBefore = serverPid ? cpuMicros(serverPid) : Number.NaN;
  const figures = await runAutocannon(target, seconds, overallRate);
  if (!serverPid) return figures;
  const answers = figures.requestsPerSecond * seconds;
  const perAnswer = (cpuMicros(serverPid) - cpuBefore) / Math.max(1, answers);
  return Number.isFinite(perAnswer)
    ? { ...figures, serverCpuMicrosPerAnswer: Math.round(perAnswer) }
    : figures;
}

function runAutocannon(
  target: HttpTarget,
  seconds: number,
  overallRate?: number,
): Promise<RoundFigures> {
  const { url, method = 'GET', headers, body, next } = target;
  const parsed = new URL(url);
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: parsed.origin,
        connections,
        pipelining: 1,
        duration: seconds,
        ...(overallRate ? { overallRate } : {}),
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
      const figures = await run(target, settings.roundSeconds, undefined, serverPid);
      rounds[which]?.push(
        afterRound
          ? await withDeferredWork(figures, settings.roundSeconds, afterRound, serverPid, cpuBefore)
          : figures,
      );
    }
  return contenders.map(({ label }, which) => {
    const own = rounds[which] ?? [];
    const middle = median(own.map((r) => r.okPerSecond));
    const chosen = own.find((r) => r.okPerSecond === middle) ?? (own[0] as RoundFigures);
    const refused = own.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
    const deferred = chosen.deferred
      ? `; read models ${chosen.deferred.behind} events behind at the end, caught up in ${chosen.deferred.seconds} s: ${chosen.deferred.sustainedOkPerSecond} ok/s and ${chosen.deferred.serverCpuMicrosPerAnswer ?? '?'} µs CPU per answer with the catch-up`
      : '';
    log(
      `  ${label}: ${chosen.okPerSecond} ok/s (rounds ${own.map((r) => r.okPerSecond).join(', ')}), p99 ${chosen.p99Ms} ms, ${chosen.serverCpuMicrosPerAnswer ?? '?'} µs CPU per answer${refused > 0 ? `, ${refused} non-2xx or errors` : ''}${deferred}`,
    );
    return { rounds: own, median: chosen };
  });
}

async function withDeferredWork(
  figures: RoundFigures,
  roundSeconds: number,
  afterRound: () => Promise<{ behind: number }>,
  serverPid: number | undefined,
  cpuBefore: number,
): Promise<RoundFigures> {
  const started = performance.now();
  const { behind } = await afterRound();
  const seconds = (performance.now() - started) / 1_000;
  const answers = figures.okPerSecond * roundSeconds;
  const perAnswer = serverPid
    ? (cpuMicros(serverPid) - cpuBefore) / Math.max(1, figures.requestsPerSecond * roundSeconds)
    : Number.NaN;
  return {
    ...figures,
    deferred: {
      behind,
      seconds: round(seconds, 2),
      sustainedOkPerSecond: round(answers / (roundSeconds + seconds)),
      ...(Number.isFinite(perAnswer) ? { serverCpuMicrosPerAnswer: Math.round(perAnswer) } : {}),
    },
  };
}

/** One round at a fixed overall rate (latency corrected for coordinated omission). */
export async function measureAtRate(
  label: string,
  target: HttpTarget,
  rate: number,
  seconds: number,
): Promise<RoundFigures & { rate: number }> {
  const figures = await run(target, seconds, Math.max(1, Math.round(rate)));
  log(
    `  ${label} at ${Math.round(rate)}/s: p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, ${figures.okPerSecond} ok/s${figures.non2xx + figures.errors > 0 ? `, ${figures.non2xx} non-2xx, ${figures.errors} errors` : ''}`,
  );
  return { rate: Math.round(rate), ...figures };
}
