import { DomainError, type Command, type CommandMetadata, type Decider } from '../decider.ts';
import type { ProductBooked } from '../product/events.ts';
import type { BookingEvent, BookingPlaced } from './events.ts';

/////////////////////////////////////////
// State
/////////////////////////////////////////

type BookingRecord = BookingPlaced['data'];

export type Booking = { status: 'none' } | { status: 'placed'; booking: BookingRecord };

export const initialBookingState = (): Booking => ({ status: 'none' });

export const evolveBooking = (state: Booking, event: BookingEvent): Booking => {
  switch (event.type) {
    case 'BookingPlaced':
      return state.status === 'none' ? { status: 'placed', booking: event.data } : state;
    default: {
      const _unknown: never = event.type;
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

export type BookingCommand = PlaceBooking;

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
  if (state.status === 'placed') {
    if (!sameBooking(state.booking, command.data))
      throw new DomainError('conflict', 'This booking already exists with other details');
    return [];
  }
  return [{ type: 'BookingPlaced', schemaVersion: 1, data: { ...command.data } }];
};

export const decideBooking = (command: BookingCommand, state: Booking): BookingEvent[] => {
  const { type } = command;
  switch (type) {
    case 'PlaceBooking':
      return placeBooking(command, state);
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
