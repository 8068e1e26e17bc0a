import type { CommandResult, CommandStore } from '../command-handler.ts';
import { DomainError, eventMetadataFrom, evolveAll } from '../decider.ts';
import type { NewEvent, RecordedEvent } from '../envelope.ts';
import { productDecider, type Product, type ProductCommand } from '../product/decider.ts';
import { productStreamId, type ProductEvent } from '../product/events.ts';
import { WrongExpectedRevisionError, type StreamAppend } from '../store/port.ts';
import {
  bookingDecider,
  type AcceptBooking,
  type Booking,
  type BookingMoveCommand,
  type CancelBooking,
  type DeclineBooking,
  type ExpireBooking,
} from './decider.ts';
import { bookingStreamId, type BookingEvent } from './events.ts';

/*
 * A booking ends by a move of its seller (accept, decline), its buyer (cancel) or the system
 * (expire; cancel when an admin deleted buyer or seller). Each is decided against the booking's
 * stream and its product's stream together, and both are appended at the revisions read: of two
 * moves at once (accept and cancel) one is appended, the other is decided again against the
 * ended booking and refused with 409 (or changes nothing, when it is the same move again).
 */

/** A move as the gateway or a reactor asks it: the seller is filled in from the streams. */
export type BookingMove =
  | (Omit<AcceptBooking, 'data'> & { data: { bookingId: string } })
  | (Omit<DeclineBooking, 'data'> & { data: { bookingId: string } })
  | CancelBooking
  | ExpireBooking;

export interface BookingAndProduct {
  readonly booking: Booking;
  readonly product: Product;
}

export interface BookingMoveDecision {
  readonly booking: BookingEvent[];
  readonly product: ProductEvent[];
}

/** The booking's seller: as the booking names them, else (a version 1 booking) as its product. */
const sellerOf = ({ booking, product }: BookingAndProduct): string | null => {
  if (booking.status === 'none') return null;
  if (booking.booking.sellerUid !== null) return booking.booking.sellerUid;
  return product.status === 'empty' || product.status === 'deleted'
    ? null
    : product.listing.sellerUid;
};

/** The booking command of a move, with the seller the streams name. */
export const bookingCommandOf = (
  move: BookingMove,
  state: BookingAndProduct,
): BookingMoveCommand => {
  switch (move.type) {
    case 'AcceptBooking':
    case 'DeclineBooking':
      return { ...move, data: { ...move.data, sellerUid: sellerOf(state) } } as BookingMoveCommand;
    case 'CancelBooking':
    case 'ExpireBooking':
      return move;
  }
};

/** What the product's stream records after the booking's state: sold, on sale again, or nothing. */
const productCommandAfter = (booking: Booking, move: BookingMove): ProductCommand | undefined => {
  if (booking.status === 'none' || booking.status === 'pending') return undefined;
  const { bookingId, productId } = booking.booking;
  const { metadata } = move;
  if (booking.status === 'accepted')
    return { type: 'SellBookedProduct', data: { productId, bookingId }, metadata };
  return {
    type: 'ReleaseBookedProduct',
    data: { productId, bookingId, reason: booking.status },
    metadata,
  };
};

/**
 * The pure decision of a move against both states: the booking's events, then the product's.
 * The product's part is decided even when the booking's decided nothing (the move was made
 * already), so a product left behind by a store that appends streams one by one is completed.
 */
export function decideBookingMove(
  move: BookingMove,
  state: BookingAndProduct,
): BookingMoveDecision {
  const booking = bookingDecider.decide(bookingCommandOf(move, state), state.booking);
  const after = booking.reduce(bookingDecider.evolve, state.booking);
  const productCommand = productCommandAfter(after, move);
  const product = productCommand ? productDecider.decide(productCommand, state.product) : [];
  return { booking, product };
}

const defaultMaxAttempts = 5;

/**
 * Runs a booking move: reads the booking's stream, then its product's, decides both, and appends
 * both at the revisions read (one transaction in the embedded log). A race lost on either stream
 * runs the whole cycle again. Throws the DomainError of the decision as it is.
 */
export async function handleBookingMove(
  store: CommandStore,
  move: BookingMove,
  options: { readonly maxAttempts?: number; readonly newEventId?: () => string } = {},
): Promise<CommandResult<BookingEvent | ProductEvent>> {
  const { maxAttempts = defaultMaxAttempts, newEventId = () => crypto.randomUUID() } = options;
  const bookingStream = bookingStreamId(move.data.bookingId);
  for (let attempt = 1; ; attempt++) {
    try {
      const bookingHistory = await store.readStream(bookingStream);
      const booking = evolveAll(bookingDecider, eventsOf<BookingEvent>(bookingHistory));
      if (booking.status === 'none')
        throw new DomainError('not_found', 'This booking does not exist');
      const productStream = productStreamId(booking.booking.productId);
      const productHistory = await store.readStream(productStream);
      const product = evolveAll(productDecider, eventsOf<ProductEvent>(productHistory));

      const decided = decideBookingMove(move, { booking, product });
      const metadata = eventMetadataFrom(move.metadata);
      const appends: StreamAppend[] = [];
      const appendOf = (
        streamId: string,
        history: readonly RecordedEvent[],
        events: readonly (BookingEvent | ProductEvent)[],
      ): void => {
        if (events.length === 0) return;
        const newEvents: NewEvent[] = events.map((event) => ({
          eventId: newEventId(),
          event,
          metadata,
        }));
        appends.push({
          streamId,
          events: newEvents,
          expectedRevision: history.at(-1)?.revision ?? 'no_stream',
        });
      };
      appendOf(bookingStream, bookingHistory, decided.booking);
      appendOf(productStream, productHistory, decided.product);

      if (appends.length === 0) {
        const last = [bookingHistory.at(-1), productHistory.at(-1)];
        return {
          appended: false,
          events: [],
          nextExpectedRevision: bookingHistory.at(-1)?.revision ?? 'no_stream',
          position: Math.max(0, ...last.map((event) => event?.position ?? 0)),
        };
      }
      const results = await store.appendSequence(appends);
      const events = appends.flatMap(({ streamId, events: appended, expectedRevision }) =>
        appended.map(({ eventId, event }, index) => ({
          eventId,
          streamId,
          revision: (expectedRevision === 'no_stream' ? 0 : Number(expectedRevision) + 1) + index,
          type: event.type as (BookingEvent | ProductEvent)['type'],
          schemaVersion: event.schemaVersion,
          data: event.data as (BookingEvent | ProductEvent)['data'],
          metadata,
        })),
      );
      const bookingResult = decided.booking.length > 0 ? results[0] : undefined;
      return {
        appended: true,
        events,
        nextExpectedRevision:
          bookingResult?.nextExpectedRevision ?? bookingHistory.at(-1)?.revision ?? 'no_stream',
        position: results.at(-1)?.position ?? 0,
      };
    } catch (error) {
      const lostRace =
        error instanceof WrongExpectedRevisionError &&
        (error.streamId === bookingStream || error.streamId.startsWith(productStreamId('')));
      if (!lostRace || attempt >= maxAttempts) throw error;
    }
  }
}

// The store checked every event against the catalog on read, and the stream id names the stream
// type, so these are events of that decider.
const eventsOf = <E extends BookingEvent | ProductEvent>(history: readonly RecordedEvent[]): E[] =>
  history.map(({ type, schemaVersion, data }) => ({ type, schemaVersion, data }) as E);
