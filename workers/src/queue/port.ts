import type { RecordedEvent } from '@resale/events';

/**
 * Applies a run of consecutive events, in order (one event for BullMQ; whatever is waiting, up to
 * a limit, for the in-process queue, so the read store commits them in one transaction). A
 * rejection is retried in place with the same events (see `retryInPlace`), never skipped, so the
 * handler must be idempotent.
 */
export type EventHandler = (events: readonly RecordedEvent[]) => Promise<void>;

export interface QueueConsumer {
  /**
   * Whether it takes events now: started on every partition, reaching the queue's server, not
   * closed. A worker process is ready once this holds.
   */
  consuming(): boolean;
  /** Stops taking events; resolves once the event being applied (if any) has finished. */
  close(): Promise<void>;
}

/**
 * The queue between the relay and the projectors.
 *
 * Guarantees every adapter keeps:
 * - events of one stream are handed to the handler one at a time, in the order they were enqueued
 *   (the relay enqueues in global-log order, so this is stream-revision order);
 * - enqueuing an event that was already accepted is a no-op (deduplicated by event id / position);
 * - a failing handler is retried in place: no later event of the same stream overtakes it.
 */
export interface EventQueue {
  /**
   * True when an accepted event survives a crash of this process. Only then may the relay keep its
   * own checkpoint; otherwise it resumes from the read store's checkpoint.
   */
  readonly durable: boolean;
  /** Accepts one event; resolves once it is accepted (durably, for a durable queue). */
  enqueue(event: RecordedEvent): Promise<void>;
  /** Starts handing accepted events to `handler`. */
  consume(handler: EventHandler, options?: ConsumeOptions): QueueConsumer;
  close(): Promise<void>;
}

export interface ConsumeOptions {
  /** Reports handler failures (they are retried) and adapter errors. */
  readonly onError?: (error: Error, event?: RecordedEvent) => void;
}
