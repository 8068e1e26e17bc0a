export * from './read-models.ts';
export * from './queue/port.ts';
export * from './queue/in-process-queue.ts';
// Types only: startBullmqPipeline loads BullMQ; importing this package does not.
export type * from './queue/bullmq-queue.ts';
export * from './pubsub/port.ts';
export * from './pubsub/topics.ts';
export * from './pubsub/mqemitter-pubsub.ts';
export * from './pubsub/wait-for-position.ts';
export * from './pubsub/swap-notices.ts';
export * from './pubsub/log-appends.ts';
export * from './relay/relay.ts';
export * from './relay/redis-relay.ts';
export * from './reactors/booking-placed-reactor.ts';
export * from './pipeline/processor.ts';
export * from './pipeline/pipelines.ts';
export * from './pipeline/projection-thread.ts';
export * from './pipeline/shutdown.ts';
export * from './operators/environment.ts';
export * from './operators/audit.ts';
export * from './operators/audit-timeline.ts';
export * from './operators/listing-as-of.ts';
export * from './operators/replay.ts';
export * from './operators/replay-progress.ts';
// BullMQ is loaded when a reader is opened, not when this package is imported.
export * from './queue/queue-depth.ts';
// The gateway's own stores: answers of idempotent commands, uploaded images. Types only of the
// MongoDB adapters: the create* factories load them (and the driver) when MONGODB_URL is set.
export * from './idempotency-store/port.ts';
export * from './idempotency-store/sqlite-idempotency-store.ts';
export type * from './idempotency-store/mongo-idempotency-store.ts';
export * from './idempotency-store/create-idempotency-store.ts';
export * from './image-store/port.ts';
export * from './image-store/file-image-store.ts';
export type * from './image-store/gridfs-image-store.ts';
export * from './image-store/create-image-store.ts';
