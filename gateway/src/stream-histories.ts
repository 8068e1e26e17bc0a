import type { EventStore, RecordedEvent, Subscription } from '@resale/events';

/** A new event of a watched stream: which stream, and its log position. */
export interface StreamEvent {
  readonly streamId: string;
  readonly position: number;
}

type Listener = (event: StreamEvent) => void;

type HistorySource = Pick<
  EventStore,
  'headPosition' | 'subscribeToAll' | 'readStream' | 'erasePersonalData'
>;

/** A stream's history as kept: complete, or being read (events arriving meanwhile wait). */
interface Kept {
  events: RecordedEvent[] | null;
  arrived: RecordedEvent[];
  reading: Promise<RecordedEvent[]> | null;
}

/**
 * Events kept in memory at most, over every stream kept: a few long timelines (an event takes
 * a few hundred bytes to a kilobyte of heap), well inside the gateway's memory bound.
 */
export const KEPT_EVENTS_MAX = 50_000;

/**
 * The audit's view of the log: word of new events on given streams (the timeline's live
 * updates), and the histories of the streams read lately, kept in memory and extended as the
 * log grows, so that a long timeline is not read from the store at every page.
 *
 * One subscription to the log per gateway, from its head, open from the first use until the app
 * closes: change notices follow the read models, and an event no read model changes sends none.
 * A history is read once (`readStream`) while the subscription already runs; events it delivers
 * meanwhile are added after those read, by position, so none is lost or doubled. Should the
 * subscription fail, every kept history is dropped and read again on its next use.
 *
 * A deleted user's personal data is erased: every kept history is dropped once their key is
 * destroyed (this process destroys it too, idempotently, so that no history read before another
 * process got to it stays kept).
 */
export class StreamHistories {
  readonly #listeners = new Map<string, Set<Listener>>();
  /** Least recently used first. */
  readonly #kept = new Map<string, Kept>();
  #keptEvents = 0;
  #subscription: Subscription | null = null;
  #opening: Promise<void> | null = null;
  readonly #eventStore: HistorySource;
  readonly #onError: (error: Error) => void;
  readonly #maxEvents: number;

  constructor(
    eventStore: HistorySource,
    onError: (error: Error) => void,
    maxEvents = KEPT_EVENTS_MAX,
  ) {
    this.#eventStore = eventStore;
    this.#onError = onError;
    this.#maxEvents = maxEvents;
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
    };
  }

  /**
   * The stream's events in revision order, as the event store's `readStream` answers them; the
   * kept array itself (read only), which later events extend.
   */
  async readStream(streamId: string): Promise<readonly RecordedEvent[]> {
    await this.#open();
    const kept = this.#kept.get(streamId);
    if (kept) {
      this.#kept.delete(streamId);
      this.#kept.set(streamId, kept);
      return kept.events ?? (await kept.reading) ?? [];
    }
    const reading: Kept = { events: null, arrived: [], reading: null };
    this.#kept.set(streamId, reading);
    reading.reading = (async () => {
      try {
        const read = await this.#eventStore.readStream(streamId);
        const last = read.at(-1)?.position ?? 0;
        const events = [...read, ...reading.arrived.filter((event) => event.position > last)];
        // Dropped meanwhile (the subscription failed): answered, not kept.
        if (this.#kept.get(streamId) !== reading) return events;
        reading.events = events;
        reading.arrived = [];
        this.#keptEvents += events.length;
        this.#evict();
        return events;
      } catch (error) {
        if (this.#kept.get(streamId) === reading) this.#kept.delete(streamId);
        throw error;
      } finally {
        reading.reading = null;
      }
    })();
    return reading.reading;
  }

  /** Forgets the least recently read histories beyond the bound (never the one just read). */
  #evict(): void {
    for (const [streamId, kept] of this.#kept) {
      if (this.#keptEvents <= this.#maxEvents || this.#kept.size <= 1) return;
      if (!kept.events) continue;
      this.#kept.delete(streamId);
      this.#keptEvents -= kept.events.length;
    }
  }

  #onEvent(event: RecordedEvent): void | Promise<void> {
    if (event.type === 'UserDeleted') return this.#forgetErased(event);
    this.#keep(event);
  }

  async #forgetErased(deletion: RecordedEvent): Promise<void> {
    await this.#eventStore.erasePersonalData((deletion.data as { uid: string }).uid);
    this.#kept.clear();
    this.#keptEvents = 0;
    this.#keep(deletion);
  }

  #keep(event: RecordedEvent): void {
    const kept = this.#kept.get(event.streamId);
    if (kept?.events) {
      if (event.position > (kept.events.at(-1)?.position ?? 0)) {
        kept.events.push(event);
        this.#keptEvents += 1;
      }
    } else if (kept) kept.arrived.push(event);
    // Kept first, told after: a listener that reads the history again finds the event there.
    const listeners = this.#listeners.get(event.streamId);
    if (!listeners) return;
    for (const listener of [...listeners])
      listener({ streamId: event.streamId, position: event.position });
  }

  async #open(): Promise<void> {
    if (this.#subscription) return;
    this.#opening ??= (async () => {
      const after = await this.#eventStore.headPosition();
      this.#subscription = this.#eventStore.subscribeToAll({
        after,
        onEvent: (event) => this.#onEvent(event),
        onError: (error) => {
          this.#subscription = null;
          this.#kept.clear();
          this.#keptEvents = 0;
          this.#onError(error);
        },
      });
    })().finally(() => {
      this.#opening = null;
    });
    await this.#opening;
  }

  /** Stops following the log (when the app closes). */
  async close(): Promise<void> {
    await this.#opening;
    const subscription = this.#subscription;
    this.#subscription = null;
    this.#kept.clear();
    this.#keptEvents = 0;
    await subscription?.close();
  }
}
