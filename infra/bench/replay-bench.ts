// Replay: rebuilds every read model from a log of generated marketplace history with the workers'
// own replay (what `npm run replay` runs), into a fresh embedded read store, in its own process.
import { createEventStore, type AnyEvent, type EventStore, type NewEvent } from '@resale/events';
// The workers' generator of plausible histories (every payload passes the catalog), shared with
// their own benchmark and tests so that both benchmarks replay the same kind of log.
import { seededRandom } from '../../workers/test/support/random.ts';
import { randomWorkload, type WorkloadAppend } from '../../workers/test/support/workload.ts';
import { replayNodeFlags } from '@resale/workers';
import { runScriptForResult } from './child-processes.ts';
import type { ReplayProcessResult } from './replay-process.ts';
import { log, round } from './support.ts';

export interface ReplayFigures {
  readonly events: number;
  readonly seedSeconds: number;
  readonly replaySeconds: number;
  readonly eventsPerSecond: number;
  /** Events per second of CPU time this process used: less dependent on the machine's load. */
  readonly eventsPerCpuSecond: number;
}

/** Appends each stream's events in order, all streams at once (the store commits them in groups). */
async function appendWorkload(store: EventStore, workload: readonly WorkloadAppend[]) {
  const byStream = new Map<string, WorkloadAppend[]>();
  for (const step of workload) {
    const steps = byStream.get(step.streamId);
    if (steps) steps.push(step);
    else byStream.set(step.streamId, [step]);
  }
  await Promise.all(
    [...byStream.values()].map(async (steps) => {
      for (const { streamId, events, expectedRevision } of steps)
        await store.append(streamId, events as NewEvent<AnyEvent>[], { expectedRevision });
    }),
  );
}

export async function measureReplay(dataDir: string, wantedEvents: number): Promise<ReplayFigures> {
  const eventStore = createEventStore({ DATA_DIR: dataDir });
  const seedStarted = performance.now();
  // Most appends carry one event: generate appends until the log holds the events wanted.
  const workload = randomWorkload(seededRandom(20_261_121), wantedEvents);
  let events = 0;
  const trimmed: WorkloadAppend[] = [];
  for (const step of workload) {
    if (events >= wantedEvents) break;
    trimmed.push(step);
    events += step.events.length;
  }
  try {
    await appendWorkload(eventStore, trimmed);
  } finally {
    await eventStore.close();
  }
  const seedSeconds = (performance.now() - seedStarted) / 1_000;
  log(`  seeded ${events} events in ${round(seedSeconds)} s`);

  // The replay runs in its own process, as `npm run replay` does: not in this one, whose heap
  // holds the earlier parts' results and whose event loop still serves their timers.
  const replayed = await runScriptForResult<ReplayProcessResult>(
    new URL('./replay-process.ts', import.meta.url),
    {
      env: { ...process.env, DATA_DIR: dataDir },
      label: 'replay process',
      nodeFlags: replayNodeFlags,
    },
  );
  const figures: ReplayFigures = {
    events: replayed.events,
    seedSeconds: round(seedSeconds),
    replaySeconds: round(replayed.seconds, 2),
    eventsPerSecond: Math.round(replayed.eventsPerSecond),
    eventsPerCpuSecond: Math.round(replayed.events / (replayed.cpuMicros / 1e6)),
  };
  log(
    `  replay into ${replayed.models} read models: ${figures.eventsPerSecond} events/s (${figures.events} events in ${figures.replaySeconds} s; ${figures.eventsPerCpuSecond} per CPU second)`,
  );
  return figures;
}
