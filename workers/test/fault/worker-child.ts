// A worker process for the fault tests: the real distributed pipeline (runWorkerProcess) on the
// embedded stores of DATA_DIR, reporting each job to the parent over IPC. With FAULT_PAUSE_AT set,
// the job of that position pauses FAULT_PAUSE_MS, FAULT_PAUSE_WHEN ('before' or 'after') it commits.
import { embeddedEventStoreFile, openEmbeddedEventStore } from '@resale/events';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { workerEnvironment } from '../../src/operators/environment.ts';
import { runWorkerProcess } from '../../src/pipeline/worker-process.ts';
import { embeddedReadStoreFile, openEmbeddedReadStore } from '../../src/read-models.ts';

export type ChildMessage =
  | { type: 'ready' }
  | { type: 'started'; positions: number[] }
  | { type: 'paused'; position: number }
  | { type: 'finished'; positions: number[] }
  | { type: 'log'; message: string };

const send = (message: ChildMessage): void => void process.send?.(message);
const env = workerEnvironment();
const pauseAt = Number(process.env['FAULT_PAUSE_AT'] ?? 0);
const pauseMs = Number(process.env['FAULT_PAUSE_MS'] ?? 0);
const pauseAfterCommit = process.env['FAULT_PAUSE_WHEN'] === 'after';

await runWorkerProcess({
  env,
  eventStore: openEmbeddedEventStore({
    file: embeddedEventStoreFile(env.DATA_DIR),
    pollIntervalMs: 50,
  }),
  readStore: openEmbeddedReadStore({ file: embeddedReadStoreFile(env.DATA_DIR) }),
  relay: process.env['RELAY'] !== 'off',
  lockDurationMs: 2_000,
  stalledIntervalMs: 500,
  relayLeaseMs: 1_500,
  // At info whatever the test's LOG_LEVEL: the tests wait for lines of it.
  logger: pino(
    { level: 'info', name: 'workers' },
    { write: (line) => send({ type: 'log', message: line }) },
  ),
  instrument: (handler) => async (events) => {
    const positions = events.map((event) => event.position);
    send({ type: 'started', positions });
    const pause = async (): Promise<void> => {
      if (!positions.includes(pauseAt)) return;
      send({ type: 'paused', position: pauseAt });
      await sleep(pauseMs);
    };
    if (!pauseAfterCommit) await pause();
    await handler(events);
    if (pauseAfterCommit) await pause();
    send({ type: 'finished', positions });
  },
});
send({ type: 'ready' });
