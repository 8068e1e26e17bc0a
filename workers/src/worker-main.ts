import { createEventStore } from '@resale/events';
import { createLogger } from './logger.ts';
import {
  WorkerEnvironmentError,
  workerEnvironment,
  type WorkerEnvironment,
} from './operators/environment.ts';
import { runWorkerProcess } from './pipeline/worker-process.ts';
import { createReadStore } from './read-models.ts';

// npm run serve -w workers: one worker process of the distributed profile (run several).
// Environment: REDIS_URL (required), REDIS_PREFIX, REDIS_CHANNEL_PREFIX, QUEUE_PARTITIONS,
// EVENTSTORE_URL or DATA_DIR, MONGODB_URL or DATA_DIR, LOG_LEVEL, HEALTH_PORT and HEALTH_HOST for
// /healthz and /readyz, RELAY=off to leave relaying to others, QUEUE_LOCK_MS,
// QUEUE_STALLED_CHECK_MS and RELAY_LEASE_MS for the crash-recovery timing.
let env: WorkerEnvironment;
try {
  env = workerEnvironment();
} catch (error) {
  if (!(error instanceof WorkerEnvironmentError)) throw error;
  // Before any logger: LOG_LEVEL itself may be what is wrong.
  for (const problem of error.problems) console.error(`Invalid worker setting: ${problem}`);
  process.exit(1);
}
const logger = createLogger({ level: env.LOG_LEVEL, name: 'workers' });
const number = (name: string): number | undefined => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : undefined;
};
try {
  const eventStore = await createEventStore(env);
  const readStore = await createReadStore(env);
  await runWorkerProcess({
    env,
    eventStore,
    readStore,
    logger,
    relay: process.env['RELAY'] !== 'off',
    lockDurationMs: number('QUEUE_LOCK_MS'),
    stalledIntervalMs: number('QUEUE_STALLED_CHECK_MS'),
    relayLeaseMs: number('RELAY_LEASE_MS'),
  });
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  logger.fatal({ err: error }, `the worker could not start: ${message}`);
  process.exit(1);
}
