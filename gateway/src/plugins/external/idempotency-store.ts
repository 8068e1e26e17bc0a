import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createIdempotencyStore, type IdempotencyStore } from '@resale/workers';

/** Where first answers to idempotent commands are kept: MongoDB if configured, else SQLite. */
async function idempotencyStore(app: FastifyInstance): Promise<void> {
  const { MONGODB_URL, MONGODB_DB, DATA_DIR } = app.config;
  // createIdempotencyStore loads the MongoDB driver only in the profile that uses it.
  const store = await createIdempotencyStore({ MONGODB_URL, MONGODB_DB, DATA_DIR });
  app.decorate('idempotencyStore', store);
  app.addHook('onClose', () => store.close());
}

declare module 'fastify' {
  interface FastifyInstance {
    idempotencyStore: IdempotencyStore;
  }
}

export default fp(idempotencyStore, { name: 'idempotency-store', dependencies: ['config'] });
