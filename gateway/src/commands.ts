import type { FastifyRequest } from 'fastify';
import type { CommandMetadata } from '@resale/events';

/**
 * The metadata every command carries: the acting user, the time the gateway received it, and the
 * request id as correlation id (it ends up in the events, for audits).
 */
export const commandMetadata = (
  request: FastifyRequest,
  actor: { uid: string; email: string },
): CommandMetadata => ({
  actorUid: actor.uid,
  actorEmail: actor.email,
  now: new Date().toISOString(),
  correlationId: request.id,
  causationId: request.id,
});
