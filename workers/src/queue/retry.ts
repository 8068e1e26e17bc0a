import { setTimeout as sleep } from 'node:timers/promises';

export interface RetryOptions {
  /** Once aborted, no new attempt starts and the last error is rethrown. */
  readonly signal: AbortSignal;
  readonly onError?: (error: Error) => void;
  readonly initialDelayMs?: number;
  readonly maxDelayMs?: number;
}

export const asError = (value: unknown): Error =>
  value instanceof Error ? value : new Error(String(value));

/**
 * Runs `attempt` until it succeeds, backing off between failures (capped exponential).
 * Retrying in place, rather than re-queuing at the back, is what keeps a stream's events in order
 * while its projector or the store it writes to is failing; it gives up only when aborted.
 */
export async function retryInPlace<T>(
  attempt: () => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  let delay = options.initialDelayMs ?? 50;
  const maxDelay = options.maxDelayMs ?? 2_000;
  for (;;) {
    try {
      return await attempt();
    } catch (caught) {
      const error = asError(caught);
      options.onError?.(error);
      if (options.signal.aborted) throw error;
      await sleep(delay, undefined, { signal: options.signal }).catch(() => undefined);
      if (options.signal.aborted) throw error;
      delay = Math.min(delay * 2, maxDelay);
    }
  }
}
