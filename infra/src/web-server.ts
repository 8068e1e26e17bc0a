import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import path from 'node:path';

/**
 * Serves the built single-page client: hashed assets with long cache lifetimes, and index.html
 * (never cached) for every route the client's router owns.
 */
export async function startWebServer(options: {
  distDir: string;
  host: string;
  port: number;
}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, {
    root: options.distDir,
    wildcard: false,
    setHeaders: (res, filePath) => {
      const hashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const looksLikeFile = path.extname(request.url.split('?')[0] ?? '') !== '';
    if (request.method !== 'GET' || looksLikeFile) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  await app.listen({ host: options.host, port: options.port });
  return app;
}
