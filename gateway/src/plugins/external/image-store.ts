import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fileImageStore, type ImageStore } from '../../adapters/image-store.ts';

/** Uploaded images: GridFS when MongoDB is configured, files under the data folder otherwise. */
async function imageStore(app: FastifyInstance): Promise<void> {
  if (app.mongo) {
    // Imported only here: the embedded profile does not load the MongoDB driver.
    const { gridFsImageStore } = await import('../../adapters/gridfs-image-store.ts');
    app.decorate('imageStore', gridFsImageStore(app.mongo));
    return;
  }
  app.decorate('imageStore', fileImageStore(app.config.DATA_DIR));
}

declare module 'fastify' {
  interface FastifyInstance {
    imageStore: ImageStore;
  }
}

export default fp(imageStore, { name: 'image-store', dependencies: ['config', 'mongo'] });
