import { randomUUID } from 'node:crypto';
import {
  handleCommand,
  systemActor,
  userDecider,
  userStreamId,
  type EventStore,
} from '@resale/events';

export class UnknownUserError extends Error {
  constructor(readonly email: string) {
    super(`No user registered with the e-mail ${email}`);
    this.name = 'UnknownUserError';
  }
}

/** The uid registered with this e-mail, found in the log itself so a lagging read model cannot hide it. */
async function uidOf(eventStore: EventStore, email: string): Promise<string | undefined> {
  let uid: string | undefined;
  for (let after = 0; ;) {
    const page = await eventStore.readAll({ after, limit: 1000 });
    if (page.length === 0) return uid;
    for (const event of page) {
      const data = event.data as { uid?: string; email?: string };
      if (event.type === 'UserRegistered' && data.email === email) uid = data.uid;
    }
    after = page[page.length - 1]?.position ?? after;
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
  const email = rawEmail.trim().toLowerCase();
  const uid = await uidOf(eventStore, email);
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
