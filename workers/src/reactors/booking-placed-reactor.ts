import {
  bookingDecider,
  bookingStreamId,
  placeBookingFor,
  WrongExpectedRevisionError,
  type EventStore,
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

/**
 * Places the booking a ProductBooked announced: BookingPlaced on the booking's own stream. The
 * gateway answers a booking once its ProductBooked, the product stream's decision (one winner per
 * product), is durable; the booking's stream is written here, before the event is projected, so a
 * process killed in between is handed the event again. Appending with expectedRevision 'no_stream'
 * and an event id derived from the ProductBooked's makes that safe: a redelivery gets
 * WrongExpectedRevisionError, which means the booking is placed already. No read comes first: the
 * stream is nearly always new.
 * Returns true when this call appended the BookingPlaced.
 */
export async function ensureBookingPlaced(
  eventStore: Pick<EventStore, 'append'>,
  event: RecordedEvent,
): Promise<boolean> {
  if (!isProductBooked(event)) return false;
  const booked = event.data;
  // The booking stream's rules (bookingDecider) on a stream known to be new.
  const [placed] = bookingDecider.decide(
    placeBookingFor(
      { type: 'ProductBooked', schemaVersion: 1, data: booked },
      {
        actorUid: event.metadata.actorUid,
        actorEmail: event.metadata.actorEmail,
        now: event.metadata.occurredAt,
        correlationId: event.metadata.correlationId,
        causationId: event.eventId,
      },
    ),
    bookingDecider.initialState(),
  );
  if (!placed) return false;
  try {
    await eventStore.append(
      bookingStreamId(booked.bookingId),
      [
        {
          eventId: uuidFromName(`BookingPlaced/${event.eventId}`),
          event: placed,
          metadata: { ...event.metadata, causationId: event.eventId },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    return true;
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return false;
    throw error;
  }
}

/**
 * `ensureBookingPlaced` for each ProductBooked of a run, all at once (different streams: the
 * embedded store commits them together). One whose BookingPlaced is in the same run needs none
 * (bookings placed before the reactor did this, by the gateway).
 */
export async function ensureBookingsPlaced(
  eventStore: Pick<EventStore, 'append'>,
  events: readonly RecordedEvent[],
): Promise<void> {
  const placedInRun = new Set(
    events.filter((event) => event.type === 'BookingPlaced').map((event) => event.streamId),
  );
  await Promise.all(
    events
      .filter(
        (event) =>
          isProductBooked(event) && !placedInRun.has(bookingStreamId(event.data.bookingId)),
      )
      .map((event) => ensureBookingPlaced(eventStore, event)),
  );
}
