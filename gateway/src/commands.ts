import { randomUUID } from 'node:crypto';
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

/**
 * A UUID of version 7: the time in milliseconds, then 74 random bits. Ids made one after the other
 * sort together, so the rows and index entries they key (events by id, a new booking's stream and
 * document) are appended next to each other, rather than each into another page of the file.
 */
export function timeOrderedUuid(now: number = Date.now()): string {
  const time = now.toString(16).padStart(12, '0');
  // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx: keep the random digits and the variant, set version 7.
  const random = randomUUID();
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15, 18)}-${random.slice(19, 23)}-${random.slice(24)}`;
}
