import type { FastifyRequest } from 'fastify';
import type { CommandMetadata, CommandResult } from '@resale/events';
import { v7 } from 'uuid';

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
 * A UUID of version 7 (RFC 9562): the time in milliseconds, then random bits. Ids made one after
 * the other sort together, so the rows and index entries they key (events by id, a new booking's
 * stream and document) are appended next to each other, rather than each into another page of the
 * file. uuid's v7 also keeps the ids this process makes within one millisecond in order.
 */
export const timeOrderedUuid = (): string => v7();

/** What a command changed: the thing it names, or nothing when its outcome already held. */
type Outcome = Pick<CommandResult, 'appended' | 'position'>;

/** The answer of a command that changes one thing (the `Modified` schema). */
export const modifiedAnswer = ({ appended, position }: Outcome) => ({
  acknowledged: true as const,
  modifiedCount: appended ? 1 : 0,
  position,
});

/** The answer of a command that deletes one thing (the `Deleted` schema). */
export const deletedAnswer = ({ appended, position }: Outcome) => ({
  acknowledged: true as const,
  deletedCount: appended ? 1 : 0,
  position,
});
