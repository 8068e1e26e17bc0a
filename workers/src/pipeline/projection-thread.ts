import { Worker } from 'node:worker_threads';
import type { EventStoreEnvironment, RecordedEvent } from '@resale/events';
import { atMostEvery } from '../pubsub/log-appends.ts';
import type { ChangePubSub } from '../pubsub/port.ts';
import type { ReadModelChange } from '../read-models.ts';
import type { ReadStoreEnv } from '../read-store/create-read-store.ts';
import type { Pipeline } from './pipelines.ts';
import { bundleThreadEntry } from './thread-bundle.ts';
import { workerThreadNames } from '../thread-names.ts';

/** What the thread opens: the same log and read store as the process, on its own connections. */
export type ProjectionThreadSettings = EventStoreEnvironment & ReadStoreEnv;

/** Messages from the process to the projection thread. */
export type ToProjectionThread = { readonly type: 'committed' } | { readonly type: 'stop' };

/** What the read models changed for one event. */
export interface AppliedChanges {
  readonly position: number;
  readonly changes: readonly ReadModelChange[];
}

/** Messages from the projection thread to the process. */
export type FromProjectionThread =
  | { readonly type: 'ready' }
  | {
      readonly type: 'applied';
      /** What one run of events changed, event by event in log order. */
      readonly notices: readonly AppliedChanges[];
    }
  | { readonly type: 'error'; readonly message: string; readonly event?: RecordedEvent }
  | { readonly type: 'start-failed'; readonly message: string }
  | { readonly type: 'stopped' };

export interface ProjectionThreadOptions {
  readonly settings: ProjectionThreadSettings;
  /** This process's pub/sub: the thread's change notices are published on it. */
  readonly pubsub: Pick<ChangePubSub, 'publishApplied'>;
  /**
   * Registers a listener told once each of this process's appends settled (the thread's log
   * connection is not woken by another connection's commits; it would find them at its next poll,
   * 500 ms later). Told as an append starts too, the thread would read the log for nothing.
   */
  readonly onAppendSettled?: (listener: () => void) => () => void;
  readonly onError?: (error: Error, event?: RecordedEvent) => void;
}

export interface ProjectionThread extends Pipeline {
  /**
   * Resolves once the thread follows the log; rejects if it could not start (the thread is gone
   * then). The thread loads while the caller goes on: wait for this before serving.
   */
  readonly ready: Promise<void>;
}

/**
 * The thread is woken at most this often for this process's appends. The first append after a
 * quiet spell wakes it at once; those within the interval after it are projected together, at
 * its end: a run of events commits as one transaction, and the writes it shares (index pages,
 * counters, the checkpoint) are paid once for the run.
 */
export const projectionWakeIntervalMs = 5;

/**
 * The embedded profile's pipeline (relay, in-process queue, reactors, projection) in a worker
 * thread of this process, with its own connections to the log and the read store. Projecting is
 * a large share of a booking's work (the bench's commands rows give it by thread); here it runs
 * beside the event loop instead of on it. Its change notices come back as messages and are
 * published on this process's pub/sub, so the GraphQL subscriptions and the answer cache hear
 * them as before.
 *
 * Resolves once the thread's code is bundled and the thread started (see `bundleThreadEntry`).
 */
export async function startProjectionThread(
  options: ProjectionThreadOptions,
): Promise<ProjectionThread> {
  const onError = options.onError ?? (() => undefined);
  const bundle = await bundleThreadEntry(new URL('./projection-thread-entry.ts', import.meta.url));
  let worker: Worker;
  try {
    // The bundle is plain JavaScript: the thread needs none of the process's module loaders (tsx's
    // would otherwise be registered again in it). A CPU profile of the process (--cpu-prof) covers
    // the thread too. Its name is the OS's name of the thread: CPU time per thread says which.
    worker = new Worker(bundle.url, {
      name: workerThreadNames.projection,
      execArgv: process.execArgv.filter((flag) => flag.startsWith('--cpu-prof')),
      workerData: { settings: options.settings },
    });
  } catch (error) {
    await bundle.remove();
    throw error;
  }
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let stopped: (() => void) | undefined;

  // One event's notices after the other's: subscribers take an `applied` position past the next
  // one for notices lost (notice-reception.ts in the gateway).
  let published = Promise.resolve();
  const publishInOrder = async (notices: readonly AppliedChanges[]): Promise<void> => {
    for (const { position, changes } of notices)
      await options.pubsub
        .publishApplied(position, changes)
        .catch((error: unknown) =>
          onError(error instanceof Error ? error : new Error(String(error))),
        );
  };
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: FromProjectionThread) => {
      switch (message.type) {
        case 'ready':
          resolve();
          return;
        case 'start-failed':
          reject(new Error(`The projection thread did not start: ${message.message}`));
          void worker.terminate();
          return;
        case 'applied':
          published = published.then(() => publishInOrder(message.notices));
          return;
        case 'error':
          onError(new Error(message.message), message.event);
          return;
        case 'stopped':
          stopped?.();
          return;
      }
    });
    worker.once('error', (error) => {
      reject(error);
      onError(error);
    });
    void exited.then(() => reject(new Error('The projection thread exited before it was ready')));
  });
  // Reported to whoever waits for it; never an unhandled rejection.
  ready.catch(() => undefined);
  // Once the thread is ready (or failed) it has loaded all it ever loads (its lazily loaded
  // adapters are opened before it says ready): its files can go.
  const removed = ready
    .catch(() => undefined)
    .then(() => bundle.remove())
    .catch((error: unknown) => onError(error instanceof Error ? error : new Error(String(error))));
  let stopping: Promise<void> | undefined;
  // A thread gone on its own leaves the read models behind the log: say so where operators look.
  ready.then(
    () =>
      exited.then(() => {
        if (!stopping) onError(new Error('The projection thread exited: the read models stopped'));
      }),
    () => undefined,
  );

  const wake = atMostEvery(projectionWakeIntervalMs, () => {
    if (!stopping) worker.postMessage({ type: 'committed' } satisfies ToProjectionThread);
  });
  const removeListener = options.onAppendSettled?.(wake);

  return {
    ready,
    stop() {
      stopping ??= (async () => {
        removeListener?.();
        const done = new Promise<void>((resolve) => (stopped = resolve));
        worker.postMessage({ type: 'stop' } satisfies ToProjectionThread);
        // Stopped in order (the event being applied finishes, the connections close), or gone.
        await Promise.race([done, exited]);
        // Its timers (a relay's bounded wait, say) must not hold it any longer.
        await worker.terminate();
        await removed;
      })();
      return stopping;
    },
  };
}
