import type { FastifyRequest } from 'fastify';
import { pooledRandomBytes, type CommandMetadata, type CommandResult } from '@resale/events';
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
 * the other sort together, so the rows and index entries they key (a new booking's stream and
 * document) are appended next to each other, rather than each into another page of the file.
 * uuid's v7 also keeps the ids this process makes within one millisecond in order: a buyer's
 * bookings list in the order they were made.
 */
export const timeOrderedUuid = (): string => v7();

/**
 * An event's id: a UUID of version 7 as above, its random bits drawn from the process's pool of
 * random bytes (pooledRandomBytes). Without uuid's own state, ids made within one millisecond are
 * in no particular order among themselves, which an event's id does not need: the log orders
 * events by position, and the ids still land next to each other in its index.
 */
export const newEventId = (): string => v7({ random: pooledRandomBytes(16) });

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
