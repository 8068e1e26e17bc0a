import type { EventStore, RecordedEvent } from '@resale/events';
import type { ChangePubSub } from '../pubsub/port.ts';
import { rebuiltChanges } from '../pubsub/topics.ts';
import {
  projectEvents,
  readModelNames,
  RebuildBehindLiveError,
  type ReadModelName,
  type ReadStore,
} from '../read-models.ts';

export interface ReplayProgress {
  /** Position of the last event applied to the rebuild. */
  readonly position: number;
  /** The log's head as last seen (it moves while the live service appends). */
  readonly head: number;
  readonly events: number;
}

export interface ReplayOptions {
  readonly eventStore: Pick<EventStore, 'readAll' | 'headPosition'>;
  readonly readStore: Pick<ReadStore, 'beginRebuild'>;
  /** Read models to rebuild; default all. */
  readonly names?: readonly ReadModelName[];
  /** Events read and applied per transaction. */
  readonly pageSize?: number;
  readonly onProgress?: (progress: ReplayProgress) => void;
  /**
   * The live service's pub/sub, when this process can reach it (Redis): after the swap, each
   * rebuilt read model is announced there (see `rebuiltChanges`) so that clients refetch.
   */
  readonly pubsub?: Pick<ChangePubSub, 'publishApplied'>;
}

export interface ReplayReport {
  readonly names: readonly ReadModelName[];
  readonly events: number;
  /** The position the rebuilt read models were swapped in at. */
  readonly position: number;
  readonly seconds: number;
  readonly eventsPerSecond: number;
  /** How often the swap found the live read models ahead and caught up once more first. */
  readonly catchUps: number;
  /** Why the change notices could not be sent (the swap itself succeeded). */
  readonly noticeError?: Error;
}

/**
 * V8 flags for a replay's process. A replay allocates a short-lived object tree per event it
 * reads, in the embedded log's reader thread and again as the page arrives. The flags hold for
 * every isolate of the process, so a young generation is sized here for both: semi-spaces of
 * 16 MiB, where V8 would grow them larger on this heap; a larger one was a little faster and cost
 * each isolate its own share of the RSS that the replay's goal bounds. What outlives a page is
 * small and bounded (the documents the rebuild holds), yet V8 let the old generation grow to
 * several times it between full collections, and keeps what it freed; a growth factor of 1.2
 * holds the heap near what is live at no cost in speed, which leaves the replay's peak RSS to
 * SQLite's page caches and sorts (the benchmark's replay and catalog parts measure both).
 * `npm run replay` passes them (workers/package.json), and so does the benchmark for its replay
 * processes.
 */
export const replayNodeFlags = ['--max-semi-space-size=16', '--heap-growing-percent=20'] as const;

/**
 * Rebuilds read models from position 0 beside the live ones, then swaps them in, while the live
 * service keeps running.
 *
 * Why no appended event is lost: the rebuild reads the log up to its head, then asks the store to
 * swap. The store swaps only if the live read models have applied nothing the rebuild has not
 * (checked in the same transaction as the swap); otherwise it refuses with RebuildBehindLiveError
 * and the rebuild reads the newer events and asks again. After the swap the rebuilt models hold
 * every event up to position P, and the live pipeline, which had applied at most P, continues from
 * its own checkpoint: events up to P that it delivers again are no-ops (each document keeps the
 * position of its last event), events after P are applied to the rebuilt documents as usual.
 */
export async function replayReadModels(options: ReplayOptions): Promise<ReplayReport> {
  const names = options.names && options.names.length > 0 ? options.names : readModelNames;
  const pageSize = options.pageSize ?? 1_000;
  const started = performance.now();
  const target = await options.readStore.beginRebuild(names);
  let position = 0;
  let events = 0;
  let catchUps = 0;
  let head = await options.eventStore.headPosition();
  try {
    // The next page is asked for before this one is projected, so that a store whose reads wait
    // on the network (EventStoreDB) reads it meanwhile.
    const readPage = (after: number): Promise<RecordedEvent[]> => {
      const page = options.eventStore.readAll({ after, limit: pageSize });
      // Awaited in the next turn; should this one fail first, it is not an unhandled rejection.
      page.catch(() => undefined);
      return page;
    };
    let nextPage = readPage(position);
    for (;;) {
      const page = await nextPage;
      const last = page.at(-1);
      if (last) nextPage = readPage(last.position);
      if (page.length > 0) {
        await projectEvents(target, page, { only: names });
        events += page.length;
        position = last?.position ?? position;
        head = Math.max(head, position);
        options.onProgress?.({ position, head, events });
        continue;
      }
      try {
        await target.commit();
        break;
      } catch (error) {
        if (!(error instanceof RebuildBehindLiveError)) throw error;
        catchUps += 1;
        head = await options.eventStore.headPosition();
        nextPage = readPage(position);
        // Live read models ahead of the log itself: they were built from another log.
        if (error.live > head)
          throw new Error(
            `The live ${error.model} read model is at position ${error.live}, beyond the log's head ${head}: is DATA_DIR or EVENTSTORE_URL pointing at another log?`,
          );
      }
    }
  } catch (error) {
    await target.abort().catch(() => undefined);
    throw error;
  }
  const seconds = (performance.now() - started) / 1_000;
  let noticeError: Error | undefined;
  try {
    await options.pubsub?.publishApplied(position, rebuiltChanges(names, position));
  } catch (error) {
    noticeError = error instanceof Error ? error : new Error(String(error));
  }
  return {
    names,
    events,
    position,
    seconds,
    eventsPerSecond: seconds > 0 ? events / seconds : events,
    catchUps,
    ...(noticeError ? { noticeError } : {}),
  };
}
