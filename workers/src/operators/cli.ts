import { createEventStore, embeddedEventStoreFile, type EventStore } from '@resale/events';
import { statSync } from 'node:fs';
import { UsageError, type OperatorCommand } from './command-line.ts';
import { workerEnvironment, type WorkerEnvironment } from './environment.ts';

/** A failure the operator can act on: exit code 1, its message on one line, no stack trace. */
export class OperatorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperatorError';
  }
}

/**
 * Runs an operator command: parses its command line (`--help` prints the usage and touches
 * nothing; a UsageError exits 2), reads the environment, then runs `main`. An OperatorError
 * exits 1 with its message; any other error is unexpected and keeps its stack trace.
 */
export async function runOperatorCommand<A>(
  command: OperatorCommand<A>,
  main: (args: A, env: WorkerEnvironment) => Promise<void>,
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
  try {
    let env: WorkerEnvironment;
    try {
      env = workerEnvironment();
    } catch (error) {
      // QUEUE_PARTITIONS that is not a positive integer.
      throw error instanceof RangeError ? new OperatorError(error.message) : error;
    }
    await main(line.args, env);
  } catch (error) {
    if (!(error instanceof OperatorError)) throw error;
    console.error(`${command.name}: ${error.message}`);
    process.exitCode = 1;
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
export function openExistingEventStore(env: EventLogSettings): EventStore {
  const missing = missingEventLog(env);
  if (missing) throw new OperatorError(missing);
  return createEventStore(env);
}
