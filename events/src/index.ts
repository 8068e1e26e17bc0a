export * from './envelope.ts';
export * from './fields.ts';
export * from './image-name.ts';
export * from './catalog.ts';
export * from './user/events.ts';
export * from './seller/events.ts';
export * from './category/events.ts';
export * from './product/events.ts';
export * from './booking/events.ts';
export * from './store/port.ts';
export * from './store/embedded-event-store.ts';
export * from './store/create-event-store.ts';
// Types only: the EventStoreDB adapter (and its gRPC client) is loaded by openEventStore and
// createEventStore when EVENTSTORE_URL is set, never by importing this package.
export type {
  EventStoreDbEventStore,
  EventStoreDbEventStoreOptions,
} from './store/eventstoredb-event-store.ts';
export * from './domain.ts';
export { pooledRandomBytes } from './random-bytes.ts';
export { erasedValues, type PersonalValueKind } from './personal-data/personal-fields.ts';
