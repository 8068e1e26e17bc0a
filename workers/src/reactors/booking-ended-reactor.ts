import {
  DomainError,
  handleBookingMove,
  type CommandStore,
  type RecordedEvent,
} from '@resale/events';

const endTypes = new Set([
  'BookingAccepted',
  'BookingDeclined',
  'BookingCancelled',
  'BookingExpired',
]);

/**
 * Completes a product left behind by a booking's end. A move appends the booking's end and the
 * product's ProductSold or ProductReleased as one sequence: the embedded log commits both at once,
 * but EventStoreDB appends them one after the other, and a crash in between would leave a phone
 * booked by a booking that ended. For each end whose product event is not in the same run, the
 * reactor decides the move again as the system: the booking's part decides nothing (it ended),
 * the product's part appends what is missing, or nothing when it is there (the usual case).
 */
export async function completeProductsOfEndedBookings(
  eventStore: CommandStore,
  events: readonly RecordedEvent[],
): Promise<void> {
  const productEventsInRun = new Set(
    events
      .filter((event) => event.type === 'ProductSold' || event.type === 'ProductReleased')
      .map((event) => (event.data as { bookingId: string }).bookingId),
  );
  for (const event of events) {
    if (!endTypes.has(event.type)) continue;
    const { bookingId } = event.data as { bookingId: string };
    if (productEventsInRun.has(bookingId)) continue;
    try {
      // Whatever move ended it, ExpireBooking now decides nothing for the booking itself, and
      // the product's part follows the booking's state (sold, or on sale again).
      await handleBookingMove(eventStore, {
        type: 'ExpireBooking',
        data: { bookingId },
        metadata: {
          actorUid: event.metadata.actorUid,
          actorEmail: event.metadata.actorEmail,
          now: event.metadata.occurredAt,
          correlationId: event.metadata.correlationId,
          causationId: event.eventId,
        },
      });
    } catch (error) {
      // The product that booking no longer holds (deleted, or another booking's): nothing to do.
      if (error instanceof DomainError) continue;
      throw error;
    }
  }
}
