export interface ShutdownOptions {
  /** Hard limit: past it the process exits with status 1 rather than hang. */
  readonly timeoutMs?: number;
  readonly log?: (message: string) => void;
}

/**
 * On SIGTERM or SIGINT: run `close` once (finish the job in progress, release connections), then
 * exit 0. A second signal, a failure, or the time limit exit 1 so an orchestrator never waits
 * forever.
 */
export function exitGracefullyOnSignal(
  close: () => Promise<void>,
  options: ShutdownOptions = {},
): void {
  const log = options.log ?? ((message: string) => console.info(message));
  let closing = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (closing) {
      log(`[workers] ${signal} again: exiting now`);
      process.exit(1);
    }
    closing = true;
    log(`[workers] ${signal}: finishing the current job, then exiting`);
    const timer = setTimeout(() => {
      log('[workers] shutdown took too long: exiting');
      process.exit(1);
    }, options.timeoutMs ?? 9_000);
    timer.unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        log(`[workers] shutdown failed: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
