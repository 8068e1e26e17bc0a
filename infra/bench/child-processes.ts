import { fork, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { log } from './support.ts';

/** tsx's loader, resolved here so that a child runs TypeScript whatever its working directory. */
const tsxLoader = import.meta.resolve('tsx');

export interface ChildServer {
  readonly pid: number;
  /** Base URL the child listens on (http://127.0.0.1:port). */
  readonly url: string;
  /** Asks the child to close and exit; kills it when it does not within the grace period. */
  stop(): Promise<void>;
  /** The end of what the child wrote to stdout and stderr. */
  output(): string;
  /**
   * The child's memory after a garbage collection, if it answers `{ type: 'memory' }` (the
   * benchmarked gateway does) within 10 s; undefined otherwise.
   */
  memory(): Promise<ChildMemory | undefined>;
}

/** A process's resident memory and V8 heap in use, in bytes (process.memoryUsage). */
export interface ChildMemory {
  readonly rss: number;
  readonly heapUsed: number;
}

export interface ForkOptions {
  readonly env: Record<string, string | undefined>;
  /** Write a V8 CPU profile of the child into this folder when it exits. */
  readonly cpuProfileDir?: string | undefined;
  /** Child output is kept and shown only when the child fails. */
  readonly label: string;
  /** Node flags of the child, as its real start script passes them. */
  readonly nodeFlags?: readonly string[];
}

/**
 * Starts a server script in its own process (the load generator must not share its event loop)
 * and waits for its `{ type: 'listening', url }` message.
 */
export async function forkServer(script: URL, options: ForkOptions): Promise<ChildServer> {
  const execArgv = [...(options.nodeFlags ?? []), '--import', tsxLoader];
  if (options.cpuProfileDir) execArgv.push('--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`);
  const child = fork(fileURLToPath(script), [], {
    env: options.env,
    execArgv,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const output = collectOutput(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    child.on('message', (message: { type?: string; url?: string }) => {
      if (message.type === 'listening' && message.url) resolve(message.url);
    });
    void exited.then((code) =>
      reject(new Error(`${options.label} exited (${code}) before listening:\n${output()}`)),
    );
  });
  return {
    pid: child.pid ?? -1,
    url,
    output,
    stop: () => stopChild(child, exited, () => child.send({ type: 'stop' })),
    memory: () =>
      new Promise((resolve) => {
        const answered = (message: { type?: string; usage?: ChildMemory }): void => {
          if (message.type !== 'memory' || !message.usage) return;
          clearTimeout(timer);
          child.off('message', answered);
          resolve(message.usage);
        };
        const timer = setTimeout(() => {
          child.off('message', answered);
          resolve(undefined);
        }, 10_000);
        child.on('message', answered);
        child.send({ type: 'memory' });
      }),
  };
}

export interface ChildProcessHandle {
  readonly pid: number;
  stop(): Promise<void>;
  output(): string;
}

/** Starts a long-running script (a worker process) that stops on SIGTERM. */
export function forkScript(script: string, options: ForkOptions): ChildProcessHandle {
  const execArgv = ['--import', tsxLoader];
  if (options.cpuProfileDir) execArgv.push('--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`);
  const child = fork(script, [], {
    env: options.env,
    execArgv,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const output = collectOutput(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    pid: child.pid ?? -1,
    output,
    stop: () => stopChild(child, exited, () => child.kill('SIGTERM')),
  };
}

/**
 * Runs a script to its end in its own process and answers the `{ type: 'result', value }` it
 * sends: a measurement that must not share the harness's heap and event loop. Its progress
 * messages are logged.
 */
export async function runScriptForResult<T>(script: URL, options: ForkOptions): Promise<T> {
  const child = fork(fileURLToPath(script), [], {
    env: options.env,
    execArgv: [...(options.nodeFlags ?? []), '--import', tsxLoader],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const output = collectOutput(child);
  let result: { value: T } | undefined;
  child.on('message', (message: { type?: string; value?: T }) => {
    if (message.type === 'result') result = { value: message.value as T };
    // A long measurement's progress (`{ type: 'progress', value: text }`), shown as it comes.
    if (message.type === 'progress') log(`  ${options.label}: ${String(message.value)}`);
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0 || !result)
    throw new Error(`${options.label} exited (${code}) without a result:\n${output()}`);
  return result.value;
}

function collectOutput(child: ChildProcess): () => string {
  let text = '';
  const keep = (chunk: Buffer): void => {
    text = (text + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => text;
}

async function stopChild(
  child: ChildProcess,
  exited: Promise<number | null>,
  ask: () => void,
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  ask();
  const grace = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(grace);
}

const clockTicksPerSecond = 100;

/** The CPU time (user + system, µs) of a /proc `stat` line of a process or one of its threads. */
function cpuMicrosOfStat(stat: string): number {
  // Fields after the parenthesized command name; utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / clockTicksPerSecond;
}

/** CPU time (user + system) a process has used so far, in µs, from /proc (Linux); NaN elsewhere. */
export function cpuMicros(pid: number): number {
  try {
    return cpuMicrosOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return Number.NaN;
  }
}

/**
 * What a thread's OS name (its first 15 characters) is reported as: the gateway names its own
 * threads (projection, log writer, ...); Node's and V8's are grouped by what they do.
 */
const threadGroupOf = (name: string): string => {
  if (name === 'MainThread') return 'main';
  // V8's platform workers: concurrent marking and sweeping, parallel scavenges, compilation.
  if (name === 'V8Worker') return 'V8 helpers';
  if (name.startsWith('libuv-worker')) return 'libuv pool';
  return name;
};

/**
 * CPU time (user + system) of each thread of a process so far, in µs, grouped by
 * `threadGroupOf`, from /proc (Linux); empty elsewhere. A thread that ended is no longer counted.
 */
export function cpuMicrosByThread(pid: number): Map<string, number> {
  const byGroup = new Map<string, number>();
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return byGroup;
  }
  for (const task of tasks) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
      const group = threadGroupOf(stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
      byGroup.set(group, (byGroup.get(group) ?? 0) + cpuMicrosOfStat(stat));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return byGroup;
}

/**
 * Waits until a process is idle: under `busyShare` of a core over two samples in a row, or
 * `maxMs` at most. A server just started still checkpoints its WAL and collects its start's
 * garbage; a measurement taken then would count that work against its first route. Answers how
 * long it waited (ms); at once where /proc cannot be read.
 */
export async function untilIdle(
  pid: number,
  { busyShare = 0.05, sampleMs = 250, maxMs = 30_000 } = {},
): Promise<number> {
  const started = performance.now();
  let quietSamples = 0;
  let before = cpuMicros(pid);
  while (quietSamples < 2 && performance.now() - started < maxMs) {
    await sleep(sampleMs);
    const now = cpuMicros(pid);
    if (!Number.isFinite(now)) break;
    quietSamples = (now - before) / (sampleMs * 1_000) < busyShare ? quietSamples + 1 : 0;
    before = now;
  }
  return performance.now() - started;
}

/** Resident memory of a process, from /proc (Linux); NaN elsewhere. */
export function residentMiB(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return kib / 1024;
  } catch {
    return Number.NaN;
  }
}

/**
 * Follows a process's peak resident memory over a stretch of time: the kernel's high-water mark
 * (VmHWM, reset at the start through clear_refs where allowed) and samples every 50 ms.
 */
export function watchPeakMemory(pid: number): { stop(): number } {
  let resetWorked = false;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    resetWorked = true;
  } catch {
    // Not Linux, or not allowed: the samples alone give the peak.
  }
  let sampled = residentMiB(pid);
  const timer = setInterval(() => {
    sampled = Math.max(sampled, residentMiB(pid));
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      const highWater = resetWorked ? residentMiB(pid, 'VmHWM') : Number.NaN;
      return Number.isFinite(highWater) ? Math.max(highWater, sampled) : sampled;
    },
  };
}

/**
 * Counts the instructions a process retires from now until `stop` (Linux `perf stat`, hardware
 * counters). On a shared host they vary far less than CPU time, which grows with whatever else
 * runs on the cores (cache and memory contention). `stop` answers undefined where perf is missing
 * or the counters are not exposed (a VM without a PMU, perf_event_paranoid).
 */
export function countInstructions(pid: number): { stop(): Promise<number | undefined> } {
  let output = '';
  const perf = spawn('perf', ['stat', '-x,', '-e', 'instructions', '-p', String(pid)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // A missing perf is an 'error' event (ENOENT), not a throw: the count is then undefined.
  const exited = new Promise<void>((resolve) => {
    perf.once('error', () => resolve());
    perf.once('close', () => resolve());
  });
  perf.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    async stop() {
      perf.kill('SIGINT');
      await exited;
      // CSV: value,unit,event,... ("<not supported>" or "<not counted>" where it cannot count).
      const line = output.split('\n').find((row) => row.split(',')[2]?.startsWith('instructions'));
      const value = Number(line?.split(',')[0]);
      return Number.isFinite(value) && value > 0 ? value : undefined;
    },
  };
}
