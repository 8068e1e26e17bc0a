import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The largest upload taken: a phone camera's photo (re-encoded to far less before it is stored). */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;

/** Multipart bodies: one file of at most 15 MB, a few small fields. */
async function multipartBodies(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    throwFileSizeLimit: true,
  });
}

export default fp(multipartBodies, { name: 'multipart' });
