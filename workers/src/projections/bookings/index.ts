export * from './booking-document.ts';
export * from './bookings-projection.ts';
export * from './bookings-queries.ts';
