import { createEventStore } from '@resale/events';
import { workerEnvironment } from './operators/environment.ts';
import { runWorkerProcess } from './pipeline/worker-process.ts';
import { createReadStore } from './read-models.ts';

// npm run serve -w workers: one worker process of the distributed profile (run several).
// Environment: REDIS_URL (required), REDIS_PREFIX, REDIS_CHANNEL_PREFIX, QUEUE_PARTITIONS,
// EVENTSTORE_URL or DATA_DIR, MONGODB_URL or DATA_DIR, RELAY=off to leave relaying to others,
// QUEUE_LOCK_MS, QUEUE_STALLED_CHECK_MS and RELAY_LEASE_MS for the crash-recovery timing.
const env = workerEnvironment();
const number = (name: string): number | undefined => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : undefined;
};
const eventStore = await createEventStore(env);
const readStore = await createReadStore(env);
await runWorkerProcess({
  env,
  eventStore,
  readStore,
  relay: process.env['RELAY'] !== 'off',
  lockDurationMs: number('QUEUE_LOCK_MS'),
  stalledIntervalMs: number('QUEUE_STALLED_CHECK_MS'),
  relayLeaseMs: number('RELAY_LEASE_MS'),
});
