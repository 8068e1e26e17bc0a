import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  AUDIT_PAGE_MAX,
  AUDIT_PAGE_SIZE,
  auditSearchOf,
  auditService,
  streamIdPattern,
} from '../admin-audit.ts';
import { Email, Id } from '../schemas/common.ts';
import { Condition, ProductStatus } from '../schemas/documents.ts';

const LogPosition = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

const SubjectKind = Type.Enum(['listing', 'user', 'seller', 'booking', 'category']);

const AuditSubject = Type.Object(
  {
    kind: SubjectKind,
    id: Type.String(),
    label: Type.String(),
    streams: Type.Array(Type.String()),
  },
  { description: 'What a timeline is about, and the streams it reads' },
);

const subjectExample = {
  kind: 'listing',
  id: '5b0f9a52-8a7e-4c1e-9f4e-2f8d6c1a7b3e',
  label: 'Galaxy S20 FE Cloud Navy',
  streams: ['product-5b0f9a52-8a7e-4c1e-9f4e-2f8d6c1a7b3e'],
};

const AuditEntry = Type.Object(
  {
    position: LogPosition,
    streamId: Type.String(),
    revision: Type.Integer(),
    recordedAt: Type.String({ description: 'When the log recorded it' }),
    occurredAt: Type.String({ description: 'When the command that caused it was issued' }),
    type: Type.String(),
    description: Type.String({ description: 'What happened, in plain words' }),
    actor: Type.Object({
      uid: Type.String(),
      email: Type.String(),
      name: Type.Union([Type.String(), Type.Null()]),
      role: Type.Union([Type.String(), Type.Null()], {
        description: 'admin, seller, buyer, system (the marketplace itself); null: unknown or gone',
      }),
    }),
    correlationId: Type.String({ description: 'The request the event came from' }),
    links: Type.Object({
      productIds: Type.Array(Type.String()),
      userIds: Type.Array(Type.String()),
      bookingIds: Type.Array(Type.String()),
    }),
  },
  { description: 'One event of a timeline' },
);

const entryExample = {
  position: 1042,
  streamId: 'product-5b0f9a52-8a7e-4c1e-9f4e-2f8d6c1a7b3e',
  revision: 3,
  recordedAt: '2026-11-21T10:15:02.118Z',
  occurredAt: '2026-11-21T10:15:02.101Z',
  type: 'ProductPriceChanged',
  description: 'price changed to $290',
  actor: {
    uid: 'kDk2mQ9sXz',
    email: 'karim.seller@example.com',
    name: 'Karim Mobile Corner',
    role: 'seller',
  },
  correlationId: 'a3c1f0de-6b0e-4c55-9b1f-3c5e1e0f9d12',
  links: {
    productIds: ['5b0f9a52-8a7e-4c1e-9f4e-2f8d6c1a7b3e'],
    userIds: [],
    bookingIds: [],
  },
};

const AuditTimeline = Type.Object(
  {
    subject: Type.Union([AuditSubject, Type.Null()]),
    matches: Type.Array(AuditSubject, {
      description: 'What the search names; the timeline is shown when it names exactly one',
    }),
    entries: Type.Array(AuditEntry),
    nextCursor: Type.Union([LogPosition, Type.Null()], {
      description: 'Pass as `after` for the next page; null at the end',
    }),
    matching: Type.Integer({ description: 'Events matching the filters, on every page' }),
    eventTypes: Type.Array(Type.String(), { description: 'Every event type of the timeline' }),
    actors: Type.Array(Type.Object({ uid: Type.String(), email: Type.String() })),
  },
  {
    examples: [
      {
        subject: subjectExample,
        matches: [subjectExample],
        entries: [entryExample],
        nextCursor: null,
        matching: 1,
        eventTypes: ['ProductListed', 'ProductPriceChanged'],
        actors: [{ uid: 'kDk2mQ9sXz', email: 'karim.seller@example.com' }],
      },
    ],
  },
);

