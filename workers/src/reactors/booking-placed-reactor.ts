import {
  bookingDecider,
  bookingStreamId,
  handleCommand,
  placeBookingCausedBy,
  WrongExpectedRevisionError,
  type CommandStore,
  type ProductBooked,
  type RecordedEvent,
} from '@resale/events';
import { createHash } from 'node:crypto';

/** A UUID (version 5 layout) derived from a name: the same ProductBooked always yields the same id. */
export function uuidFromName(name: string): string {
  const bytes = createHash('sha1').update(`resale-market/${name}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const isProductBooked = (event: RecordedEvent): event is RecordedEvent<ProductBooked> =>
  event.type === 'ProductBooked';

/** How the reactor gives the gateway its time to place a booking itself. */
export interface BookingGrace {
  /**
   * How long after its ProductBooked was recorded a booking is left to the gateway (default 2 s).
   * Only a booking still missing after that is placed by the reactor.
   */
  readonly graceMs?: number;
  /**
   * A wait that resolves once the log may hold more (the store's next commit), and its cancel:
   * looking again then finds the gateway's booking without waiting for the next look, which comes
   * within 10 ms in any case (a store in another process than the gateway hears of its commits
   * only when it polls).
   */
  readonly laterAppends?: () => { readonly promise: Promise<void>; readonly cancel: () => void };
  readonly now?: () => number;
}

export const defaultBookingGraceMs = 2_000;
const defaultLookAgainMs = 10;

/**
 * Completes a booking whose BookingPlaced is missing. The gateway appends ProductBooked and
 * BookingPlaced as one sequence: the embedded log commits both at once, but EventStoreDB appends
 * them one after the other, and a crash in between would leave a booked product without a
 * booking (as would a log written before sequences, when every store did so). The reactor runs
 * the gateway's PlaceBooking through handleCommand and the booking decider, so its BookingPlaced
 * is the one the gateway would have appended. That is safe on every delivery and alongside the
 * gateway: a second writer's append at 'no_stream' is refused, and deciding again against the
 * booking there decides nothing (or refuses a different booking under that id, a DomainError
 * that fails this run once: its retry finds the stream taken and leaves it).
 *
 * Where the two appends are apart, the projection can see a ProductBooked before the gateway has
 * appended its BookingPlaced (it did at a thousand bookings a second): during the grace the
 * reactor looks again after each commit instead of racing the gateway. A race costs both writers: the loser's append is refused
 * after taking the log's write lock, and a gateway that lost reads the booking stream again.
 * Returns true when this call appended the BookingPlaced.
 */
export async function ensureBookingPlaced(
  eventStore: CommandStore,
  event: RecordedEvent,
  grace: BookingGrace = {},
): Promise<boolean> {
  if (!isProductBooked(event)) return false;
  const streamId = bookingStreamId(event.data.bookingId);
  const now = grace.now ?? Date.now;
  const recordedAt = Date.parse(event.recordedAt);
  // A time that does not parse leaves no grace (never a wait without end).
  const graceEnds = Number.isNaN(recordedAt)
    ? -Infinity
    : recordedAt + (grace.graceMs ?? defaultBookingGraceMs);
  // Nearly always the gateway placed it already: a read is far cheaper than a refused append.
  while ((await eventStore.readStream(streamId)).length === 0) {
    const left = graceEnds - now();
    if (left <= 0) return placeBooking(eventStore, event);
    await lookAgainWithin(left, grace.laterAppends);
  }
  return false;
}

/** Resolves after the next `laterAppends`, 10 ms or `ms`, whichever comes first. */
async function lookAgainWithin(
  ms: number,
  laterAppends: BookingGrace['laterAppends'],
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, Math.min(ms, defaultLookAgainMs));
  });
  const appended = laterAppends?.();
  try {
    await (appended ? Promise.race([appended.promise, elapsed]) : elapsed);
  } finally {
    clearTimeout(timer);
    appended?.cancel();
  }
}

async function placeBooking(
  eventStore: CommandStore,
  event: RecordedEvent<ProductBooked>,
): Promise<boolean> {
  const command = placeBookingCausedBy(event);
  try {
    const { appended } = await handleCommand(
      eventStore,
      bookingStreamId(command.data.bookingId),
      bookingDecider,
      command,
      {
        // Its stream was read empty just now: no second read before the append.
        newStream: true,
        // The same ProductBooked always yields the same id (the decider decides one event).
        newEventId: () => uuidFromName(`BookingPlaced/${event.eventId}`),
      },
    );
    return appended;
  } catch (error) {
    // Refused on every attempt: the stream is not empty, so the booking is there.
    if (error instanceof WrongExpectedRevisionError) return false;
    throw error;
  }
}

/**
 * `ensureBookingPlaced` for each event of a run, in order. A ProductBooked whose BookingPlaced is
 * in the same run needs no look-up: that booking is in the log already (the usual case, since the
 * gateway appends it right after the ProductBooked).
 */
export async function ensureBookingsPlaced(
  eventStore: CommandStore,
  events: readonly RecordedEvent[],
  grace: BookingGrace = {},
): Promise<void> {
  const placedInRun = new Set(
    events.filter((event) => event.type === 'BookingPlaced').map((event) => event.streamId),
  );
  for (const event of events) {
    if (isProductBooked(event) && placedInRun.has(bookingStreamId(event.data.bookingId))) continue;
    await ensureBookingPlaced(eventStore, event, grace);
  }
}
