export * from './port.ts';
export * from './embedded-event-store.ts';
export * from './eventstoredb-event-store.ts';
export * from './create-event-store.ts';
