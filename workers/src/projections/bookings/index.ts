export * from './booking-document.ts';
export * from './bookings-read-model.ts';
export * from './bookings-queries.ts';
