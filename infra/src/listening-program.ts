import { spawnEndingWithParent, notInstalled } from './ends-with-parent.ts';
import { waitForPort } from './ports.ts';

/*
 * A server program that is not Node (redis-server, FerretDB, PostgreSQL) started for the stacks,
 * the tests or the bench: spawned to end with this process, ready once it listens on its port.
 */

export interface ListeningProgram {
  /** The last part of what the program printed. */
  output(): string;
  /** Sends SIGTERM (or `signal`) unless it is gone, then waits until it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface ListeningProgramOptions {
  /** For messages: "Redis", "FerretDB", "PostgreSQL". */
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  /** The loopback port it listens on once ready. */
  readonly port: number;
  /** What to say when the program is not installed. */
  readonly notInstalledHint?: string;
  /** A user to run it as (see spawnEndingWithParent). */
  readonly user?: string;
}

/**
 * Starts the program and resolves once it accepts connections on its port; otherwise stops it and
 * throws "<name> did not start: <why>", with what it printed.
 */
export async function startListeningProgram(
  options: ListeningProgramOptions,
): Promise<ListeningProgram> {
  const { name, port } = options;
  // Stopped by `stop`, or by Linux should this process end without stopping it.
  const child = spawnEndingWithParent(
    options.command,
    options.args,
    'SIGTERM',
    options.user ? { user: options.user } : {},
  );
  let output = '';
  const keep = (chunk: Buffer): void => void (output = (output + chunk.toString()).slice(-4_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let failure: Error | undefined;
  child.once('error', (error) => (failure = error));
  let gone = false;
  // 'close': exited and its output read to the end.
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  void exited.then(() => (gone = true));
  const program: ListeningProgram = {
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (!gone) child.kill(signal);
      await exited;
    },
  };
  try {
    await waitForPort(port, { gone: () => gone });
  } catch (error) {
    await program.stop();
    const reason =
      child.exitCode === notInstalled && options.notInstalledHint
        ? options.notInstalledHint
        : `${(failure ?? (error as Error)).message}\n${output}`;
    throw new Error(`${name} did not start: ${reason}`);
  }
  return program;
}
