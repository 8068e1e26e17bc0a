// The replay being measured, in its own process: every read model rebuilt from the log under
// DATA_DIR into its read store, with the workers' replay (what `npm run replay` runs). Sends its
// figures to the parent over IPC and exits. REPLAY_UP_TO (a position) replays the log's first
// events only: a quicker look at how the rate changes with the data.
import { createEventStore, type EventStore } from '@resale/events';
import { createReadStore, replayReadModels } from '@resale/workers';
import { residentMiB } from './child-processes.ts';

export interface ReplayProcessResult {
  readonly events: number;
  readonly models: number;
  readonly seconds: number;
  readonly eventsPerSecond: number;
  /** CPU time (user + system) this process spent replaying. */
  readonly cpuMicros: number;
  /** The process's peak resident memory (MiB), start-up included. */
  readonly peakRssMiB: number;
  /**
   * Events applied per second over the log's first `windowEvents` events and over its last: whether
   * an event costs more as the read models grow (issue 32 compares the first and the last million).
   * Without the swap (`swapSeconds`).
   */
  readonly windowEvents: number;
  readonly firstWindowEventsPerSecond: number;
  readonly lastWindowEventsPerSecond: number;
  /**
   * Each tenth of the log in turn: its events applied per second, and at its end the RSS and,
   * within it, V8's heap (committed, and used), in MiB; the rest of the RSS is outside V8
   * (SQLite's page caches, keys, the binary). A page that crosses two tenths counts as one.
   */
  readonly tenths: readonly Tenth[];
  /** From the last event applied to the swap done: the indexes and search tables built. */
  readonly swapSeconds: number;
  /** CPU time of that part, within `cpuMicros`. */
  readonly swapCpuMicros: number;
}

interface Tenth {
  readonly eventsPerSecond: number;
  readonly rssMiB: number;
  readonly heapMiB: number;
  readonly heapUsedMiB: number;
}

/**
 * The events at each end of the log whose rates are compared: a million, as issue 32 names them,
 * or half of a shorter log. A tenth of a smaller log (the bench's catalog) started with the read
 * models nearly empty, and its rate said how much faster small tables are, not how the cost grows.
 */
const linearityWindowEvents = 1_000_000;

const mebibytes = (bytes: number): number => Math.round(bytes / 2 ** 20);

/**
 * This process's peak resident memory (MiB): the kernel's high-water mark of its own memory
 * (VmHWM). Not getrusage's maxRSS, which Linux carries over exec from the process that forked
 * this one: started by the benchmark, whose heap then held the catalog it had just generated, a
 * replay reported the benchmark's size when that was larger than its own.
 */
const peakRssMiB = (): number => {
  const highWater = residentMiB(process.pid, 'VmHWM');
  return Math.round(
    Number.isFinite(highWater) ? highWater : process.resourceUsage().maxRSS / 1_024,
  );
};

const dataDir = process.env['DATA_DIR'];
if (!dataDir) throw new Error('DATA_DIR is required');
const upTo = Number(process.env['REPLAY_UP_TO'] ?? Infinity);
const memory = (): Omit<Tenth, 'eventsPerSecond'> => {
  const { rss, heapTotal, heapUsed } = process.memoryUsage();
  return {
    rssMiB: mebibytes(rss),
    heapMiB: mebibytes(heapTotal),
    heapUsedMiB: mebibytes(heapUsed),
  };
};
const log = createEventStore({ DATA_DIR: dataDir }, { readerThread: true });
const eventStore: Pick<EventStore, 'readAll' | 'headPosition'> = {
  headPosition: async () => Math.min(upTo, await log.headPosition()),
  readAll: async ({ after, limit }) =>
    after >= upTo
      ? []
      : (await log.readAll({ after, limit })).filter((event) => event.position <= upTo),
};
const readStore = await createReadStore({ DATA_DIR: dataDir });
try {
  const head = await eventStore.headPosition();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  // When the replay passed the first window of the log and reached its last one.
  const window = Math.min(linearityWindowEvents, Math.floor(head / 2));
  let firstWindow: { events: number; at: number } | undefined;
  let lastWindow: { events: number; at: number } | undefined;
  let applied = { events: 0, at: started, cpu: process.cpuUsage() };
  const tenths: Tenth[] = [];
  let tenthStart = { events: 0, at: started };
  const report = await replayReadModels({
    eventStore,
    readStore,
    onProgress: ({ position, events }) => {
      const at = performance.now();
      applied = { events, at, cpu: process.cpuUsage() };
      if (!firstWindow && position >= window) firstWindow = { events, at };
      if (!lastWindow && position >= head - window) lastWindow = { events, at };
      if (tenths.length < 10 && position >= (head * (tenths.length + 1)) / 10) {
        const tenth = {
          eventsPerSecond: Math.round(
            (events - tenthStart.events) / ((at - tenthStart.at) / 1_000),
          ),
          ...memory(),
        };
        tenths.push(tenth);
        tenthStart = { events, at };
        // How the rate and the memory move over a long replay, shown by the parent as it goes.
        const progress = `tenth ${tenths.length} of the log at ${tenth.eventsPerSecond} events/s, RSS ${tenth.rssMiB} MiB (V8's heap ${tenth.heapMiB}, of it used ${tenth.heapUsedMiB})`;
        if (process.send) process.send({ type: 'progress', value: progress });
        else console.error(progress);
      }
    },
  });
  const ended = performance.now();
  const cpu = process.cpuUsage(cpuBefore);
  const swapCpu = process.cpuUsage(applied.cpu);
  const first = firstWindow ?? applied;
  const last = lastWindow ?? { events: 0, at: started };
  const result: ReplayProcessResult = {
    events: report.events,
    models: report.names.length,
    seconds: report.seconds,
    eventsPerSecond: report.eventsPerSecond,
    cpuMicros: cpu.user + cpu.system,
    peakRssMiB: peakRssMiB(),
    windowEvents: window,
    firstWindowEventsPerSecond: first.events / ((first.at - started) / 1_000),
    lastWindowEventsPerSecond: (applied.events - last.events) / ((applied.at - last.at) / 1_000),
    swapSeconds: (ended - applied.at) / 1_000,
    swapCpuMicros: swapCpu.user + swapCpu.system,
    tenths,
  };
  if (process.send) process.send({ type: 'result', value: result });
  else console.info(JSON.stringify(result));
} finally {
  await readStore.close();
  await log.close();
}
