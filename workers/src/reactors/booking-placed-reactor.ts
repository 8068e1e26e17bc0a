import {
  bookingStreamId,
  WrongExpectedRevisionError,
  type BookingPlaced,
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
 * Completes a booking whose BookingPlaced is missing. The gateway appends ProductBooked to the
 * product's stream and then BookingPlaced to the booking's; a crash in between would leave a
 * booked product without a booking. Appending with expectedRevision 'no_stream' makes this safe
 * to run on every delivery and alongside the gateway: whoever comes second gets
 * WrongExpectedRevisionError, which means the booking already exists.
 * Returns true when this call appended the BookingPlaced.
 */
export async function ensureBookingPlaced(
  eventStore: Pick<EventStore, 'append' | 'readStream'>,
  event: RecordedEvent,
): Promise<boolean> {
  if (!isProductBooked(event)) return false;
  const booked = event.data;
  // Nearly always the gateway placed it already: a read is far cheaper than a refused append.
  if ((await eventStore.readStream(bookingStreamId(booked.bookingId))).length > 0) return false;
  const placed: BookingPlaced = {
    type: 'BookingPlaced',
    schemaVersion: 1,
    data: {
      bookingId: booked.bookingId,
      productId: booked.productId,
      productName: booked.productName,
      Brand: booked.Brand,
      buyerUid: booked.buyerUid,
      buyerName: booked.buyerName,
      email: booked.email,
      phone: booked.phone,
      address: booked.address,
      sellingPrice: booked.sellingPrice,
    },
  };
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
 * `ensureBookingPlaced` for each event of a run, in order. A ProductBooked whose BookingPlaced is
 * in the same run needs no look-up: that booking is in the log already (the usual case, since the
 * gateway appends it right after the ProductBooked).
 */
export async function ensureBookingsPlaced(
  eventStore: Pick<EventStore, 'append' | 'readStream'>,
  events: readonly RecordedEvent[],
): Promise<void> {
  const placedInRun = new Set(
    events.filter((event) => event.type === 'BookingPlaced').map((event) => event.streamId),
  );
  for (const event of events) {
    if (isProductBooked(event) && placedInRun.has(bookingStreamId(event.data.bookingId))) continue;
    await ensureBookingPlaced(eventStore, event);
  }
}
