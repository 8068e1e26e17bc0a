import { EmbeddedEventStore, type EventStore } from '@resale/events';
import type { ChangePubSub, Unsubscribe } from './port.ts';

/*
 * In the distributed profile without EventStoreDB, the event log is one SQLite file: the gateways
 * append to it and the relaying worker follows it. SQLite tells no other process of a commit, so
 * the relay would find each one at its next poll (the store's pollIntervalMs), and every live
 * update would wait for it. A gateway sends a notice on the pub/sub after its appends, and the
 * workers wake their subscriptions of the file on it. A lost notice costs only that wait: the poll
 * still runs. EventStoreDB pushes appends to its subscribers itself: nobody sends or follows these.
 */

/** The notice a gateway sends after its appends to the shared embedded log. payload: `{}`. */
export const logAppendedTopic = 'log.appended';

/** `run` once in the next turn of the event loop, however many times this turn asked for it. */
export function oncePerTurn(run: () => void): () => void {
  let scheduled = false;
  return () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      run();
    });
  };
}

/**
 * `run` in the next turn of the event loop if it last ran at least `intervalMs` ago, else once
 * that interval is over; however many times it was asked meanwhile, it runs once.
 */
export function atMostEvery(intervalMs: number, run: () => void): () => void {
  let scheduled = false;
  let lastRun = Number.NEGATIVE_INFINITY;
  const untilDue = (): number => lastRun + intervalMs - performance.now();
  const runWhenDue = (): void => {
    // A timer can fire up to a millisecond early: libuv counts from the loop turn's start.
    if (untilDue() > 0) {
      setTimeout(runWhenDue, untilDue());
      return;
    }
    scheduled = false;
    lastRun = performance.now();
    run();
  };
  return () => {
    if (scheduled) return;
    scheduled = true;
    const wait = untilDue();
    if (wait <= 0) setImmediate(runWhenDue);
    else setTimeout(runWhenDue, wait);
  };
}

/**
 * The gateway's side: a notice after this process's appends (`onAppendSettled` tells of each one
 * once it committed or was refused), at most one per turn of the event loop. Answers what stops it.
 */
export function announceAppends(
  onAppendSettled: (listener: () => void) => () => void,
  pubsub: Pick<ChangePubSub, 'publish'>,
  onError: (error: Error) => void,
): () => void {
  let stopped = false;
  const announce = oncePerTurn(() => {
    if (!stopped) pubsub.publish(logAppendedTopic, {}).catch(onError);
  });
  const stopListening = onAppendSettled(announce);
  return () => {
    stopped = true;
    stopListening();
  };
}

/**
 * A worker's side: the store's live subscriptions read the log at each notice. Nothing to follow
 * for a store that is not the embedded log.
 */
export async function followAppendNotices(
  eventStore: EventStore,
  pubsub: Pick<ChangePubSub, 'subscribe'>,
): Promise<Unsubscribe | undefined> {
  if (!(eventStore instanceof EmbeddedEventStore)) return undefined;
  return pubsub.subscribe(logAppendedTopic, () => eventStore.noticeCommitsElsewhere());
}
