import type { ReadStore } from '../read-store/port.ts';
import type { ChangeTopic } from './projection.ts';

/** A change topic, with its key (null: all of it), whose changes can change an answer. */
export interface ChangeSource {
  readonly topic: ChangeTopic;
  readonly key: string | null;
}

/**
 * A query of the read models, declared once beside its read model with the change sources its
 * answer reads: the gateway's answer cache invalidates by them and its subscriptions follow them,
 * so neither can drift from what the query reads.
 */
export interface ReadModelQuery<A, R> {
  sources(args: A): readonly ChangeSource[];
  run(store: ReadStore, args: A): Promise<R>;
}
