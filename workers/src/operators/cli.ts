import {
  createEventStore,
  embeddedEventStoreFile,
  type EventStore,
  type EventStoreUse,
} from '@resale/events';
import { statSync } from 'node:fs';
import { createLogger, type Logger } from '../logger.ts';
import { UsageError, type OperatorCommand } from './command-line.ts';
import {
  WorkerEnvironmentError,
  workerEnvironment,
  type WorkerEnvironment,
} from './environment.ts';

/** A failure the operator can act on: exit code 1, its message on one line, no stack trace. */
export class OperatorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperatorError';
  }
}

/**
 * Runs an operator command: parses its command line (`--help` prints the usage and touches
 * nothing; a UsageError exits 2), reads the environment (each invalid setting on a line, exit 1),
 * then runs `main`. An OperatorError exits 1 with its message.
 *
 * What the operator reads is plain text: results on stdout, and on stderr the one line that says
 * why the command did not run. Diagnostics go to `logger` (pino, JSON lines on stderr, LOG_LEVEL,
 * as a worker's): a server's connection errors, and an unexpected error with its stack (exit 1).
 */
export async function runOperatorCommand<A>(
  command: OperatorCommand<A>,
  main: (args: A, env: WorkerEnvironment, logger: Logger) => Promise<void>,
  argv: readonly string[] = process.argv.slice(2),
): Promise<void> {
  let line;
  try {
    line = command.parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${command.name}: ${error.message} (${command.name} -- --help for the usage)`);
    process.exitCode = 2;
    return;
  }
  if (line.help) {
    console.info(command.usage);
    return;
  }
  let env: WorkerEnvironment;
  try {
    env = workerEnvironment();
  } catch (error) {
    if (!(error instanceof WorkerEnvironmentError)) throw error;
    for (const problem of error.problems) console.error(`${command.name}: ${problem}`);
    process.exitCode = 1;
    return;
  }
  const logger = createLogger({
    level: env.LOG_LEVEL,
    name: command.name.replace(/^npm run /, ''),
    to: 'stderr',
  });
  try {
    await main(line.args, env, logger);
  } catch (error) {
    process.exitCode = 1;
    if (error instanceof OperatorError) console.error(`${command.name}: ${error.message}`);
    else
      logger.fatal(
        { err: error },
        `${command.name} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
  }
}

type EventLogSettings = Pick<WorkerEnvironment, 'DATA_DIR' | 'EVENTSTORE_URL'>;

/**
 * Why these settings name no event log, or undefined when they do: EVENTSTORE_URL names a server
 * (the server itself answers for its log), or DATA_DIR holds the embedded log's file.
 */
export function missingEventLog(env: EventLogSettings): string | undefined {
  if (env.EVENTSTORE_URL) return undefined;
  if (statSync(embeddedEventStoreFile(env.DATA_DIR), { throwIfNoEntry: false })?.isFile())
    return undefined;
  return (
    `No event log in ${env.DATA_DIR} (DATA_DIR): start the marketplace once with npm start, ` +
    'or set DATA_DIR (or EVENTSTORE_URL)'
  );
}

/**
 * The event store of the settings, but never a new embedded log: opening the embedded store
 * creates DATA_DIR and an empty log, which an operator command that was pointed at the wrong
 * folder must not leave behind. Throws OperatorError when there is no log.
 */
export function openExistingEventStore(env: EventLogSettings, use: EventStoreUse = {}): EventStore {
  const missing = missingEventLog(env);
  if (missing) throw new OperatorError(missing);
  return createEventStore(env, use);
}
