import { resolve } from 'node:path';

/** What the operator commands and worker processes read from the environment. */
export interface WorkerEnvironment {
  /** Where the embedded stores keep their files. */
  readonly DATA_DIR: string;
  readonly EVENTSTORE_URL: string | undefined;
  readonly MONGODB_URL: string | undefined;
  /** MongoDB database of the read models (createReadStore's default: resale); the gateway's too. */
  readonly MONGODB_DB: string | undefined;
  readonly REDIS_URL: string | undefined;
  /** Prefix of every Redis key of the queues and the relay of this deployment. */
  readonly REDIS_PREFIX: string;
  /** Prefix of the change-notification channels; the gateway must use the same. */
  readonly REDIS_CHANNEL_PREFIX: string | undefined;
  readonly QUEUE_PARTITIONS: number;
}

const nonEmpty = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === '' ? undefined : value;

/**
 * DATA_DIR defaults to ./data, relative to where npm was invoked (INIT_CWD) rather than to the
 * workspace folder npm switches into, so `npm run replay` at the root finds the root's data.
 */
export function workerEnvironment(env: NodeJS.ProcessEnv = process.env): WorkerEnvironment {
  const base = env['INIT_CWD'] ?? process.cwd();
  const partitions = Number(env['QUEUE_PARTITIONS'] ?? 4);
  if (!Number.isSafeInteger(partitions) || partitions < 1)
    throw new RangeError(
      `QUEUE_PARTITIONS must be a positive integer, not ${env['QUEUE_PARTITIONS']}`,
    );
  return {
    DATA_DIR: resolve(base, nonEmpty(env['DATA_DIR']) ?? 'data'),
    EVENTSTORE_URL: nonEmpty(env['EVENTSTORE_URL']),
    MONGODB_URL: nonEmpty(env['MONGODB_URL']),
    MONGODB_DB: nonEmpty(env['MONGODB_DB']),
    REDIS_URL: nonEmpty(env['REDIS_URL']),
    REDIS_PREFIX: nonEmpty(env['REDIS_PREFIX']) ?? 'resale',
    REDIS_CHANNEL_PREFIX: nonEmpty(env['REDIS_CHANNEL_PREFIX']),
    QUEUE_PARTITIONS: partitions,
  };
}
