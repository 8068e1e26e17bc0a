import type { RecordedEvent } from '@resale/events';
import type { ChangePubSub } from '../pubsub/port.ts';
import type { EventHandler } from '../queue/port.ts';
import { asError } from '../queue/retry.ts';
import { endRightsOfDeletedAccounts } from '../reactors/account-deleted-reactor.ts';
import { completeProductsOfEndedBookings } from '../reactors/booking-ended-reactor.ts';
import { scheduleExpiriesOf, type ExpiryScheduler } from '../reactors/booking-expiry.ts';
import { ensureBookingsPlaced, type BookingGrace } from '../reactors/booking-placed-reactor.ts';
import {
  eraseDeletedUsers,
  eraseLateCopies,
  type ErasingStore,
} from '../reactors/erasure-reactor.ts';
import { projectEvents, type ProjectionTarget, type ReadStore } from '../read-models.ts';

export interface ProcessorOptions {
  readonly readStore: ProjectionTarget;
  readonly pubsub: Pick<ChangePubSub, 'publishApplied'>;
  /** Where reactors append (the booking completion). Without it, events are only projected. */
  readonly eventStore?: ErasingStore;
  /** How the booking reactor leaves a booking to the gateway first. */
  readonly bookingGrace?: BookingGrace;
  /**
   * The reactors that end bookings (with `eventStore`): a product left booked by an ended booking
   * is completed, the expiry of each new booking is scheduled, and a deleted account's pending
   * bookings, found in `readStore`, are cancelled and its products withdrawn.
   */
  readonly bookingEnds?: { readonly readStore: ReadStore; readonly expiry: ExpiryScheduler };
  readonly onError?: (error: Error, event?: RecordedEvent) => void;
}

/** The events whose projection overwrites a deleted user's personal data. */
const erasing = new Set(['UserDeleted', 'ProductPersonalDataErased', 'BookingPersonalDataErased']);

/**
 * What a queue worker does with a run of events: run the reactors (idempotent appends), project
 * the events into every read model (idempotent: a redelivery returns no changes; a run commits as
 * one transaction in the embedded store), then tell subscribers what changed. Reactors go first
 * because projecting also commits the checkpoint: a process killed after that would never be
 * handed the event again, and its reaction would be lost. A failure anywhere rejects, and the
 * queue retries the whole run in place.
 */
export function createEventProcessor(options: ProcessorOptions): EventHandler {
  return async (events) => {
    if (options.eventStore) {
      await ensureBookingsPlaced(options.eventStore, events, options.bookingGrace);
      if (options.bookingEnds) {
        await completeProductsOfEndedBookings(options.eventStore, events);
        await endRightsOfDeletedAccounts(options.eventStore, options.bookingEnds.readStore, events);
        await eraseDeletedUsers(options.eventStore, options.bookingEnds.readStore, events);
        await scheduleExpiriesOf(options.bookingEnds.expiry, events);
      }
    }
    const changes = await projectEvents(options.readStore, events);
    if (options.eventStore && options.bookingEnds)
      await eraseLateCopies(options.eventStore, options.bookingEnds.readStore, events);
    // What an erasure overwrote must not survive in the read store's files either.
    if (options.bookingEnds && events.some((event) => erasing.has(event.type)))
      await options.bookingEnds.readStore.purgeOverwrittenData();
    for (const [index, event] of events.entries()) {
      try {
        await options.pubsub.publishApplied(event.position, changes[index] ?? []);
      } catch (error) {
        // Notifications are best effort: the documents are committed, readers find them anyway.
        options.onError?.(asError(error), event);
      }
    }
  };
}
