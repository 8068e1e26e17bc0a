import { randomUUID } from 'node:crypto';
import {
  handleCommand,
  systemActor,
  userDecider,
  userStreamId,
  type EventStore,
} from '@resale/events';
import { normalisedEmail, uidsRegisteredWith } from './registered-users.ts';

export class UnknownUserError extends Error {
  readonly email: string;

  constructor(email: string) {
    super(`No user registered with the e-mail ${email}`);
    this.email = email;
    this.name = 'UnknownUserError';
  }
}

/**
 * An operator's promotion to admin (ADMIN_EMAILS covers the first admin at registration; this
 * covers everything after). The event records the system as its actor and the operator's note.
 */
export async function promoteUserByEmail(
  eventStore: EventStore,
  rawEmail: string,
  now: Date = new Date(),
): Promise<{ uid: string; appended: boolean; position: number }> {
  const email = normalisedEmail(rawEmail);
  // The latest registration: an e-mail registered again after its account was deleted.
  const uid = (await uidsRegisteredWith(eventStore, email)).at(-1);
  if (!uid) throw new UnknownUserError(email);
  const correlationId = `operator-promote-${randomUUID()}`;
  const result = await handleCommand(eventStore, userStreamId(uid), userDecider, {
    type: 'PromoteUser',
    data: { uid },
    metadata: {
      ...systemActor,
      now: now.toISOString(),
      correlationId,
      causationId: correlationId,
    },
  });
  return { uid, appended: result.appended, position: result.position };
}
