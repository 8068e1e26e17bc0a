import type { ReadModelName, ReadStore } from '../read-models.ts';
import type { ChangePubSub } from './port.ts';
import { rebuiltChanges } from './topics.ts';

export interface SwapNoticesOptions {
  readonly readStore: Pick<ReadStore, 'swaps'>;
  readonly pubsub: Pick<ChangePubSub, 'publishApplied'>;
  /** How often the read store is asked (default 1 s). */
  readonly intervalMs?: number;
  readonly onError?: (error: Error) => void;
}

export interface SwapNotices {
  /** Resolves once a check in progress has finished. */
  stop(): Promise<void>;
}

/**
 * Tells this process's subscribers when another process (an operator's replay) swapped rebuilt
 * read models in under it: the embedded profile's pub/sub is in-process, so the replay command
 * cannot reach them itself. Sends what `rebuiltChanges` describes for each swap it notices.
 */
export async function noticeSwaps(options: SwapNoticesOptions): Promise<SwapNotices> {
  const known = await options.readStore.swaps();
  let checking: Promise<void> | undefined;
  const check = async (): Promise<void> => {
    const now = await options.readStore.swaps();
    const byPosition = new Map<number, ReadModelName[]>();
    for (const [model, swap] of Object.entries(now) as [
      ReadModelName,
      { count: number; position: number },
    ][]) {
      if (swap.count === known[model]?.count) continue;
      known[model] = swap;
      byPosition.set(swap.position, [...(byPosition.get(swap.position) ?? []), model]);
    }
    for (const [position, models] of byPosition)
      await options.pubsub.publishApplied(position, rebuiltChanges(models, position));
  };
  const timer = setInterval(() => {
    checking ??= check()
      .catch((error: unknown) =>
        options.onError?.(error instanceof Error ? error : new Error(String(error))),
      )
      .finally(() => (checking = undefined));
  }, options.intervalMs ?? 1_000);
  // The watch alone must not keep a process alive.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await checking;
    },
  };
}
