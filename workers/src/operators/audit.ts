import type { EventStore, RecordedEvent } from '@resale/events';
import { describeEvent } from './audit-wording.ts';
import { uidsRegisteredWith } from './registered-users.ts';

/** Stream types an entity id may belong to (a seller shares its id with its user account). */
export const streamPrefixes = ['user-', 'seller-', 'product-', 'booking-', 'category-'] as const;

export interface AuditEntry {
  readonly streamId: string;
  readonly revision: number;
  readonly position: number;
  /** When the store recorded it. */
  readonly recordedAt: string;
  /** When the command that caused it was issued. */
  readonly occurredAt: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly actorUid: string;
  readonly actorEmail: string;
  readonly correlationId: string;
  readonly causationId: string;
  readonly eventId: string;
  readonly payload: unknown;
}

/** A recorded event as an audit reads it: its place, times, actor, request and payload. */
export const toAuditEntry = (event: RecordedEvent): AuditEntry => ({
  streamId: event.streamId,
  revision: event.revision,
  position: event.position,
  recordedAt: event.recordedAt,
  occurredAt: event.metadata.occurredAt,
  type: event.type,
  schemaVersion: event.schemaVersion,
  actorUid: event.metadata.actorUid,
  actorEmail: event.metadata.actorEmail,
  correlationId: event.metadata.correlationId,
  causationId: event.metadata.causationId,
  eventId: event.eventId,
  payload: event.data,
});

/** No stream or entity id holds an @ (ids are letters, digits, _ and -): it is an e-mail. */
export const isEmail = (id: string): boolean => id.includes('@');

const inLogOrder = (histories: readonly RecordedEvent[][]): AuditEntry[] =>
  histories
    .flat()
    .sort((a, b) => a.position - b.position)
    .map(toAuditEntry);

/** Every stream of an entity id (user-, seller-, product-, booking-, category-). */
const streamsOf = (eventStore: Pick<EventStore, 'readStream'>, id: string) =>
  Promise.all(streamPrefixes.map((prefix) => eventStore.readStream(`${prefix}${id}`)));

/**
 * The history behind a stream id; or behind an entity id: then every stream of that id (user-,
 * seller-, product-, booking-, category-), merged in log order; or behind a user's e-mail: then
 * every stream of the uid registered with it (of each, should it have been registered again
 * after a deletion), found by scanning the log for its UserRegistered.
 */
export async function auditHistory(
  eventStore: Pick<EventStore, 'readStream' | 'readAll'>,
  id: string,
): Promise<AuditEntry[]> {
  if (isEmail(id)) {
    const uids = await uidsRegisteredWith(eventStore, id);
    return inLogOrder((await Promise.all(uids.map((uid) => streamsOf(eventStore, uid)))).flat());
  }
  const exact = await eventStore.readStream(id);
  if (exact.length > 0) return exact.map(toAuditEntry);
  return inLogOrder(await streamsOf(eventStore, id));
}

/** Which events of a history to show: of these types (none: any), by this actor (uid or e-mail). */
export interface AuditFilter {
  readonly types: readonly string[];
  readonly actor: string | undefined;
}

/** Whether an event of this type by this actor passes the filter. */
export function auditMatcher(
  filter: AuditFilter,
): (type: string, actorUid: string, actorEmail: string) => boolean {
  const types = new Set(filter.types);
  const actor = filter.actor?.toLowerCase();
  return (type, actorUid, actorEmail) =>
    (types.size === 0 || types.has(type)) &&
    (actor === undefined || actorUid.toLowerCase() === actor || actorEmail.toLowerCase() === actor);
}

export function filterAudit(entries: readonly AuditEntry[], filter: AuditFilter): AuditEntry[] {
  const matches = auditMatcher(filter);
  return entries.filter((entry) => matches(entry.type, entry.actorUid, entry.actorEmail));
}

const columns: readonly { title: string; of: (entry: AuditEntry) => string }[] = [
  { title: 'position', of: (e) => String(e.position) },
  { title: 'time', of: (e) => e.recordedAt },
  { title: 'stream', of: (e) => `${e.streamId}@${e.revision}` },
  { title: 'type', of: (e) => e.type },
  { title: 'actor', of: (e) => (e.actorEmail ? `${e.actorUid} <${e.actorEmail}>` : e.actorUid) },
  { title: 'what happened', of: (e) => describeEvent(e.type, e.payload) },
  { title: 'payload', of: (e) => JSON.stringify(e.payload) },
];

/** A plain-text table: fixed-width columns, the payload last and never cut. */
export function formatAuditTable(entries: readonly AuditEntry[]): string {
  const rows = entries.map((entry) => columns.map((column) => column.of(entry)));
  const widths = columns.map((column, i) =>
    Math.max(column.title.length, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [
    line(columns.map((column) => column.title)),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
  ].join('\n');
}
