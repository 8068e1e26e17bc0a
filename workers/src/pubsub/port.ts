import type { ReadModelChange } from '../read-models.ts';

export type Unsubscribe = () => Promise<void>;

/**
 * Change notifications, sent after the projector committed (see topics.ts for the topic names).
 * Delivery is best effort: a subscriber that misses a message refetches on the next one.
 */
export interface ChangePubSub {
  /** Sends each change to its topics, then `applied` with the position reached. */
  publishApplied(position: number, changes: readonly ReadModelChange[]): Promise<void>;
  /** Sends one message `{ topic, payload }`. */
  publish(topic: string, payload: unknown): Promise<void>;
  /** Resolves once the subscription is active (for Redis: once SUBSCRIBE was acknowledged). */
  subscribe(topic: string, listener: (payload: unknown) => void): Promise<Unsubscribe>;
  close(): Promise<void>;
}
