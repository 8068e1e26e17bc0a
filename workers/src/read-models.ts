// The read side's public API: read models, their queries, the read-store port and its adapters.

export type {
  ChangeTopic,
  FieldValue,
  IndexSpec,
  ReadModel,
  ReadModelChange,
  ReadModelDocument,
  ReadModelName,
} from './projections/projection.ts';
export { topicNames, topicsOfDocument } from './projections/projection.ts';
export type { ChangeSource, ReadModelQuery } from './projections/query.ts';
export {
  changeTopics,
  readModels,
  readModelNames,
  isReadModelName,
} from './projections/registry.ts';
export { canonicalJson } from './projections/canonical-json.ts';
export { ConcurrentUpdateError, UnsupportedEventVersionError } from './projections/apply-event.ts';

export * from './projections/categories/index.ts';
export * from './projections/products/index.ts';
export * from './projections/bookings/index.ts';
export * from './projections/users/index.ts';
export * from './projections/sellers/index.ts';

export {
  InvalidCursorError,
  RebuildBehindLiveError,
  type DocumentFilter,
  type DocumentQuery,
  type Page,
  type PageRequest,
  type ProjectionTarget,
  type ReadModelHashes,
  type ReadModelSwaps,
  type ReadStore,
  type RebuildTarget,
  type SortField,
} from './read-store/port.ts';
export { maxPageSize } from './read-store/document-query.ts';
export { projectEvent, projectEvents, type ProjectOptions } from './read-store/project-event.ts';
export {
  EmbeddedReadStore,
  openEmbeddedReadStore,
  ReadStoreNotDurableError,
  ReadStorePurgeError,
  type EmbeddedReadStoreOptions,
} from './read-store/embedded-read-store.ts';
// Types only: createReadStore loads the MongoDB adapter (and driver) when MONGODB_URL is set.
export type { MongoReadStore, MongoReadStoreOptions } from './read-store/mongo-read-store.ts';
export {
  createReadStore,
  embeddedReadStoreFile,
  type ReadStoreEnv,
} from './read-store/create-read-store.ts';
