import { pino, type Logger } from 'pino';
import type { LogLevel } from './operators/environment.ts';

export type { Logger } from 'pino';

export interface LoggerOptions {
  readonly level: LogLevel;
  /** The program, in every line: "workers", "replay". */
  readonly name: string;
  /**
   * Where the lines go: stdout for a worker process (as the gateway's), stderr for an operator
   * command, whose stdout carries its results.
   */
  readonly to?: 'stdout' | 'stderr';
}

/**
 * A pino logger writing JSON lines as the gateway's does (Fastify's pino: level, time, pid,
 * hostname, msg; errors under `err` with their stack), plus the program's name.
 */
export function createLogger(options: LoggerOptions): Logger {
  return pino(
    { level: options.level, name: options.name },
    // Synchronous: a line written just before process.exit() is not lost.
    pino.destination({ fd: options.to === 'stderr' ? 2 : 1, sync: true }),
  );
}
