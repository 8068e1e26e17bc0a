import { DomainError, type Command, type CommandMetadata, type Decider } from '../decider.ts';
import type { ProductBooked } from '../product/events.ts';
import type {
  BookingAccepted,
  BookingCancelled,
  BookingDeclined,
  BookingEvent,
  BookingExpired,
  BookingPlaced,
  CancellationReason,
} from './events.ts';

/////////////////////////////////////////
// State
/////////////////////////////////////////

type BookingRecord = BookingPlaced['data'];

/** A booking waits for its seller until it ends in one of the other states, for good. */
export type BookingStatus = 'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired';

export type Booking =
  | { status: 'none' }
  | { status: 'pending' | 'accepted' | 'declined' | 'expired'; booking: BookingRecord }
  | { status: 'cancelled'; booking: BookingRecord; reason: CancellationReason };

export type PlacedBooking = Exclude<Booking, { status: 'none' }>;

export const initialBookingState = (): Booking => ({ status: 'none' });

export const evolveBooking = (state: Booking, event: BookingEvent): Booking => {
  const { type } = event;
  switch (type) {
    case 'BookingPlaced':
      return state.status === 'none' ? { status: 'pending', booking: event.data } : state;
    case 'BookingAccepted':
      return state.status === 'pending' ? { status: 'accepted', booking: state.booking } : state;
    case 'BookingDeclined':
      return state.status === 'pending' ? { status: 'declined', booking: state.booking } : state;
    case 'BookingCancelled':
      return state.status === 'pending'
        ? { status: 'cancelled', booking: state.booking, reason: event.data.reason }
        : state;
    case 'BookingExpired':
      return state.status === 'pending' ? { status: 'expired', booking: state.booking } : state;
    // The state holds personal data as the log reads it: already erased once the key is gone.
    case 'BookingPersonalDataErased':
      return state;
    default: {
      const _unknown: never = type;
      return state;
    }
  }
};

/////////////////////////////////////////
// Commands
/////////////////////////////////////////

/**
 * Records a booking that the product stream has already accepted (ProductBooked is the guard
 * against double booking); build it with `placeBookingFor`.
 */
export type PlaceBooking = Command<'PlaceBooking', BookingRecord>;

/**
 * What the seller of the booked product answers. `sellerUid` is that seller, as the booking or,
 * for a booking that does not name them, the product's stream says (never taken from a client).
 */
export type AcceptBooking = Command<
  'AcceptBooking',
  { bookingId: string; sellerUid: string | null }
>;
export type DeclineBooking = Command<
  'DeclineBooking',
  { bookingId: string; sellerUid: string | null }
>;
/** By its buyer ('buyer-cancelled'), or by the system when an admin deleted buyer or seller. */
export type CancelBooking = Command<
  'CancelBooking',
  { bookingId: string; reason: CancellationReason }
>;
/** By the system once `expiresAt` has passed; a booking that ended otherwise stays as it is. */
export type ExpireBooking = Command<'ExpireBooking', { bookingId: string }>;

export type BookingMoveCommand = AcceptBooking | DeclineBooking | CancelBooking | ExpireBooking;
/** Sent by the system when an admin deleted the user `uid` (workers' account-deleted reactor). */
export type EraseBookingPersonalData = Command<
  'EraseBookingPersonalData',
  { bookingId: string; uid: string }
>;

export type BookingCommand = PlaceBooking | BookingMoveCommand | EraseBookingPersonalData;

/** The PlaceBooking that completes a ProductBooked on the booking's own stream. */
export const placeBookingFor = (
  booked: Pick<ProductBooked, 'data'>,
  metadata: CommandMetadata,
): PlaceBooking => ({ type: 'PlaceBooking', data: { ...booked.data }, metadata });

/////////////////////////////////////////
// Business logic
/////////////////////////////////////////

const sameBooking = (a: BookingRecord, b: BookingRecord): boolean =>
  (Object.keys(a) as (keyof BookingRecord)[]).every((key) => a[key] === b[key]) &&
  Object.keys(a).length === Object.keys(b).length;

export const placeBooking = (command: PlaceBooking, state: Booking): BookingPlaced[] => {
  if (state.status !== 'none') {
    if (!sameBooking(state.booking, command.data))
      throw new DomainError('conflict', 'This booking already exists with other details');
    return [];
  }
  return [{ type: 'BookingPlaced', schemaVersion: 2, data: { ...command.data } }];
};

const cancelledMessages: Record<CancellationReason, string> = {
  'buyer-cancelled': 'The buyer cancelled this booking',
  'buyer-deleted': "This booking was cancelled: the buyer's account was deleted",
  'seller-deleted': "This booking was cancelled: the seller's account was deleted",
};

/** Why a booking that is no longer pending takes no other answer. */
export const endedMessage = (state: PlacedBooking): string => {
  switch (state.status) {
    case 'pending':
      return 'This booking is waiting for the seller';
    case 'accepted':
      return 'The seller has already accepted this booking';
    case 'declined':
      return 'The seller has already declined this booking';
    case 'cancelled':
      return cancelledMessages[state.reason];
    case 'expired':
      return 'This booking has expired: the seller did not answer in time';
  }
};

