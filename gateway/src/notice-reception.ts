import { appliedTopic, type ChangePubSub } from '@resale/workers';

/**
 * Whether this gateway may have missed change notices, and since when it has them all. Notices
 * are lost when the connection that receives them drops (Redis) or, seen afterwards, when the
 * projector's `applied` positions skip one. What is kept on the strength of notices (cached user
 * state, live lists) is then stale: their owners drop it or catch up.
 */
export interface NoticeReception {
  /**
   * The log position after which every change notice has reached this gateway: a live list that
   * saw this position or a later one missed nothing here; one that saw an earlier one may have.
   * 0 until a notice was missed.
   */
  receivedAfter(): number;
  /**
   * Resolves true once this gateway heard the projector's `applied` notice for `position` or a
   * later one, and so every change notice up to it (they come first): what it caches from the
   * read models was invalidated up to there. At once for a position the read models had reached
   * when the watch began, and while notices are not being received (nothing would come). False
   * after `timeoutMs`.
   */
  heard(position: number, timeoutMs: number): Promise<boolean>;
  /** Calls `listener` whenever notices may have been missed; returns what stops it. */
  onMaybeMissed(listener: () => void): () => void;
  stop(): Promise<void>;
}

/**
 * Follows the pub/sub's reception and its `applied` positions. `latestPosition` is where the read
 * models are: once notices flow again, every later one arrives.
 */
export async function watchNoticeReception(
  pubsub: Pick<ChangePubSub, 'subscribe' | 'onReceivingChange' | 'receiving'>,
  latestPosition: () => Promise<number>,
  onError: (error: unknown) => void,
): Promise<NoticeReception> {
  let receivedAfter = 0;
  const listeners = new Set<() => void>();
  const maybeMissed = (): void => {
    for (const listener of listeners) listener();
  };
  const missedUpTo = (position: number): void => {
    receivedAfter = Math.max(receivedAfter, position);
    maybeMissed();
  };
  const stopWatching = pubsub.onReceivingChange((receiving) => {
    maybeMissed();
    if (receiving) latestPosition().then(missedUpTo, onError);
  });
  // The projector sends `applied` for every position of the log, one after the other: a position
  // past the next one means notices were lost. Older or repeated positions (a second gateway's
  // projector, a redelivery) say nothing.
  let lastApplied: number | undefined;
  const waiting = new Set<{ readonly position: number; settle(outcome: boolean): void }>();
  const unsubscribe = await pubsub.subscribe(appliedTopic, (payload) => {
    const position = (payload as { position?: unknown } | null)?.position;
    if (typeof position !== 'number') return;
    const skipped = lastApplied !== undefined && position > lastApplied + 1;
    if (lastApplied === undefined || position > lastApplied) lastApplied = position;
    if (skipped) missedUpTo(position);
    for (const waiter of waiting) if (waiter.position <= position) waiter.settle(true);
  });
  // Subscribed first: a position applied after this reading is heard.
  const positionAtStart = await latestPosition();
  const heardThrough = (): number => Math.max(positionAtStart, lastApplied ?? 0);
  return {
    receivedAfter: () => receivedAfter,
    heard(position, timeoutMs) {
      if (position <= heardThrough() || !pubsub.receiving()) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const waiter = {
          position,
          settle: (outcome: boolean) => {
            clearTimeout(timer);
            waiting.delete(waiter);
            resolve(outcome);
          },
        };
        const timer = setTimeout(() => waiter.settle(false), timeoutMs);
        waiting.add(waiter);
      });
    },
    onMaybeMissed(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      stopWatching();
      listeners.clear();
      for (const waiter of waiting) waiter.settle(false);
      await unsubscribe();
    },
  };
}
