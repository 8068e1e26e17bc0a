// The write side: shared decider types, the command handler, one decider per stream type.
export * from './decider.ts';
export * from './command-handler.ts';
export * from './user/decider.ts';
export * from './seller/decider.ts';
export * from './category/decider.ts';
export * from './product/decider.ts';
export * from './booking/decider.ts';
export * from './booking/place-booking.ts';
export * from './booking/booking-moves.ts';
