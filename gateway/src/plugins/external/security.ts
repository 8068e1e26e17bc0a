import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// The HTML tools (/docs, /graphiql) run inline scripts and load their assets from a CDN, so the
// strict API policy would break them; every JSON answer keeps it.
const htmlTools = /^\/(docs|graphiql)(\/|$)/;

/** Security headers on every answer, and CORS limited to the web client's origin(s). */
async function security(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (htmlTools.test(route.url)) route.helmet = { contentSecurityPolicy: false };
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], imgSrc: ["'self'"] },
    },
    // Images are fetched by the web client from another origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(cors, {
    origin: [...app.config.WEB_ORIGIN],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'],
    exposedHeaders: ['Retry-After', 'X-Request-Id', 'Idempotent-Replayed', 'X-Read-Models-Behind'],
    maxAge: 600,
    // A malformed preflight (no Origin or no Access-Control-Request-Method) gets a 204 without
    // CORS headers instead of the plugin's text/plain 400: every error of this API is JSON.
    strictPreflight: false,
  });
}

export default fp(security, { name: 'security', dependencies: ['config'] });
