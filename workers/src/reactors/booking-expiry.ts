import {
  DomainError,
  handleBookingMove,
  systemActor,
  type CommandStore,
  type RecordedEvent,
} from '@resale/events';
import { listPendingBookings } from '../projections/bookings/bookings-queries.ts';
import type { ReadStore } from '../read-store/port.ts';

/*
 * A pending booking nobody answers expires at the `expiresAt` its BookingPlaced carries. The log
 * drives it: each BookingPlaced the workers apply schedules its expiry, and a start schedules
 * every booking the read model still has pending, so a restart (or a lost Redis) loses none.
 * The expiry itself is the ExpireBooking command, decided like any other move: a booking that
 * ended meanwhile is left as it is, so a duplicate or late timer or job cannot harm.
 */

/** Where expiries wait: timers in this process (embedded) or BullMQ delayed jobs (distributed). */
export interface ExpiryScheduler {
  /** Expires the booking at `expiresAt` (at once when past); scheduling it again changes nothing. */
  schedule(bookingId: string, expiresAt: string): Promise<void>;
  /** The booking ended otherwise: its expiry need not run (it would change nothing anyway). */
  forget(bookingId: string): Promise<void>;
  close(): Promise<void>;
}

export type ExpiryOutcome = 'expired' | 'ended' | 'not-yet' | 'unknown';

/**
 * Runs ExpireBooking for the system. 'not-yet': the booking's time is not up by this process's
 * clock (try again later); 'ended': it had ended otherwise, nothing was appended; 'unknown': its
 * stream has no BookingPlaced yet (the booking reactor completes it, and its BookingPlaced
 * schedules the expiry again).
 */
export async function expireBooking(
  eventStore: CommandStore,
  bookingId: string,
  now: () => number = Date.now,
): Promise<ExpiryOutcome> {
  const time = new Date(now()).toISOString();
  try {
    const result = await handleBookingMove(eventStore, {
      type: 'ExpireBooking',
      data: { bookingId },
      metadata: {
        ...systemActor,
        now: time,
        correlationId: `expire-${bookingId}`,
        causationId: `expire-${bookingId}`,
      },
    });
    return result.appended ? 'expired' : 'ended';
  } catch (error) {
    if (error instanceof DomainError && error.code === 'illegal_state') return 'not-yet';
    if (error instanceof DomainError && error.code === 'not_found') return 'unknown';
    throw error;
  }
}

/** What the workers do with a run of events: schedule each new booking, forget each ended one. */
export async function scheduleExpiriesOf(
  scheduler: ExpiryScheduler,
  events: readonly RecordedEvent[],
): Promise<void> {
  for (const event of events)
    switch (event.type) {
      case 'BookingPlaced': {
        const { bookingId, expiresAt } = event.data as { bookingId: string; expiresAt: string };
        await scheduler.schedule(bookingId, expiresAt);
        break;
      }
      case 'BookingAccepted':
      case 'BookingDeclined':
      case 'BookingCancelled':
      case 'BookingExpired':
        await scheduler.forget((event.data as { bookingId: string }).bookingId);
        break;
      default:
        break;
    }
}

/** Schedules every booking the read model has pending: what a start does before relaying. */
export async function schedulePendingExpiries(
  readStore: ReadStore,
  scheduler: ExpiryScheduler,
): Promise<number> {
  let after: string | undefined;
  let count = 0;
  for (;;) {
    const page = await listPendingBookings(readStore, {
      limit: 500,
      ...(after === undefined ? {} : { after }),
    });
    for (const booking of page.items) await scheduler.schedule(booking._id, booking.expiresAt);
    count += page.items.length;
    if (page.nextCursor === null) return count;
    after = page.nextCursor;
  }
}

/** setTimeout's longest delay; a later expiry waits in steps. */
const maxTimerMs = 2_147_483_647;
const retryMs = 1_000;

/**
 * The embedded profile's scheduler: one timer per pending booking in this process. Durable by
 * where it comes from: each start schedules the bookings the read model has pending again.
 */
export function createTimerExpiryScheduler(options: {
  readonly eventStore: CommandStore;
  readonly onError: (error: Error) => void;
  /** Told each booking this scheduler expired (tests await it). */
  readonly onExpired?: (bookingId: string) => void;
  readonly now?: () => number;
}): ExpiryScheduler {
  const now = options.now ?? Date.now;
  const timers = new Map<string, NodeJS.Timeout>();
  let closed = false;
  const arm = (bookingId: string, at: number): void => {
    if (closed) return;
    clearTimeout(timers.get(bookingId));
    const timer = setTimeout(
      () => void fire(bookingId, at),
      Math.min(Math.max(0, at - now()), maxTimerMs),
    );
    // A pending expiry never keeps a process alive that is otherwise done.
    timer.unref();
    timers.set(bookingId, timer);
  };
  const fire = async (bookingId: string, at: number): Promise<void> => {
    if (closed) return;
    if (at > now()) return arm(bookingId, at);
    try {
      const outcome = await expireBooking(options.eventStore, bookingId, now);
      if (outcome === 'not-yet') return arm(bookingId, now() + retryMs);
      timers.delete(bookingId);
      if (outcome === 'expired') options.onExpired?.(bookingId);
    } catch (error) {
      options.onError(error instanceof Error ? error : new Error(String(error)));
      arm(bookingId, now() + retryMs);
    }
  };
  return {
    async schedule(bookingId, expiresAt) {
      const at = Date.parse(expiresAt);
      if (!timers.has(bookingId)) arm(bookingId, Number.isNaN(at) ? now() : at);
    },
    async forget(bookingId) {
      clearTimeout(timers.get(bookingId));
      timers.delete(bookingId);
    },
    async close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
