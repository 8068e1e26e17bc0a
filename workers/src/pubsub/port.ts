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
  /**
   * Whether notices can reach this process's subscribers now: false while the connection that
   * receives them is down (Redis), when whatever is kept on the strength of notices must not be
   * trusted. In process: always true.
   */
  receiving(): boolean;
  /**
   * Calls `listener` with false when notices stop arriving (the receiving connection is lost) and
   * with true once it is back; returns what stops telling it.
   */
  onReceivingChange(listener: (receiving: boolean) => void): () => void;
  close(): Promise<void>;
}
