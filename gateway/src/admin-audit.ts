import type { FastifyInstance } from 'fastify';
import {
  historyOfStreams,
  listingThenAndNow,
  timelinePage,
  toAuditEntry,
  UnknownListingError,
  type AuditEntry,
  type ListingState,
  type TimelinePage,
} from '@resale/workers';
import {
  getUserByEmail,
  getUserById,
  searchProducts,
  type ProductStatus,
} from '@resale/workers/read-models';
import { HttpProblem, notFound } from './errors.ts';
import { imageUrl } from './image-urls.ts';
import { productSearchOf } from './schemas/product-search.ts';
import { StreamHistories } from './stream-histories.ts';

/*
 * The admins' audit timeline and time travel, as REST (routes/audit.ts) and GraphQL
 * (graphql/audit-resolvers.ts) both answer them: what a search names, the timeline of its
 * streams, and a listing then and now.
 */

export type SubjectKind = 'listing' | 'user' | 'seller' | 'booking' | 'category';

/** What a timeline is about: a listing, user, seller, booking or category, and its streams. */
export interface AuditSubject {
  readonly kind: SubjectKind;
  readonly id: string;
  readonly label: string;
  readonly streams: string[];
}

const prefixes: readonly (readonly [prefix: string, kind: SubjectKind])[] = [
  ['product-', 'listing'],
  ['user-', 'user'],
  ['seller-', 'seller'],
  ['booking-', 'booking'],
  ['category-', 'category'],
];

const idPattern = /^[A-Za-z0-9_-]{1,128}$/;
/** A stream id as the REST and GraphQL arguments take it: a known prefix and an id. */
export const streamIdPattern = '^(product|user|seller|booking|category)-[A-Za-z0-9_-]{1,128}$';
const streamIdRegExp = new RegExp(streamIdPattern);
export const isStreamId = (value: string): boolean => streamIdRegExp.test(value);

/** A user's timeline is their account's stream and their seller record's (it shares the uid). */
const streamsOf = (kind: SubjectKind, id: string): string[] =>
  kind === 'listing'
    ? [`product-${id}`]
    : kind === 'user'
      ? [`user-${id}`, `seller-${id}`]
      : [`${kind}-${id}`];

const subjectOfStream = (streamId: string): { kind: SubjectKind; id: string } | null => {
  for (const [prefix, kind] of prefixes)
    if (streamId.startsWith(prefix)) return { kind, id: streamId.slice(prefix.length) };
  return null;
};

const field = (payload: unknown, name: string): string => {
  const value =
    typeof payload === 'object' && payload !== null
      ? (payload as Record<string, unknown>)[name]
      : undefined;
  return typeof value === 'string' ? value : '';
};

/** A subject's name for people, from the first event of its stream (kept after a deletion too). */
function labelOf(kind: SubjectKind, id: string, first: AuditEntry | undefined): string {
  const payload = first?.payload;
  switch (kind) {
    case 'listing':
      return field(payload, 'productName') || `listing ${id}`;
    case 'user':
      return first?.type === 'UserRegistered'
        ? `${field(payload, 'name')} <${field(payload, 'email')}>`
        : `user ${id}`;
    case 'seller':
      return field(payload, 'name') ? `seller ${field(payload, 'name')}` : `seller ${id}`;
    case 'booking':
      return field(payload, 'productName')
        ? `booking of ${field(payload, 'productName')} by ${field(payload, 'buyerName')}`
        : `booking ${id}`;
    case 'category':
      return field(payload, 'title') || `category ${id}`;
  }
}

/** What an admin searches the audit by: one stream, a user's e-mail, or free text. */
export type AuditSearch =
  { readonly stream: string } | { readonly email: string } | { readonly q: string };

export interface AuditTimelineRequest {
  readonly search: AuditSearch;
  readonly types: readonly string[];
  readonly actor: string | undefined;
  readonly after: number | undefined;
  readonly limit: number;
}

/** A timeline answer: its subject (null when the search named none, or several: `matches`). */
export type AuditTimelineAnswer = TimelinePage & {
  readonly subject: AuditSubject | null;
  readonly matches: AuditSubject[];
};

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_MAX = 200;
/** Listings a name search offers at most. */
const NAME_MATCHES = 10;

export type AuditService = ReturnType<typeof createAuditService>;

/** One per gateway, for REST and GraphQL alike: its histories and their subscription are shared. */
const services = new WeakMap<object, AuditService>();

export function auditService(app: FastifyInstance): AuditService {
  let service = services.get(app.eventStore);
  if (!service) {
    service = createAuditService(app);
    services.set(app.eventStore, service);
    const { histories } = service;
    app.addHook('onClose', () => histories.close());
  }
  return service;
}

