import type { EventStore, RecordedEvent } from '@resale/events';
import type { ChangePubSub } from '../pubsub/port.ts';
import type { EventHandler } from '../queue/port.ts';
import { asError } from '../queue/retry.ts';
import { ensureBookingPlaced } from '../reactors/booking-placed-reactor.ts';
import { projectEvent, type ProjectionTarget } from './read-side.ts';

export interface ProcessorOptions {
  readonly readStore: ProjectionTarget;
  readonly pubsub: ChangePubSub;
  /** Where reactors append (the booking completion). Without it, events are only projected. */
  readonly eventStore?: Pick<EventStore, 'append'>;
  readonly onError?: (error: Error, event?: RecordedEvent) => void;
}

/**
 * What a queue worker does with one event: project it into every read model (idempotent: a
 * redelivery returns no changes), tell subscribers what changed once that is committed, then run
 * the reactors. A failure anywhere rejects, and the queue retries the whole thing in place.
 */
export function createEventProcessor(options: ProcessorOptions): EventHandler {
  return async (event) => {
    const changes = await projectEvent(options.readStore, event);
    try {
      await options.pubsub.publishApplied(event.position, changes);
    } catch (error) {
      // Notifications are best effort: the documents are committed, readers find them anyway.
      options.onError?.(asError(error), event);
    }
    if (options.eventStore) await ensureBookingPlaced(options.eventStore, event);
  };
}
