import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createRedisConnection } from '@resale/workers/redis-connection';

/**
 * Rate limits apply per route (see `writeLimit` and `signInLimit`), not globally: reads are cheap
 * and cached by the client, writes and sign-in calls are what an abuser repeats.
 *
 * With REDIS_URL the counters are kept in Redis, so the gateways of a deployment count together:
 * a client gets the limit once, not once per gateway. While Redis is away, requests are let
 * through rather than failed (the limits guard against abuse, they are not what a write needs).
 */
async function rateLimits(app: FastifyInstance): Promise<void> {
  const { REDIS_URL, REDIS_PREFIX } = app.config;
  const redis = REDIS_URL
    ? createRedisConnection(REDIS_URL, {
        connectionName: 'gateway-rate-limits',
        // A request waits for no reconnection: its count fails at once and the request passes.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2_000,
      })
    : undefined;
  if (redis) {
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'redis rate-limit error'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${REDIS_PREFIX}:rate-limit:`, skipOnError: true } : {}),
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
