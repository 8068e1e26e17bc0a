import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createImageStore, type ImageStore } from '@resale/workers';

/** Uploaded images: GridFS when MongoDB is configured, files under the data folder otherwise. */
async function imageStore(app: FastifyInstance): Promise<void> {
  const { MONGODB_URL, MONGODB_DB, DATA_DIR } = app.config;
  // createImageStore loads the MongoDB driver only in the profile that uses it.
  const store = await createImageStore({ MONGODB_URL, MONGODB_DB, DATA_DIR });
  app.decorate('imageStore', store);
  app.addHook('onClose', () => store.close());
}

declare module 'fastify' {
  interface FastifyInstance {
    imageStore: ImageStore;
  }
}

export default fp(imageStore, { name: 'image-store', dependencies: ['config'] });
