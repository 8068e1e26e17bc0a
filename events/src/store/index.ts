export * from './port.ts';
export * from './embedded-event-store.ts';
