import { readFileSync } from 'node:fs';
import { cpus, freemem, loadavg, release, totalmem } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';

export const log = (line: string): void => console.info(line);

export const round = (value: number, digits = 1): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
};

/** Nearest-rank percentile of samples (ms); NaN without samples. */
export const percentile = (sorted: readonly number[], q: number): number =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ??
      Number.NaN);

export interface LatencySummary {
  readonly samples: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

export function summarize(latencies: readonly number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50Ms: round(percentile(sorted, 0.5), 2),
    p99Ms: round(percentile(sorted, 0.99), 2),
    maxMs: round(sorted.at(-1) ?? Number.NaN, 2),
  };
}

/** Runs `work` over the items with at most `concurrency` calls in flight; results in item order. */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  return results;
}

/** A TCP port nobody listens on now, with the `extra` ports after it free as well. */
export async function freePort(extra = 0): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port: given } = server.address() as AddressInfo;
        server.close(() => resolve(given));
      });
    });
    if (port + extra > 65_535) continue;
    let allFree = true;
    for (let offset = 1; offset <= extra && allFree; offset++)
      allFree = await new Promise<boolean>((resolve) => {
        const server = createServer();
        server.once('error', () => resolve(false));
        server.listen(port + offset, '127.0.0.1', () => server.close(() => resolve(true)));
      });
    if (allFree) return port;
  }
}

export interface MachineDescription {
  readonly cpus: number;
  readonly cpuModel: string;
  readonly memoryGiB: number;
  readonly freeMemoryGiBAtStart: number;
  readonly kernel: string;
  readonly node: string;
  /** 1, 5 and 15 minute load averages: other engineers' processes share these cores. */
  readonly loadAverageAtStart: number[];
  /** hostSpeedLoopMs() before the runs. */
  readonly speedLoopMsAtStart: number;
}

export const describeMachine = (): MachineDescription => ({
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? 'unknown',
  memoryGiB: round(totalmem() / 2 ** 30),
  freeMemoryGiBAtStart: round(freemem() / 2 ** 30),
  kernel: release(),
  node: process.version,
  loadAverageAtStart: loadavg().map((value) => round(value, 2)),
  speedLoopMsAtStart: hostSpeedLoopMs(),
});

/**
 * Milliseconds one core takes for a fixed JavaScript loop (10⁸ additions; median of 3). The
 * model name does not tell a shared virtual host's speed: the same code's figures moved by a
 * factor of 3 between hosts of the same model, and by 40 % within one session. This puts a
 * number on it, to compare runs made on different hosts or moments.
 */
export function hostSpeedLoopMs(): number {
  const times: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    const start = performance.now();
    let sum = 0;
    for (let i = 0; i < 1e8; i += 1) sum += i;
    // Using the sum keeps the loop from being optimised away.
    if (sum < 0) throw new Error('unreachable');
    times.push(performance.now() - start);
  }
  return Math.round(times.sort((a, b) => a - b)[1]!);
}

export const loadAverage = (): number[] => loadavg().map((value) => round(value, 2));

/**
 * The machine's CPU time so far, in clock ticks: all of it, what the hypervisor stole, and what
 * ran (user, nice, system, interrupts).
 */
interface MachineCpuTimes {
  readonly total: number;
  readonly steal: number;
  readonly busy: number;
}

/** From the first line of /proc/stat; undefined where there is none (not Linux). */
function machineCpuTimes(): MachineCpuTimes | undefined {
  try {
    const fields = /^cpu\s+(.*)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]?.split(/\s+/);
    if (!fields) return undefined;
    // user nice system idle iowait irq softirq steal (guest time is counted in user already).
    const ticks = fields.slice(0, 8).map(Number);
    if (ticks.length < 8 || ticks.some((tick) => !Number.isFinite(tick))) return undefined;
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks;
    return {
      total: ticks.reduce((sum, tick) => sum + tick, 0),
      steal,
      busy: user + nice + system + irq + softirq,
    };
  } catch {
    return undefined;
  }
}

/** A stopwatch over /proc/stat: `measure` of the span's ticks, or undefined where none are known. */
function watchMachineCpu(measure: (before: MachineCpuTimes, after: MachineCpuTimes) => number): {
  stop(): number | undefined;
} {
  const before = machineCpuTimes();
  return {
    stop() {
      const after = machineCpuTimes();
      if (!before || !after || after.total <= before.total) return undefined;
      return measure(before, after);
    },
  };
}

/**
 * Starts a stopwatch of CPU steal: the share of the machine's CPU time, in percent, that the
 * hypervisor gave to other guests while these cores had work. On a shared virtual host it is what
 * moves the figures most from one hour to the next (seen here: 0 % one minute, 50-77 % the next,
 * with the same code answering at a quarter of its rate), and the speed loop, run while it is
 * quiet, does not see it. `stop` answers undefined where the kernel does not say.
 */
export const watchCpuSteal = (): { stop(): number | undefined } =>
  watchMachineCpu((before, after) =>
    round((100 * (after.steal - before.steal)) / (after.total - before.total)),
  );

/**
 * Starts a stopwatch of the machine's load: how many of its cores were running something (this
 * process, the server, anything else), on average. A tail at a fixed rate that the ceiling does
 * not have comes from the server's own stalls when cores were free, and from waiting for a core
 * when they were all busy. `stop` answers undefined where the kernel does not say.
 */
export const watchCoresBusy = (): { stop(): number | undefined } =>
  watchMachineCpu((before, after) =>
    round(((after.busy - before.busy) / (after.total - before.total)) * cpus().length, 2),
  );

/** Microseconds in which some task waited for storage since boot; undefined where not known. */
function ioStallMicros(): number | undefined {
  try {
    const total = /^some .*\btotal=(\d+)/m.exec(readFileSync('/proc/pressure/io', 'utf8'))?.[1];
    return total === undefined ? undefined : Number(total);
  } catch {
    return undefined;
  }
}

/** Below this share of a span spent waiting for storage, its reads came from memory. */
export const noticeableIoStallPercent = 1;

/** Whether a span's I/O stall (see `watchIoStall`) says its reads did not all come from memory. */
export const waitedForStorage = (ioStallPercent: number | undefined): ioStallPercent is number =>
  ioStallPercent !== undefined && ioStallPercent >= noticeableIoStallPercent;

/**
 * Starts a stopwatch of I/O stall: the share of the time, in percent, in which some task of the
 * machine waited for storage (the kernel's pressure stall information). Reads of a data set
 * larger than the page cache holds show here, where the code's figures alone would not tell them
 * from a slower program. `stop` answers undefined where the kernel does not say.
 */
export function watchIoStall(): { stop(): number | undefined } {
  const before = ioStallMicros();
  const started = performance.now();
  return {
    stop() {
      const after = ioStallMicros();
      const elapsedMicros = (performance.now() - started) * 1_000;
      if (before === undefined || after === undefined || elapsedMicros <= 0) return undefined;
      return round(Math.min(100, (100 * (after - before)) / elapsedMicros));
    },
  };
}
