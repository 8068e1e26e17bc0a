import { systemActor, type RecordedEvent } from '@resale/events';
import { describeEvent } from './audit-wording.ts';
import { auditMatcher, type AuditFilter } from './audit.ts';

/*
 * The admins' audit timeline: the history of the streams of one listing, user, seller or booking,
 * in log order, each event in plain words (the same words as `npm run audit`), with who did it,
 * the request it came from and the listings, users and bookings it names; paged by log position.
 */

/** Who an event's actor is, as far as the users read model knows them (null: unknown or gone). */
export interface ActorProfile {
  readonly name: string;
  readonly role: string;
}

export interface TimelineActor {
  readonly uid: string;
  readonly email: string;
  /** Null when no user has that uid any more (deleted) or the marketplace itself acted. */
  readonly name: string | null;
  /** 'admin', 'seller', 'buyer', 'system' (the marketplace itself), or null when unknown. */
  readonly role: string | null;
}

/** The listings, users and bookings an event names in its payload. */
export interface TimelineLinks {
  readonly productIds: string[];
  readonly userIds: string[];
  readonly bookingIds: string[];
}

export interface TimelineEntry {
  readonly position: number;
  readonly streamId: string;
  readonly revision: number;
  readonly recordedAt: string;
  readonly occurredAt: string;
  readonly type: string;
  readonly description: string;
  readonly actor: TimelineActor;
  readonly correlationId: string;
  readonly links: TimelineLinks;
}

export interface TimelinePage {
  readonly entries: TimelineEntry[];
  /** The position to page on from (`after`), or null when this page reaches the end. */
  readonly nextCursor: number | null;
  /** How many events of the streams match the filters, on every page. */
  readonly matching: number;
  /** Every event type of the streams (unfiltered), for the filter's choices. */
  readonly eventTypes: string[];
  /** Every actor of the streams (unfiltered), by uid with their e-mail, for the filter's choices. */
  readonly actors: { readonly uid: string; readonly email: string }[];
}

export interface TimelineRequest {
  readonly filter: AuditFilter;
  /** Exclusive: entries after this log position (the previous page's `nextCursor`). */
  readonly after: number | undefined;
  readonly limit: number;
}

/** Payload fields that name a user's uid (a seller shares the uid of their account). */
const userFields = ['uid', 'buyerUid', 'sellerUid', 'sellerId', 'reporterUid', 'adminUid'];

const textField = (payload: unknown, field: string): string | undefined => {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const value: unknown = (payload as Record<string, unknown>)[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

const present = (values: readonly (string | undefined)[]): string[] => [
  ...new Set(values.filter((value): value is string => value !== undefined)),
];

/** The listings, users and bookings an event names: by its payload's id fields, whatever its type. */
export function linksOf(payload: unknown): TimelineLinks {
  return {
    productIds: present([textField(payload, 'productId')]),
    userIds: present(userFields.map((field) => textField(payload, field))),
    bookingIds: present([textField(payload, 'bookingId')]),
  };
}

const actorOf = (
  { actorUid, actorEmail }: RecordedEvent['metadata'],
  profiles: ReadonlyMap<string, ActorProfile | null>,
): TimelineActor => {
  if (actorUid === systemActor.actorUid)
    return { uid: actorUid, email: '', name: null, role: 'system' };
  const profile = profiles.get(actorUid) ?? null;
  return {
    uid: actorUid,
    email: actorEmail,
    name: profile?.name ?? null,
    role: profile?.role ?? null,
  };
};

/**
 * One page of a history's timeline: the events matching the filter after `after`, at most
 * `limit`, with their actors' names and roles looked up once per actor of the page. Only the
 * page's events are turned into entries, so a long history costs little per page.
 */
export async function timelinePage(
  history: readonly RecordedEvent[],
  request: TimelineRequest,
  profileOf: (uid: string) => Promise<ActorProfile | null>,
): Promise<TimelinePage> {
  const { filter, after, limit } = request;
  const matches = auditMatcher(filter);
  const unfiltered = filter.types.length === 0 && filter.actor === undefined;
  const matching = unfiltered
    ? history
    : history.filter((event) =>
        matches(event.type, event.metadata.actorUid, event.metadata.actorEmail),
      );
  const start = after === undefined ? 0 : matching.findIndex((event) => event.position > after);
  const page = start < 0 ? [] : matching.slice(start, start + limit);
  const last = page.at(-1);
  const more = start >= 0 && start + limit < matching.length;

  // Everything read from the history before the first await: a kept one may grow meanwhile.
  const count = matching.length;
  const eventTypes = new Set<string>();
  const actors = new Map<string, string>();
  for (const { type, metadata } of history) {
    eventTypes.add(type);
    if (!actors.has(metadata.actorUid)) actors.set(metadata.actorUid, metadata.actorEmail);
  }
  const uids = [...new Set(page.map((event) => event.metadata.actorUid))].filter(
    (uid) => uid !== systemActor.actorUid,
  );
  const profiles = new Map(
    await Promise.all(uids.map(async (uid) => [uid, await profileOf(uid)] as const)),
  );

  return {
    entries: page.map((event) => ({
      position: event.position,
      streamId: event.streamId,
      revision: event.revision,
      recordedAt: event.recordedAt,
      occurredAt: event.metadata.occurredAt,
      type: event.type,
      description: describeEvent(event.type, event.data),
      actor: actorOf(event.metadata, profiles),
      correlationId: event.metadata.correlationId,
      links: linksOf(event.data),
    })),
    nextCursor: more && last ? last.position : null,
    matching: count,
    eventTypes: [...eventTypes].sort(),
    actors: [...actors].map(([uid, email]) => ({ uid, email })),
  };
}

/** What a history is read from: the event store, or the histories a gateway keeps. */
export interface StreamReader {
  readStream(streamId: string): Promise<readonly RecordedEvent[]>;
}

/** The events of these streams merged in log order (a stream that does not exist adds none). */
export async function historyOfStreams(
  reader: StreamReader,
  streamIds: readonly string[],
): Promise<readonly RecordedEvent[]> {
  const histories = await Promise.all(
    [...new Set(streamIds)].map((streamId) => reader.readStream(streamId)),
  );
  // One stream is in log order already.
  if (histories.length === 1) return histories[0] ?? [];
  return histories.flat().sort((a, b) => a.position - b.position);
}
