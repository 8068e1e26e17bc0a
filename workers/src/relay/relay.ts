import type { EventStore, RecordedEvent, Subscription } from '@resale/events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventQueue } from '../queue/port.ts';
import { asError, retryInPlace } from '../queue/retry.ts';

/** Where the relay resumes: the position of the last event the queue has accepted. */
export interface CheckpointStore {
  load(): Promise<number>;
  save(position: number): Promise<void>;
}

/**
 * For a queue that does not survive the process (the in-process one): resume from what the read
 * store has committed, since anything accepted but not yet applied died with the process.
 */
export const readStoreCheckpoint = (readStore: {
  checkpoint(): Promise<number>;
}): CheckpointStore => ({
  load: () => readStore.checkpoint(),
  save: async () => {},
});

export interface RelayOptions {
  readonly eventStore: Pick<EventStore, 'subscribeToAll'>;
  readonly queue: Pick<EventQueue, 'enqueue'>;
  readonly checkpoint: CheckpointStore;
  /** The checkpoint is written at most this often (a lagging checkpoint only causes re-enqueues, which are deduplicated). */
  readonly checkpointIntervalMs?: number;
  readonly onError?: (error: Error) => void;
}

export interface Relay {
  /** Position of the last event the queue accepted. */
  readonly position: number;
  /** Resolves once the queue has accepted every event up to `position`. */
  caughtUpTo(position: number): Promise<void>;
  /** Stops following the log and writes the checkpoint one last time. */
  stop(): Promise<void>;
}

/**
 * Follows the event store's global log and hands each event to the queue, in log order.
 *
 * It never skips an event: the subscription delivers every position after the checkpoint, the
 * next event is requested only after the queue accepted this one (enqueue is retried in place
 * until it succeeds), and the checkpoint only ever moves to a position the queue has accepted.
 * When the subscription fails, it subscribes again from the last accepted position.
 */
export async function startRelay(options: RelayOptions): Promise<Relay> {
  const stopping = new AbortController();
  const reportError = (error: Error): void => options.onError?.(error);
  let accepted = await options.checkpoint.load();
  let saved = accepted;
  const waiters = new Set<{ position: number; resolve: () => void; reject: (e: Error) => void }>();

  let saving: Promise<void> = Promise.resolve();
  const saveCheckpoint = (): Promise<void> => {
    saving = saving.then(async () => {
      const position = accepted;
      if (position <= saved) return;
      try {
        await options.checkpoint.save(position);
        saved = position;
      } catch (error) {
        reportError(asError(error));
      }
    });
    return saving;
  };
  const saver = setInterval(() => void saveCheckpoint(), options.checkpointIntervalMs ?? 100);

  // An enqueue can wait for a long time (Redis away, commands held until it returns); stopping must
  // not wait for it. The abandoned enqueue may still land later: the queue deduplicates it, and
  // the checkpoint never counted it.
  const unlessStopped = <T>(work: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const onAbort = (): void => reject(new Error('The relay stopped'));
      if (stopping.signal.aborted) return onAbort();
      stopping.signal.addEventListener('abort', onAbort, { once: true });
      work
        .then(resolve, reject)
        .finally(() => stopping.signal.removeEventListener('abort', onAbort));
    });

  const onEvent = async (event: RecordedEvent): Promise<void> => {
    if (event.position <= accepted) return;
    await retryInPlace(() => unlessStopped(options.queue.enqueue(event)), {
      signal: stopping.signal,
      onError: reportError,
    });
    accepted = event.position;
    for (const waiter of waiters)
      if (waiter.position <= accepted) {
        waiters.delete(waiter);
        waiter.resolve();
      }
  };

  let subscription: Subscription | undefined;
  let failures = 0;
  const subscribe = (): void => {
    if (stopping.signal.aborted) return;
    subscription = options.eventStore.subscribeToAll({
      after: accepted,
      onEvent: async (event) => {
        await onEvent(event);
        failures = 0;
      },
      onError: (error) => {
        if (stopping.signal.aborted) return;
        reportError(error);
        failures += 1;
        // Back off, then follow the log again from the last event the queue accepted.
        void sleep(Math.min(100 * 2 ** failures, 5_000), undefined, { signal: stopping.signal })
          .then(subscribe)
          .catch(() => undefined);
      },
    });
  };
  subscribe();

  return {
    get position() {
      return accepted;
    },
    caughtUpTo(position) {
      if (position <= accepted) return Promise.resolve();
      return new Promise((resolve, reject) => waiters.add({ position, resolve, reject }));
    },
    async stop() {
      if (stopping.signal.aborted) return;
      stopping.abort();
      clearInterval(saver);
      await subscription?.close();
      // Bounded: with Redis away the last save would wait for its return.
      await Promise.race([saveCheckpoint(), sleep(2_000)]);
      for (const waiter of waiters) waiter.reject(new Error('The relay stopped'));
      waiters.clear();
    },
  };
}
