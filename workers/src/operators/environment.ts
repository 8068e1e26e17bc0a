import { resolve } from 'node:path';

/** What LOG_LEVEL takes: pino's levels, as for the gateway. */
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

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
  readonly LOG_LEVEL: LogLevel;
  /** Port of a worker process's health server (GET /healthz, /readyz); undefined: none. */
  readonly HEALTH_PORT: number | undefined;
  /** Address the health server listens on. */
  readonly HEALTH_HOST: string;
}

/** The settings' problems, one line each, naming the setting, its value and what it takes. */
export class WorkerEnvironmentError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(problems.join('\n'));
    this.problems = problems;
    this.name = 'WorkerEnvironmentError';
  }
}

const nonEmpty = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === '' ? undefined : value;

/** A whole number written in decimal digits from `min` to `max`, else undefined. */
function wholeNumber(value: string, min: number, max: number): number | undefined {
  const number = /^[0-9]+$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(number) && number >= min && number <= max ? number : undefined;
}

const isLogLevel = (value: string): value is LogLevel =>
  (logLevels as readonly string[]).includes(value);

/**
 * DATA_DIR defaults to ./data, relative to where npm was invoked (INIT_CWD) rather than to the
 * workspace folder npm switches into, so `npm run replay` at the root finds the root's data.
 * Empty settings count as unset. Throws WorkerEnvironmentError with every invalid setting, before
 * anything is opened.
 */
export function workerEnvironment(env: NodeJS.ProcessEnv = process.env): WorkerEnvironment {
  const problems: string[] = [];
  const base = env['INIT_CWD'] ?? process.cwd();

  const partitionsGiven = nonEmpty(env['QUEUE_PARTITIONS'])?.trim();
  const partitions =
    partitionsGiven === undefined ? 4 : wholeNumber(partitionsGiven, 1, Number.MAX_SAFE_INTEGER);
  if (partitions === undefined)
    problems.push(`QUEUE_PARTITIONS=${partitionsGiven} must be a whole number of at least 1`);

  const levelGiven = nonEmpty(env['LOG_LEVEL'])?.trim() ?? 'info';
  if (!isLogLevel(levelGiven))
    problems.push(`LOG_LEVEL=${levelGiven} is not one of ${logLevels.join(', ')}`);

  const healthPortGiven = nonEmpty(env['HEALTH_PORT'])?.trim();
  const healthPort =
    healthPortGiven === undefined ? undefined : wholeNumber(healthPortGiven, 1, 65_535);
  if (healthPortGiven !== undefined && healthPort === undefined)
    problems.push(`HEALTH_PORT=${healthPortGiven} must be a port number 1-65535`);

  if (problems.length > 0 || partitions === undefined || !isLogLevel(levelGiven))
    throw new WorkerEnvironmentError(problems);
  return {
    DATA_DIR: resolve(base, nonEmpty(env['DATA_DIR']) ?? 'data'),
    EVENTSTORE_URL: nonEmpty(env['EVENTSTORE_URL']),
    MONGODB_URL: nonEmpty(env['MONGODB_URL']),
    MONGODB_DB: nonEmpty(env['MONGODB_DB']),
    REDIS_URL: nonEmpty(env['REDIS_URL']),
    REDIS_PREFIX: nonEmpty(env['REDIS_PREFIX']) ?? 'resale',
    REDIS_CHANNEL_PREFIX: nonEmpty(env['REDIS_CHANNEL_PREFIX']),
    QUEUE_PARTITIONS: partitions,
    LOG_LEVEL: levelGiven,
    HEALTH_PORT: healthPort,
    HEALTH_HOST: nonEmpty(env['HEALTH_HOST'])?.trim() ?? '127.0.0.1',
  };
}
