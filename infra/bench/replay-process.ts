// The replay being measured, in its own process: every read model rebuilt from the log under
// DATA_DIR into its read store, with the workers' replay (what `npm run replay` runs). Sends its
// figures to the parent over IPC and exits.
import { createEventStore } from '@resale/events';
import { createReadStore, replayReadModels } from '@resale/workers';

export interface ReplayProcessResult {
  readonly events: number;
  readonly models: number;
  readonly seconds: number;
  readonly eventsPerSecond: number;
  /** CPU time (user + system) this process spent replaying. */
  readonly cpuMicros: number;
  /** The process's peak resident memory (MiB), start-up included. */
  readonly peakRssMiB: number;
}

const dataDir = process.env['DATA_DIR'];
if (!dataDir) throw new Error('DATA_DIR is required');
const eventStore = createEventStore({ DATA_DIR: dataDir });
const readStore = await createReadStore({ DATA_DIR: dataDir });
try {
  const cpuBefore = process.cpuUsage();
  const report = await replayReadModels({ eventStore, readStore });
  const cpu = process.cpuUsage(cpuBefore);
  const result: ReplayProcessResult = {
    events: report.events,
    models: report.names.length,
    seconds: report.seconds,
    eventsPerSecond: report.eventsPerSecond,
    cpuMicros: cpu.user + cpu.system,
    peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1_024),
  };
  process.send?.({ type: 'result', value: result });
} finally {
  await readStore.close();
  await eventStore.close();
}
