import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from 'mongodb';

/**
 * The distributed profile's MongoDB connection for what the gateway stores itself (uploaded
 * images in GridFS, idempotency keys). `app.mongo` is null in the embedded profile, which does
 * not even load the driver.
 */
async function mongo(app: FastifyInstance): Promise<void> {
  const url = app.config.MONGODB_URL;
  if (!url) {
    app.decorate('mongo', null);
    return;
  }
  const { MongoClient } = await import('mongodb');
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 5_000 });
  await client.connect();
  app.decorate('mongo', client.db(app.config.MONGODB_DB));
  app.readinessChecks.set('mongo', async () => {
    await client.db(app.config.MONGODB_DB).command({ ping: 1 });
    return { ok: true };
  });
  app.addHook('onClose', () => client.close());
}

declare module 'fastify' {
  interface FastifyInstance {
    mongo: Db | null;
  }
}

export default fp(mongo, { name: 'mongo', dependencies: ['config', 'readiness'] });
