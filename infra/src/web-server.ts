import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import path from 'node:path';
import { helmetHeaders, webClientPolicy } from '@resale/gateway/plugins/external/security';

/**
 * Serves the built single-page client: hashed assets with long cache lifetimes, and index.html
 * (never cached) for every route the client's router owns. Every answer carries the page's
 * security headers, the same the gateway sends when it serves the client itself: a CSP allowing
 * the API and the Auth emulator the client talks to, framing denied, nosniff.
 */
export async function startWebServer(options: {
  distDir: string;
  host: string;
  port: number;
  /** The gateway the client calls (its VITE_API_URL). */
  apiUrl: string;
  /** The Auth emulator the client signs in with, if any. */
  authEmulatorUrl?: string | undefined;
}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const pageHeaders = helmetHeaders(
    webClientPolicy({
      PUBLIC_URL: options.apiUrl,
      AUTH_EMULATOR_PUBLIC_URL: options.authEmulatorUrl,
    }),
  );
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(pageHeaders);
  });
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
