import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  openMongoIdempotencyStore,
  openSqliteIdempotencyStore,
  type IdempotencyStore,
} from '../../adapters/idempotency-store.ts';

/** Where first answers to idempotent commands are kept: MongoDB if configured, else SQLite. */
async function idempotencyStore(app: FastifyInstance): Promise<void> {
  const store = app.mongo
    ? await openMongoIdempotencyStore(app.mongo)
    : openSqliteIdempotencyStore(app.config.DATA_DIR);
  app.decorate('idempotencyStore', store);
  app.addHook('onClose', () => store.close());
}

declare module 'fastify' {
  interface FastifyInstance {
    idempotencyStore: IdempotencyStore;
  }
}

export default fp(idempotencyStore, {
  name: 'idempotency-store',
  dependencies: ['config', 'mongo'],
});