function assertPlaced(state: Booking): asserts state is PlacedBooking {
  if (state.status === 'none') throw new DomainError('not_found', 'This booking does not exist');
}

const hasExpired = (booking: BookingRecord, now: string): boolean =>
  Date.parse(now) >= Date.parse(booking.expiresAt);

/**
 * A pending booking whose time is up takes no answer any more, even before the system recorded
 * its expiry: a seller accepting a minute late gets the same 409 as an hour late.
 */
const expiredRefusal = () =>
  new DomainError('illegal_state', 'This booking has expired: the seller did not answer in time');

const end = (state: PlacedBooking) => ({
  bookingId: state.booking.bookingId,
  productId: state.booking.productId,
});

/** Accept and decline: the seller's answers, repeated answers change nothing. */
const answer = <E extends BookingAccepted | BookingDeclined>(
  command: AcceptBooking | DeclineBooking,
  state: Booking,
  outcome: 'accepted' | 'declined',
  event: (state: PlacedBooking) => E,
): E[] => {
  assertPlaced(state);
  const { sellerUid } = command.data;
  if (sellerUid === null || sellerUid !== command.metadata.actorUid)
    throw new DomainError(
      'forbidden',
      `Only the seller of this product can ${outcome === 'accepted' ? 'accept' : 'decline'} this booking`,
    );
  if (state.status === outcome) return [];
  if (state.status !== 'pending') throw new DomainError('illegal_state', endedMessage(state));
  if (hasExpired(state.booking, command.metadata.now)) throw expiredRefusal();
  return [event(state)];
};

export const acceptBooking = (command: AcceptBooking, state: Booking): BookingAccepted[] =>
  answer(command, state, 'accepted', (placed) => ({
    type: 'BookingAccepted',
    schemaVersion: 1,
    data: end(placed),
  }));

export const declineBooking = (command: DeclineBooking, state: Booking): BookingDeclined[] =>
  answer(command, state, 'declined', (placed) => ({
    type: 'BookingDeclined',
    schemaVersion: 1,
    data: end(placed),
  }));

export const cancelBooking = (command: CancelBooking, state: Booking): BookingCancelled[] => {
  assertPlaced(state);
  const { reason } = command.data;
  if (reason === 'buyer-cancelled' && state.booking.buyerUid !== command.metadata.actorUid)
    throw new DomainError('forbidden', 'Only the buyer can cancel this booking');
  if (state.status === 'cancelled') return [];
  if (state.status !== 'pending') {
    // The system cancels what is still open; what ended already stays as it ended.
    if (reason !== 'buyer-cancelled') return [];
    throw new DomainError('illegal_state', endedMessage(state));
  }
  if (reason === 'buyer-cancelled' && hasExpired(state.booking, command.metadata.now))
    throw expiredRefusal();
  return [{ type: 'BookingCancelled', schemaVersion: 1, data: { ...end(state), reason } }];
};

export const expireBooking = (command: ExpireBooking, state: Booking): BookingExpired[] => {
  assertPlaced(state);
  if (state.status !== 'pending') return [];
  if (!hasExpired(state.booking, command.metadata.now))
    throw new DomainError('illegal_state', 'This booking has not expired yet');
  return [
    {
      type: 'BookingExpired',
      schemaVersion: 1,
      data: { ...end(state), expiresAt: state.booking.expiresAt },
    },
  ];
};

/** The booking's part of a user's erasure: recorded when they are its buyer or its seller. */
const eraseBookingPersonalData = (
  command: EraseBookingPersonalData,
  state: Booking,
): BookingEvent[] => {
  if (state.status === 'none') throw new DomainError('not_found', 'This booking does not exist');
  const { bookingId, productId, buyerUid, sellerUid } = state.booking;
  const { uid } = command.data;
  if (uid !== buyerUid && uid !== sellerUid) return [];
  return [
    { type: 'BookingPersonalDataErased', schemaVersion: 1, data: { bookingId, productId, uid } },
  ];
};

export const decideBooking = (command: BookingCommand, state: Booking): BookingEvent[] => {
  const { type } = command;
  switch (type) {
    case 'EraseBookingPersonalData':
      return eraseBookingPersonalData(command, state);
    case 'PlaceBooking':
      return placeBooking(command, state);
    case 'AcceptBooking':
      return acceptBooking(command, state);
    case 'DeclineBooking':
      return declineBooking(command, state);
    case 'CancelBooking':
      return cancelBooking(command, state);
    case 'ExpireBooking':
      return expireBooking(command, state);
    default: {
      const _unknown: never = type;
      throw new DomainError('invalid', `Unknown booking command ${String(_unknown)}`);
    }
  }
};

export const bookingDecider: Decider<BookingCommand, BookingEvent, Booking> = {
  decide: decideBooking,
  evolve: evolveBooking,
  initialState: initialBookingState,
};
