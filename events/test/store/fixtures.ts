import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CategoryCreated } from '../../src/category/events.ts';
import type { EventMetadata, NewEvent } from '../../src/envelope.ts';
import type { UserDeleted, UserRegistered } from '../../src/user/events.ts';

export const metadata = (overrides: Partial<EventMetadata> = {}): EventMetadata => ({
  actorUid: 'admin-1',
  actorEmail: 'admin@example.com',
  occurredAt: '2026-11-21T10:00:00.000Z',
  correlationId: 'corr-1',
  causationId: 'cause-1',
  ...overrides,
});

export const categoryCreated = (
  categoryId: string,
  meta: Partial<EventMetadata> = {},
): NewEvent => ({
  eventId: randomUUID(),
  event: {
    type: 'CategoryCreated',
    schemaVersion: 2,
    data: {
      categoryId,
      title: `Phones ${categoryId}`,
      image: 'c0ffee00-0000-4000-8000-000000000000.png',
    },
  } satisfies CategoryCreated,
  metadata: metadata(meta),
});

export const userRegistered = (uid: string): NewEvent => ({
  eventId: randomUUID(),
  event: {
    type: 'UserRegistered',
    schemaVersion: 1,
    data: { uid, name: 'Ann', email: 'ann@example.com', role: 'buyer' },
  } satisfies UserRegistered,
  metadata: metadata({ actorUid: uid, actorEmail: 'ann@example.com' }),
});

export const userDeleted = (uid: string): NewEvent => ({
  eventId: randomUUID(),
  event: { type: 'UserDeleted', schemaVersion: 1, data: { uid } } satisfies UserDeleted,
  metadata: metadata(),
});

/** A stream id no other test (or earlier run against a shared server) has used. */
export const uniqueStream = (kind: string): string => `${kind}-${randomUUID().replaceAll('-', '')}`;

/** A fresh directory for SQLite files, removed by the returned cleanup. */
export function temporaryDirectory(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'event-store-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
