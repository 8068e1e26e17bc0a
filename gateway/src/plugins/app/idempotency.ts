import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpProblem, isStorageUnavailable } from '../../errors.ts';
import { addRouteHook } from './route-hooks.ts';

const keyPattern = /^[\x21-\x7e]{1,200}$/;
// One-shot: about half of createHash().update().digest()'s time for a request body.
const sha256 = (text: string): string => hash('sha256', text, 'hex');

interface PendingKey {
  scope: string;
  fingerprint: string;
}

/**
 * Idempotent commands: a route with `config.idempotent` answers a repeated request carrying the
 * same `Idempotency-Key` (same caller, same route) with the first 2xx answer, without running
 * the command again, for 24 hours and across restarts. The key reused for a different request
 * is refused (422); a duplicate arriving while the first is still running waits for nothing and
 * gets 409.
 */
async function idempotency(app: FastifyInstance): Promise<void> {
  const inFlight = new Set<string>();

  const callerOf = (request: FastifyRequest): string =>
    request.actor?.uid ?? request.firebaseIdentity?.uid ?? `ip:${request.ip}`;

  app.decorateRequest('idempotencyKey', null);

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    addRouteHook(route, 'preHandler', answerRepeatedRequest);
    addRouteHook(route, 'onSend', keepFirstAnswer);
    addRouteHook(route, 'onResponse', releaseKey);
    if (!route.schema) return;
    route.schema = {
      ...route.schema,
      headers: {
        type: 'object',
        properties: {
          'idempotency-key': {
            type: 'string',
            minLength: 1,
            maxLength: 200,
            description: 'Repeat a request with the same key to get its first answer (24 h)',
          },
        },
      },
    };
  });

  const answerRepeatedRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers['idempotency-key'];
    if (key === undefined) return;
    if (typeof key !== 'string' || !keyPattern.test(key))
      throw new HttpProblem(
        400,
        'Idempotency-Key must be 1 to 200 visible ASCII characters',
        'Idempotency-Key',
      );
    const scope = sha256(
      [callerOf(request), request.method, request.routeOptions.url, key].join('\n'),
    );
    const fingerprint = sha256(
      JSON.stringify({ params: request.params, query: request.query, body: request.body ?? null }),
    );
    const stored = await app.idempotencyStore.get(scope);
    if (stored) {
      if (stored.fingerprint !== fingerprint)
        throw new HttpProblem(422, 'This Idempotency-Key was already used for a different request');
      return reply
        .code(stored.statusCode)
        .header('content-type', 'application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
        .send(stored.body);
    }
    if (inFlight.has(scope))
      throw new HttpProblem(409, 'A request with this Idempotency-Key is still being processed');
    inFlight.add(scope);
    request.idempotencyKey = { scope, fingerprint };
  };

  const keepFirstAnswer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
  ) => {
    const pending = request.idempotencyKey;
    if (!pending) return payload;
    request.idempotencyKey = null;
    try {
      // The answer is durable before it is sent; until then a duplicate is still in flight.
      if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string')
        await app.idempotencyStore
          .put(pending.scope, {
            fingerprint: pending.fingerprint,
            statusCode: reply.statusCode,
            body: payload,
            // The answer may hold the caller's personal data: forgotten with them.
            owner: request.actor?.uid ?? request.firebaseIdentity?.uid ?? null,
          })
          .catch((error: unknown) => {
            // The command is in the log: its answer says so, even if its key cannot be kept
            // for want of room (a retry then runs the command again, and is decided again).
            if (!isStorageUnavailable(error)) throw error;
            request.log.warn({ err: error }, 'idempotency key not kept: storage full or read-only');
          });
    } finally {
      inFlight.delete(pending.scope);
    }
    return payload;
  };

  // A request that ends without onSend (client gone) must not keep its key blocked.
  const releaseKey = async (request: FastifyRequest) => {
    if (request.idempotencyKey) inFlight.delete(request.idempotencyKey.scope);
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: PendingKey | null;
  }
  interface FastifyContextConfig {
    /** The route is a command that honours Idempotency-Key. */
    idempotent?: boolean;
  }
}

export default fp(idempotency, {
  name: 'idempotency',
  dependencies: ['idempotency-store', 'authentication'],
});
