import type { RecordedEvent } from '@resale/events';
import type { ReadModelChange, ReadModelName } from '../projections/projection.ts';
import type { ProjectionTarget } from './port.ts';

export interface ProjectOptions {
  /** Apply only to these read models, as far as the target holds them. Default: every one it holds. */
  readonly only?: readonly ReadModelName[];
}

function modelsFor(target: ProjectionTarget, options?: ProjectOptions): ReadModelName[] {
  const wanted = options?.only ?? target.models;
  return wanted.filter((name) => target.models.includes(name));
}

/**
 * Applies one event to the read models, idempotently: a redelivered or replayed event changes
 * nothing and returns []. Returns what changed, for the change notifications.
 */
export async function projectEvent(
  target: ProjectionTarget,
  event: RecordedEvent,
  options?: ProjectOptions,
): Promise<ReadModelChange[]> {
  const [changes] = await target.applyEvents([event], modelsFor(target, options));
  return changes ?? [];
}

/**
 * Applies events in order, as `projectEvent` would one by one; the embedded store commits them
 * in one transaction (what a catch-up or a replay wants). Returns the changes of each event.
 */
export function projectEvents(
  target: ProjectionTarget,
  events: readonly RecordedEvent[],
  options?: ProjectOptions,
): Promise<ReadModelChange[][]> {
  return events.length === 0
    ? Promise.resolve([])
    : target.applyEvents(events, modelsFor(target, options));
}
