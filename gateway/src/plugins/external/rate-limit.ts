import { hash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { createRedisConnection } from '@resale/workers/redis-connection';
import { HttpProblem } from '../../errors.ts';
import { addRouteHook } from '../app/route-hooks.ts';

/** Every limit counts calls in windows of a minute. */
const WINDOW_MS = 60_000;
/** Addresses and tokens counted at once in this process; the least recent are forgotten. */
const COUNTED_KEYS_MAX = 100_000;

const tooManyRequests = (seconds: number): HttpProblem =>
  new HttpProblem(429, `Too many requests; retry in ${seconds} s`);

/** The key of a bearer token's count: its digest, so a long token costs no more to keep. */
const tokenKey = (authorization: string | undefined): string | undefined => {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  return token === undefined ? undefined : `token:${hash('sha1', token, 'base64')}`;
};

/** Calls per key in fixed windows, in this process: synchronous, so early answers can ask. */
class WindowCounts {
  // Bounded by size, one per key, not by `max`: lru-cache allocates room for `max` keys up front,
  // which a gateway counting a few clients would hold from its start for nothing.
  readonly #counts = new LRUCache<string, { count: number; startedAt: number }>({
    maxSize: COUNTED_KEYS_MAX,
    sizeCalculation: () => 1,
  });

  /** Counts one call of `key`; the seconds until its window ends when it is past `max`, else 0. */
  take(key: string, max: number, now: number): number {
    let entry = this.#counts.get(key);
    if (!entry || entry.startedAt + WINDOW_MS <= now) {
      entry = { count: 0, startedAt: now };
      this.#counts.set(key, entry);
    }
    entry.count += 1;
    return entry.count > max
      ? Math.max(1, Math.ceil((entry.startedAt + WINDOW_MS - now) / 1000))
      : 0;
  }
}

export interface ReadLimits {
  /**
   * Counts a read of the client at `address` (and of its bearer token, if any) in this process;
   * the seconds it must wait when it is past a limit, else 0. Early answers (answer-cache.ts),
   * which pass Fastify's hooks by, count themselves with it.
   */
  take(address: string, authorization: string | undefined): number;
  /** What the reads of a request's bearer token are counted under (its digest), or undefined. */
  tokenKeyOf(authorization: string | undefined): string | undefined;
  /**
   * `take` for a request whose token's key was worked out before: an early answer notes it with
   * the answer, so that each repetition does not digest the same token again.
   */
  takeCounted(address: string, tokenKey: string | undefined): number;
}

/**
 * Rate limits on every route. Writes and sign-in calls have their own, low ones (route option
 * `config.rateLimit`: `writeLimit`, `signInLimit`), per client address. Every other route (pages,
 * reads, GraphQL, the WebSocket upgrade) is a read: limited per client address
 * (RATE_LIMIT_READS) and per access token (RATE_LIMIT_READS_PER_TOKEN), generously, so that
 * normal browsing never meets them but one client cannot take the gateway's whole time.
 *
 * With REDIS_URL the counters are kept in Redis, so the gateways of a deployment count together:
 * a client gets the limit once, not once per gateway. While Redis is away, requests are let
 * through rather than failed (the limits guard against abuse, they are not what a write needs).
 * Reads are also counted in this process (the same limits), where early answers count too.
 */
async function rateLimits(app: FastifyInstance): Promise<void> {
  const { REDIS_URL, REDIS_PREFIX, RATE_LIMIT_READS, RATE_LIMIT_READS_PER_TOKEN } = app.config;
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
  app.decorate('writeLimit', { max: app.config.RATE_LIMIT_WRITES, timeWindow: WINDOW_MS });
  app.decorate('signInLimit', { max: app.config.RATE_LIMIT_SIGN_IN, timeWindow: WINDOW_MS });

  const counts = new WindowCounts();
  const takeCounted = (address: string, token: string | undefined): number => {
    const now = Date.now();
    const byAddress = counts.take(`address:${address}`, RATE_LIMIT_READS, now);
    const byToken = token === undefined ? 0 : counts.take(token, RATE_LIMIT_READS_PER_TOKEN, now);
    return Math.max(byAddress, byToken);
  };
  const readLimits: ReadLimits = {
    take: (address, authorization) => takeCounted(address, tokenKey(authorization)),
    tokenKeyOf: tokenKey,
    takeCounted,
  };
  app.decorate('readLimits', readLimits);

  // The gateways' shared counts (Redis), beside this process's own: per address, and per token
  // for the requests that carry one.
  const sharedByAddress = redis
    ? app.createRateLimit({
        max: RATE_LIMIT_READS,
        timeWindow: WINDOW_MS,
        keyGenerator: (request) => `reads:address:${request.ip}`,
      })
    : undefined;
  const sharedByToken = redis
    ? app.createRateLimit({
        max: RATE_LIMIT_READS_PER_TOKEN,
        timeWindow: WINDOW_MS,
        keyGenerator: (request) => `reads:${tokenKey(request.headers.authorization) ?? ''}`,
      })
    : undefined;
  const refuse = (reply: FastifyReply, seconds: number): HttpProblem => {
    reply.header('retry-after', String(seconds));
    return tooManyRequests(seconds);
  };
  // Synchronous in this process's count (a read costs no promise), then Redis's when shared.
  const limitReads = (
    request: FastifyRequest,
    reply: FastifyReply,
    done: (error?: Error) => void,
  ): void => {
    const wait = readLimits.take(request.ip, request.headers.authorization);
    if (wait > 0) return done(refuse(reply, wait));
    if (!sharedByAddress || !sharedByToken) return done();
    const counts = [sharedByAddress(request)];
    if (tokenKey(request.headers.authorization) !== undefined) counts.push(sharedByToken(request));
    Promise.all(counts).then(
      (results) => {
        const exceeded = results.find((result) => !result.isAllowed && result.isExceeded);
        if (exceeded && !exceeded.isAllowed)
          return done(refuse(reply, Math.max(1, exceeded.ttlInSeconds)));
        done();
      },
      // Redis away: the request passes (see above).
      () => done(),
    );
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.rateLimit === undefined) addRouteHook(route, 'onRequest', limitReads);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Route option `config.rateLimit` for commands. */
    writeLimit: { max: number; timeWindow: number };
    /** Route option `config.rateLimit` for sign-in-related routes. */
    signInLimit: { max: number; timeWindow: number };
    /** The read limits of every other route, for what answers before Fastify's routing. */
    readLimits: ReadLimits;
  }
}

export default fp(rateLimits, { name: 'rate-limit', dependencies: ['config'] });
