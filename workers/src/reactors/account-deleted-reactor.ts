import {
  DomainError,
  handleBookingMove,
  systemActor,
  type CancellationReason,
  type CommandStore,
  type RecordedEvent,
} from '@resale/events';
import { listPendingBookingsOf } from '../projections/bookings/bookings-queries.ts';
import type { ReadStore } from '../read-store/port.ts';

/** The account an event deletes: a user (UserDeleted) or a seller record (SellerDeleted). */
const deletedAccountOf = (event: RecordedEvent): string | undefined => {
  if (event.type === 'UserDeleted') return (event.data as { uid: string }).uid;
  if (event.type === 'SellerDeleted') return (event.data as { sellerId: string }).sellerId;
  return undefined;
};

interface PendingBooking {
  readonly bookingId: string;
  readonly buyerUid: string;
  readonly sellerUid: string | null;
}

/**
 * When an admin deletes a user or a seller, their open bookings end: each pending booking they
 * made as buyer, or received as seller, is cancelled by the system with the reason
 * ('buyer-deleted', 'seller-deleted'), and its phone is on sale again. The pending bookings are
 * the read model's, plus those placed earlier in the same run (not projected yet). Cancelling is
 * decided like any move, so a redelivered deletion, or a booking that ended meanwhile, changes
 * nothing. (A booking made before bookings named their seller is found through its buyer only;
 * it expires as any other.)
 */
export async function cancelBookingsOfDeletedAccounts(
  eventStore: CommandStore,
  readStore: ReadStore,
  events: readonly RecordedEvent[],
): Promise<void> {
  for (const [index, event] of events.entries()) {
    const uid = deletedAccountOf(event);
    if (uid === undefined) continue;
    const inRun: PendingBooking[] = events
      .slice(0, index)
      .filter((e) => e.type === 'BookingPlaced')
      .map((e) => e.data as PendingBooking);
    const projected: PendingBooking[] = (await listPendingBookingsOf(readStore, uid)).map(
      (doc) => ({ bookingId: doc._id, buyerUid: doc.buyerUid, sellerUid: doc.sellerUid }),
    );
    const seen = new Set<string>();
    for (const booking of [...projected, ...inRun]) {
      const reason: CancellationReason | undefined =
        booking.buyerUid === uid
          ? 'buyer-deleted'
          : booking.sellerUid === uid
            ? 'seller-deleted'
            : undefined;
      if (reason === undefined || seen.has(booking.bookingId)) continue;
      seen.add(booking.bookingId);
      await cancelBooking(eventStore, booking.bookingId, reason, event);
    }
  }
}

async function cancelBooking(
  eventStore: CommandStore,
  bookingId: string,
  reason: CancellationReason,
  cause: RecordedEvent,
): Promise<void> {
  try {
    await handleBookingMove(eventStore, {
      type: 'CancelBooking',
      data: { bookingId, reason },
      metadata: {
        ...systemActor,
        // The deletion's time: a replayed or redelivered deletion decides as the first did.
        now: cause.metadata.occurredAt,
        correlationId: cause.metadata.correlationId,
        causationId: cause.eventId,
      },
    });
  } catch (error) {
    // Not placed yet (its BookingPlaced is still to come): the booking reactor places it, and
    // it then expires in its time. Anything else is retried with the run.
    if (error instanceof DomainError && error.code === 'not_found') return;
    throw error;
  }
}