function createAuditService(app: FastifyInstance) {
  const store = app.readModels.store;
  // Histories are read through the ones kept in memory: a long one is read from the store once.
  const events = new StreamHistories(app.eventStore, (error) =>
    app.log.error({ err: error }, 'the audit stopped following the log'),
  );

  /** The subject of these kind and id, with its label; null when none of its streams exists. */
  const subjectNamed = async (kind: SubjectKind, id: string): Promise<AuditSubject | null> => {
    const streams = streamsOf(kind, id);
    const [first] = await events.readStream(streams[0] ?? '');
    if (!first) return null;
    return { kind, id, label: labelOf(kind, id, toAuditEntry(first)), streams };
  };

  const subjectsOfEmail = async (email: string): Promise<AuditSubject[]> => {
    const user = await getUserByEmail(store, email.trim().toLowerCase());
    const subject = user && (await subjectNamed('user', user._id));
    return subject ? [subject] : [];
  };

  /** Free text: an e-mail, an id of any kind, or words of a listing's name. */
  const subjectsOfText = async (q: string): Promise<AuditSubject[]> => {
    const text = q.trim();
    if (text.includes('@')) return subjectsOfEmail(text);
    const byId = idPattern.test(text)
      ? await Promise.all(
          (['listing', 'user', 'booking', 'category'] as const).map((kind) =>
            subjectNamed(kind, text),
          ),
        )
      : [];
    const byStream = isStreamId(text) ? [await subjectOfStreamId(text)] : [];
    const named = await searchProducts.run(store, {
      search: productSearchOf({ q: text }),
      page: { limit: NAME_MATCHES },
    });
    const byName = named.items.map((product): AuditSubject => ({
      kind: 'listing',
      id: product._id,
      label: product.productName,
      streams: streamsOf('listing', product._id),
    }));
    const found = new Map<string, AuditSubject>();
    for (const subject of [...byStream, ...byId, ...byName])
      if (subject && !found.has(`${subject.kind}:${subject.id}`))
        found.set(`${subject.kind}:${subject.id}`, subject);
    return [...found.values()];
  };

  const subjectOfStreamId = async (streamId: string): Promise<AuditSubject | null> => {
    const named = subjectOfStream(streamId);
    if (!named) return null;
    const subject = await subjectNamed(named.kind, named.id);
    // One stream asked for: that stream alone (a user's seller stream has its own timeline).
    return subject && { ...subject, streams: [streamId] };
  };

  const matchesOf = async (search: AuditSearch): Promise<AuditSubject[]> => {
    if ('stream' in search) {
      const subject = await subjectOfStreamId(search.stream);
      if (!subject) throw notFound(`No events for the stream ${search.stream}`);
      return [subject];
    }
    if ('email' in search) {
      const found = await subjectsOfEmail(search.email);
      if (found.length === 0) throw notFound(`No user registered with the e-mail ${search.email}`);
      return found;
    }
    return subjectsOfText(search.q);
  };

  const profileOf = async (uid: string) => {
    const user = await getUserById(store, uid);
    return user && { name: user.name, role: user.role };
  };

  /** The timeline of what the search names, one page; only the matches when it names several. */
  const timeline = async (request: AuditTimelineRequest): Promise<AuditTimelineAnswer> => {
    if (request.after !== undefined) checkLogPosition(request.after, 'after');
    const matches = await matchesOf(request.search);
    const subject = matches.length === 1 ? (matches[0] ?? null) : null;
    const history = subject ? await historyOfStreams(events, subject.streams) : [];
    const page = await timelinePage(
      history,
      {
        filter: { types: request.types, actor: request.actor },
        after: request.after,
        limit: request.limit,
      },
      profileOf,
    );
    return { ...page, subject, matches };
  };

  /** The listing as it was at `position` beside today's; 404 for a listing never made. */
  const listingAsOf = async (productId: string, position: number) => {
    checkLogPosition(position, 'position');
    try {
      const found = await listingThenAndNow(events, productId, position);
      return { ...found, then: listingView(found.then), now: listingView(found.now) };
    } catch (error) {
      if (error instanceof UnknownListingError) throw notFound('This listing does not exist');
      throw error;
    }
  };

  const listingView = (state: ListingState | null): ListingView | null =>
    state && {
      productName: state.product.productName,
      picture: imageUrl(app.config.PUBLIC_URL, state.product.picture),
      sellingPrice: state.product.sellingPrice,
      condition: state.product.condition,
      about: state.product.about,
      status: state.product.status,
      reported: state.product.reported,
      Brand: state.product.Brand,
      sellerName: state.product.sellerName,
      sellerUid: state.product.sellerUid,
      sellerVerified: state.sellerVerified,
    };

  return { timeline, listingAsOf, histories: events };
}

/** A listing as time travel shows it: what a dispute turns on. */
export interface ListingView {
  readonly productName: string;
  readonly picture: string;
  readonly sellingPrice: number;
  readonly condition: 'Good' | 'Excelent' | 'Fair';
  readonly about: string;
  readonly status: ProductStatus;
  readonly reported: boolean;
  readonly Brand: string;
  readonly sellerName: string;
  readonly sellerUid: string;
  readonly sellerVerified: boolean;
}

/**
 * A log position as a whole number the answer can hold: a query string's "1e400" passes the
 * schema's integer check as Infinity.
 */
export function checkLogPosition(value: number, field: string): void {
  if (!(Number.isSafeInteger(value) && value >= 0))
    throw new HttpProblem(
      400,
      `${field} must be a log position (a whole number, 0 or more)`,
      field,
    );
}

/** Exactly one of stream, email and q; 400 otherwise. */
export function auditSearchOf(args: {
  stream?: string | null | undefined;
  email?: string | null | undefined;
  q?: string | null | undefined;
}): AuditSearch {
  const given = [args.stream, args.email, args.q].filter(
    (value) => value != null && value.trim() !== '',
  );
  if (given.length !== 1)
    throw new HttpProblem(400, 'Give exactly one of stream, email and q', 'stream');
  if (args.stream) {
    if (!isStreamId(args.stream))
      throw new HttpProblem(
        400,
        'stream must be a stream id: product-, user-, seller-, booking- or category- and an id',
        'stream',
      );
    return { stream: args.stream };
  }
  if (args.email) return { email: args.email };
  return { q: args.q ?? '' };
}
