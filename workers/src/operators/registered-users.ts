import type { EventStore } from '@resale/events';

/** An e-mail as the marketplace records it: trimmed, in lower case. */
export const normalisedEmail = (email: string): string => email.trim().toLowerCase();

/**
 * The uids registered with this e-mail (any case), in log order: more than one when an account
 * was deleted and the e-mail registered again. Read from the log itself (UserRegistered), so
 * that a lagging or rebuilding users read model cannot hide one, and so that the commands that
 * ask need no read store.
 */
export async function uidsRegisteredWith(
  eventStore: Pick<EventStore, 'readAll'>,
  email: string,
): Promise<string[]> {
  const wanted = normalisedEmail(email);
  const uids: string[] = [];
  for (let after = 0; ;) {
    const page = await eventStore.readAll({ after, limit: 1000 });
    if (page.length === 0) return uids;
    for (const event of page) {
      if (event.type !== 'UserRegistered') continue;
      const data = event.data as { uid?: string; email?: string };
      if (data.uid && data.email?.toLowerCase() === wanted && !uids.includes(data.uid))
        uids.push(data.uid);
    }
    after = page[page.length - 1]?.position ?? after;
  }
}
