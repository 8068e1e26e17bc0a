import type { EventStore } from '@resale/events';

export type AppendListener = (streamId: string) => void;

/** The event store, telling listeners of every append made through it. */
export interface ObservedEventStore extends EventStore {
  /** Called as an append to a stream starts and again once it settled; answers a remover. */
  onAppend(listener: AppendListener): () => void;
  /**
   * Called once an append made through it settled, committed or refused: when what it wrote can
   * be read, without the call before it that onAppend makes. Answers a remover.
   */
  onAppendSettled(listener: () => void): () => void;
}

/**
 * Wraps an event store so that what this process keeps about a stream (the callers' user state)
 * can be dropped when this process appends to it. Listeners hear of an append twice: before it
 * (so nothing read meanwhile is kept) and after it settled, committed or refused.
 */
export function observeAppends(store: EventStore): ObservedEventStore {
  const listeners = new Set<AppendListener>();
  const settledListeners = new Set<() => void>();
  const tell = (streamId: string): void => {
    for (const listener of listeners) listener(streamId);
  };
  const settled = (): void => {
    for (const listener of settledListeners) listener();
  };
  return {
    async append(streamId, events, options) {
      tell(streamId);
      try {
        return await store.append(streamId, events, options);
      } finally {
        tell(streamId);
        settled();
      }
    },
    async appendSequence(appends) {
      for (const { streamId } of appends) tell(streamId);
      try {
        return await store.appendSequence(appends);
      } finally {
        for (const { streamId } of appends) tell(streamId);
        settled();
      }
    },
    readStream: (streamId) => store.readStream(streamId),
    readAll: (options) => store.readAll(options),
    headPosition: () => store.headPosition(),
    subscribeToAll: (options) => store.subscribeToAll(options),
    erasePersonalData: (subject) => store.erasePersonalData(subject),
    erasedAmong: (subjects) => store.erasedAmong(subjects),
    close: () => store.close(),
    onAppend(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onAppendSettled(listener) {
      settledListeners.add(listener);
      return () => void settledListeners.delete(listener);
    },
  };
}
