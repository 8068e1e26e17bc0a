import type { EventStore, Subscription } from '@resale/events';

/** A new event of a watched stream: which stream, and its log position. */
export interface StreamEvent {
  readonly streamId: string;
  readonly position: number;
}

type Listener = (event: StreamEvent) => void;

/**
 * Word of new events on given streams, for the audit timeline's live updates. Change notices
 * follow the read models, and an event no read model changes sends none; so this follows the
 * log itself: one subscription to the log per gateway, open while anybody watches, from its head.
 */
export class StreamWatch {
  readonly #listeners = new Map<string, Set<Listener>>();
  #subscription: Subscription | null = null;
  #opening: Promise<void> | null = null;
  readonly #eventStore: Pick<EventStore, 'headPosition' | 'subscribeToAll'>;
  readonly #onError: (error: Error) => void;

  constructor(
    eventStore: Pick<EventStore, 'headPosition' | 'subscribeToAll'>,
    onError: (error: Error) => void,
  ) {
    this.#eventStore = eventStore;
    this.#onError = onError;
  }

  /** Calls `listener` for each new event of these streams until the answered stop is called. */
  async watch(streamIds: readonly string[], listener: Listener): Promise<() => Promise<void>> {
    for (const streamId of streamIds) {
      const listeners = this.#listeners.get(streamId) ?? new Set();
      listeners.add(listener);
      this.#listeners.set(streamId, listeners);
    }
    await this.#open();
    return async () => {
      for (const streamId of streamIds) {
        const listeners = this.#listeners.get(streamId);
        listeners?.delete(listener);
        if (listeners?.size === 0) this.#listeners.delete(streamId);
      }
      if (this.#listeners.size === 0) await this.#stop(false);
    };
  }

  async #open(): Promise<void> {
    if (this.#subscription) return;
    this.#opening ??= (async () => {
      const after = await this.#eventStore.headPosition();
      this.#subscription = this.#eventStore.subscribeToAll({
        after,
        onEvent: (event) => {
          const listeners = this.#listeners.get(event.streamId);
          if (!listeners) return;
          for (const listener of [...listeners])
            listener({ streamId: event.streamId, position: event.position });
        },
        onError: (error) => {
          this.#subscription = null;
          this.#onError(error);
        },
      });
    })().finally(() => {
      this.#opening = null;
    });
    await this.#opening;
  }

  /** Stops following the log (at shutdown, or once nobody watches). */
  close(): Promise<void> {
    return this.#stop(true);
  }

  async #stop(always: boolean): Promise<void> {
    await this.#opening;
    // Somebody began to watch while this one stopped: the log stays followed for them.
    if (!always && this.#listeners.size > 0) return;
    const subscription = this.#subscription;
    this.#subscription = null;
    await subscription?.close();
  }
}