const AuditQuery = Type.Object(
  {
    stream: Type.Optional(
      Type.String({
        pattern: streamIdPattern,
        maxLength: 140,
        description: 'A stream id: product-, user-, seller-, booking- or category- and an id',
        examples: ['product-5b0f9a52-8a7e-4c1e-9f4e-2f8d6c1a7b3e'],
      }),
    ),
    email: Type.Optional({ ...Email, description: "A user's e-mail: their account's streams" }),
    q: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: "An e-mail, an id of any kind, or words of a listing's name",
        examples: ['Galaxy S20'],
      }),
    ),
    type: Type.Optional(
      Type.Array(Type.String({ pattern: '^[A-Za-z]{1,64}$' }), {
        maxItems: 50,
        description: 'Only events of these types (repeat the parameter for several)',
      }),
    ),
    actor: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 320,
        description: 'Only events caused by this actor (uid or e-mail)',
      }),
    ),
    after: Type.Optional({ ...LogPosition, description: "The previous page's nextCursor" }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_PAGE_MAX })),
  },
  { additionalProperties: false },
);

const ListingView = Type.Object({
  productName: Type.String(),
  picture: Type.String(),
  sellingPrice: Type.Number(),
  condition: Condition,
  about: Type.String(),
  status: ProductStatus,
  reported: Type.Boolean(),
  Brand: Type.String(),
  sellerName: Type.String(),
  sellerUid: Type.String(),
  sellerVerified: Type.Boolean(),
});

const listingExample = {
  productName: 'Galaxy S20 FE Cloud Navy',
  picture: 'http://127.0.0.1:5000/images/0b7e6f0e-3c1d-4d5a-9a61-2f1f3c6b8e21.webp',
  sellingPrice: 310,
  condition: 'Good',
  about: 'One owner, battery health 86%.',
  status: 'booked',
  reported: false,
  Brand: 'Samsung',
  sellerName: 'Karim Mobile Corner',
  sellerUid: 'kDk2mQ9sXz',
  sellerVerified: false,
};

const ListingThenAndNow = Type.Object(
  {
    productId: Type.String(),
    position: LogPosition,
    asOf: Type.Union([Type.String(), Type.Null()], {
      description: 'When the last event of the listing at or before `position` was recorded',
    }),
    then: Type.Union([ListingView, Type.Null()], {
      description: 'The listing at `position`; null before it was listed or once deleted',
    }),
    now: Type.Union([ListingView, Type.Null()], { description: 'The listing today' }),
  },
  {
    examples: [
      {
        productId: '5b0f9a52-8a7e-4c1e-9f4e-2f8d6c1a7b3e',
        position: 1042,
        asOf: '2026-11-21T10:15:02.118Z',
        then: listingExample,
        now: { ...listingExample, sellingPrice: 290, status: 'sold', sellerVerified: true },
      },
    ],
  },
);

/** The admins' audit: any listing's, user's, seller's or booking's timeline, and time travel. */
export default async function auditRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const audit = auditService(app);

  app.get(
    '/admin/audit',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['audit'],
        summary: 'The audit timeline of a listing, user, seller or booking (admins)',
        description:
          'Give exactly one of `stream` (a stream id), `email` (a user) or `q` (an e-mail, an ' +
          "id, or words of a listing's name). Every event in log order with what happened in " +
          'plain words, who did it, the request it came from and what it names; filtered by ' +
          '`type` and `actor`, paged by log position (`after`).',
        querystring: AuditQuery,
        response: { 200: AuditTimeline },
      },
    },
    async (request) => {
      const { stream, email, q, type, actor, after, limit } = request.query;
      return audit.timeline({
        search: auditSearchOf({ stream, email, q }),
        types: type ?? [],
        actor,
        after,
        limit: limit ?? AUDIT_PAGE_SIZE,
      });
    },
  );

  app.get(
    '/admin/products/:productId/as-of/:position',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['audit'],
        summary: 'A listing as it was at a log position, beside today (admins)',
        description:
          "Rebuilt from the log: the listing's events up to `position` folded as its read model " +
          "folds them, and whether its seller was verified then, from the seller's events.",
        params: Type.Object({ productId: Id, position: LogPosition }),
        response: { 200: ListingThenAndNow },
      },
    },
    async (request) => audit.listingAsOf(request.params.productId, request.params.position),
  );
}
