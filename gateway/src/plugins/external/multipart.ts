import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Multipart bodies: one file of at most 5 MB, a few small fields. */
async function multipartBodies(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    throwFileSizeLimit: true,
  });
}

export default fp(multipartBodies, { name: 'multipart' });
