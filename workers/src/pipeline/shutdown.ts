import type { Logger } from '../logger.ts';

export interface ShutdownOptions {
  /** Hard limit: past it the process exits with status 1 rather than hang. */
  readonly timeoutMs?: number;
  readonly logger: Pick<Logger, 'info' | 'error'>;
}

/**
 * On SIGTERM or SIGINT: run `close` once (finish the job in progress, release connections), then
 * exit 0. A second signal, a failure, or the time limit exit 1 so an orchestrator never waits
 * forever.
 */
export function exitGracefullyOnSignal(close: () => Promise<void>, options: ShutdownOptions): void {
  const { logger } = options;
  let closing = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (closing) {
      logger.error({ signal }, 'signalled again while closing: exiting now');
      process.exit(1);
    }
    closing = true;
    logger.info({ signal }, 'closing: finishing the current job, then exiting');
    const timer = setTimeout(() => {
      logger.error('graceful shutdown took too long; exiting');
      process.exit(1);
    }, options.timeoutMs ?? 9_000);
    timer.unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
