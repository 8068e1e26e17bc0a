import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Rate limits apply per route (see `writeLimit` and `signInLimit`), not globally: reads are cheap
 * and cached by the client, writes and sign-in calls are what an abuser repeats.
 */
async function rateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // Answers 429 with Retry-After through the error handler.
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests; retry in ${Math.ceil(context.ttl / 1000)} s`,
    }),
  });
  app.decorate('writeLimit', { max: app.config.RATE_LIMIT_WRITES, timeWindow: 60_000 });
  app.decorate('signInLimit', { max: app.config.RATE_LIMIT_SIGN_IN, timeWindow: 60_000 });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Route option `config.rateLimit` for commands. */
    writeLimit: { max: number; timeWindow: number };
    /** Route option `config.rateLimit` for sign-in-related routes. */
    signInLimit: { max: number; timeWindow: number };
  }
}

export default fp(rateLimits, { name: 'rate-limit', dependencies: ['config'] });
