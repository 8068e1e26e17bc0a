import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fileImageStore, gridFsImageStore, type ImageStore } from '../../adapters/image-store.ts';

/** Uploaded images: GridFS when MongoDB is configured, files under the data folder otherwise. */
async function imageStore(app: FastifyInstance): Promise<void> {
  app.decorate(
    'imageStore',
    app.mongo ? gridFsImageStore(app.mongo) : fileImageStore(app.config.DATA_DIR),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    imageStore: ImageStore;
  }
}

export default fp(imageStore, { name: 'image-store', dependencies: ['config', 'mongo'] });
