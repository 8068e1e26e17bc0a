import { decideOnNewStream, type AppendedEvent } from '../command-handler.ts';
import type { CommandMetadata } from '../decider.ts';
import type { RecordedEvent } from '../envelope.ts';
import type { ProductBooked, ProductEvent } from '../product/events.ts';
import type { StreamAppend } from '../store/port.ts';
import { bookingDecider, placeBookingFor, type PlaceBooking } from './decider.ts';
import { bookingStreamId } from './events.ts';

/**
 * handleCommand's `followedBy` for BookProduct: the BookingPlaced that completes the ProductBooked
 * just decided, on the booking's new stream, appended in one sequence with it.
 */
export const placeBookingAfter =
  (metadata: CommandMetadata, newEventId: () => string) =>
  (decided: readonly AppendedEvent<ProductEvent>[]): StreamAppend[] =>
    decided.flatMap((event) => {
      if (event.type !== 'ProductBooked') return [];
      // AppendedEvent keeps type and data apart; ProductBooked pairs them again.
      const booked = { type: event.type, schemaVersion: 2, data: event.data } as ProductBooked;
      return decideOnNewStream(
        bookingStreamId(booked.data.bookingId),
        bookingDecider,
        placeBookingFor(booked, metadata),
        newEventId,
      );
    });

/**
 * The PlaceBooking that completes a recorded ProductBooked whose BookingPlaced is missing: the
 * command the gateway's `placeBookingAfter` decides, by the same buyer at the same moment in the
 * same request, caused by that ProductBooked. The booking reactor runs it with `handleCommand`.
 */
export const placeBookingCausedBy = (booked: RecordedEvent<ProductBooked>): PlaceBooking => {
  const { actorUid, actorEmail, occurredAt, correlationId } = booked.metadata;
  return placeBookingFor(booked, {
    actorUid,
    actorEmail,
    now: occurredAt,
    correlationId,
    causationId: booked.eventId,
  });
};
