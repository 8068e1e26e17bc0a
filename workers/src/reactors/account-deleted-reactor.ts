import {
  DomainError,
  evolveAll,
  handleBookingMove,
  handleCommand,
  productDecider,
  productStreamId,
  systemActor,
  type CancellationReason,
  type CommandMetadata,
  type CommandStore,
  type ProductEvent,
  type RecordedEvent,
} from '@resale/events';
import { listPendingBookingsOf } from '../projections/bookings/bookings-queries.ts';
import { productsOnSiteOf } from '../projections/products/products-queries.ts';
import type { ReadStore } from '../read-store/port.ts';

/** The account an event deletes: a user (UserDeleted) or a seller record (SellerDeleted). */
const deletedAccountOf = (event: RecordedEvent): string | undefined => {
  if (event.type === 'UserDeleted') return (event.data as { uid: string }).uid;
  if (event.type === 'SellerDeleted') return (event.data as { sellerId: string }).sellerId;
  return undefined;
};

/** One account's deletion, as the steps that end its rights see it. */
interface Deletion {
  readonly eventStore: CommandStore;
  readonly readStore: ReadStore;
  /** The deleted account. */
  readonly uid: string;
  /** The events of the same run before the deletion (placed or listed, not projected yet). */
  readonly earlier: readonly RecordedEvent[];
  /** The deletion event itself. */
  readonly cause: RecordedEvent;
}

interface PendingBooking {
  readonly bookingId: string;
  readonly buyerUid: string;
  readonly sellerUid: string | null;
}

/**
 * When an admin deletes a user or a seller, their rights end with their account:
 * - their open bookings end: each pending booking they made as buyer, or received as seller, is
 *   cancelled by the system with the reason ('buyer-deleted', 'seller-deleted'), and its phone
 *   is on sale again;
 * - then each of their products still on the site is withdrawn by the system, with the reason
 *   'account-deleted', so that it leaves the public lists.
 * Bookings and products are the read models', plus those placed or listed earlier in the same
 * run (not projected yet). Both are decided like any command, so a redelivered deletion, or a
 * booking or product that ended meanwhile, changes nothing. (A booking made before bookings named
 * their seller is found through its buyer only; it expires as any other.)
 */
export async function endRightsOfDeletedAccounts(
  eventStore: CommandStore,
  readStore: ReadStore,
  events: readonly RecordedEvent[],
): Promise<void> {
  for (const [index, event] of events.entries()) {
    const uid = deletedAccountOf(event);
    if (uid === undefined) continue;
    const deletion = { eventStore, readStore, uid, earlier: events.slice(0, index), cause: event };
    await cancelBookingsOf(deletion);
    await withdrawProductsOf(deletion);
  }
}

/** The system's metadata for a move caused by a deletion. */
export const causedBy = (cause: RecordedEvent): CommandMetadata => ({
  ...systemActor,
  // The deletion's time: a replayed or redelivered deletion decides as the first did.
  now: cause.metadata.occurredAt,
  correlationId: cause.metadata.correlationId,
  causationId: cause.eventId,
});

async function cancelBookingsOf(deletion: Deletion): Promise<void> {
  const { eventStore, readStore, uid, earlier, cause } = deletion;
  const inRun: PendingBooking[] = earlier
    .filter((e) => e.type === 'BookingPlaced')
    .map((e) => e.data as PendingBooking);
  const projected: PendingBooking[] = (await listPendingBookingsOf(readStore, uid)).map((doc) => ({
    bookingId: doc._id,
    buyerUid: doc.buyerUid,
    sellerUid: doc.sellerUid,
  }));
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
    await cancelBooking(eventStore, booking.bookingId, reason, cause);
  }
}

/** Whether `cancelBooking` found the booking; false when it is not placed yet. */
async function cancelBooking(
  eventStore: CommandStore,
  bookingId: string,
  reason: CancellationReason,
  cause: RecordedEvent,
): Promise<boolean> {
  try {
    await handleBookingMove(eventStore, {
      type: 'CancelBooking',
      data: { bookingId, reason },
      metadata: causedBy(cause),
    });
    return true;
  } catch (error) {
    // Not placed yet (its BookingPlaced is still to come): the booking reactor places it, and
    // it then expires in its time. Anything else is retried with the run.
    if (error instanceof DomainError && error.code === 'not_found') return false;
    throw error;
  }
}

async function withdrawProductsOf(deletion: Deletion): Promise<void> {
  const { eventStore, readStore, uid, earlier, cause } = deletion;
  const listedInRun = earlier
    .filter((e) => e.type === 'ProductListed')
    .map((e) => e.data as { productId: string; sellerUid: string })
    .filter((listing) => listing.sellerUid === uid)
    .map((listing) => listing.productId);
  const productIds = new Set([...(await productsOnSiteOf(readStore, uid)), ...listedInRun]);
  for (const productId of productIds) await withdrawProduct(eventStore, productId, cause);
}

/**
 * Withdraws a product through the product decider, as the gateway's commands are decided. One
 * still held by a booking (placed after the bookings above were read) has it cancelled first;
 * one sold or deleted meanwhile is left as it is. A booking not placed yet leaves its product
 * booked: it is on sale again only when that booking expires, and nobody can book it then
 * (the gateway refuses bookings of a deleted seller's products).
 */
async function withdrawProduct(
  eventStore: CommandStore,
  productId: string,
  cause: RecordedEvent,
): Promise<void> {
  const streamId = productStreamId(productId);
  const history = await eventStore.readStream(streamId);
  const product = evolveAll(
    productDecider,
    history.map(
      (e) => ({ type: e.type, schemaVersion: e.schemaVersion, data: e.data }) as ProductEvent,
    ),
  );
  if (product.status === 'booked') {
    const found = await cancelBooking(
      eventStore,
      product.booking.bookingId,
      'seller-deleted',
      cause,
    );
    if (!found) return;
  } else if (product.status !== 'available' && product.status !== 'unavailable') return;
  // Decided against the stream as it is then: a race lost (a sale, a new booking) is refused
  // and the run retried, which finds the product as it ended.
  await handleCommand(eventStore, streamId, productDecider, {
    type: 'WithdrawProduct',
    data: { productId, reason: 'account-deleted' },
    metadata: causedBy(cause),
  });
}
