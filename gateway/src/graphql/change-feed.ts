/** How many changes a subscriber that does not keep up may have waiting; older ones are dropped. */
export const PENDING_CHANGES_LIMIT = 1_000;

/**
 * One subscriber's changes, as the async iterator a subscription's `subscribe` resolver returns:
 * `push` as the pub/sub delivers, pulled by the WebSocket server one at a time. Each change is
 * `admit`ted when it is pulled, so the subscriber's rights are those of the moment it is sent.
 *
 * Changes are notices (the client refetches with the position they carry), so a subscriber that
 * falls more than PENDING_CHANGES_LIMIT behind loses the oldest instead of holding memory.
 */
export class ChangeFeed<T> implements AsyncIterableIterator<T> {
  #pending: T[] = [];
  #waiting: ((result: IteratorResult<T>) => void) | null = null;
  #ended = false;
  #unsubscribes: (() => Promise<void>)[] = [];

  private readonly admit: (change: T) => Promise<boolean> | boolean;

  constructor(admit: (change: T) => Promise<boolean> | boolean) {
    this.admit = admit;
  }

  /** Stops one of the feed's deliveries: run once, when the feed ends (or at once if it has). */
  stopsWith(unsubscribe: () => Promise<void>): void {
    if (this.#ended) void unsubscribe().catch(() => {});
    else this.#unsubscribes.push(unsubscribe);
  }

  push(change: T): void {
    if (this.#ended) return;
    const waiting = this.#waiting;
    if (waiting) {
      this.#waiting = null;
      waiting({ value: change, done: false });
      return;
    }
    this.#pending.push(change);
    if (this.#pending.length > PENDING_CHANGES_LIMIT) this.#pending.shift();
  }

  async next(): Promise<IteratorResult<T>> {
    for (;;) {
      const result: IteratorResult<T> =
        this.#pending.length > 0
          ? { value: this.#pending.shift() as T, done: false }
          : this.#ended
            ? { value: undefined, done: true }
            : await new Promise<IteratorResult<T>>((resolve) => (this.#waiting = resolve));
      if (result.done || this.#ended) return { value: undefined, done: true };
      const admitted = this.admit(result.value);
      if (admitted === true || (admitted !== false && (await admitted))) return result;
    }
  }

  async return(): Promise<IteratorResult<T>> {
    if (!this.#ended) {
      this.#ended = true;
      this.#pending = [];
      this.#waiting?.({ value: undefined, done: true });
      this.#waiting = null;
      // The pub/sub may already be closed when the app shuts down: nothing is left to stop then.
      const unsubscribes = this.#unsubscribes.splice(0);
      await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe().catch(() => {})));
    }
    return { value: undefined, done: true };
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
