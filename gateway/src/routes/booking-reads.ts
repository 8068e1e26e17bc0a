import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  buyerBookings,
  sellerBookings,
  type BookingDocument,
  type Page,
  type PageRequest,
  type ReadModelQuery,
} from '@resale/workers/read-models';
import { forbidden } from '../errors.ts';
import { actorOfRequest } from '../plugins/app/authentication.ts';
import { ListOrPage } from '../schemas/answers.ts';
import { Email, PageQuery } from '../schemas/common.ts';
import { Booking } from '../schemas/documents.ts';
import { listOrPage, pageRequestOf } from '../schemas/paging.ts';

/** A user's own bookings ("My orders"), and the bookings of a seller's products. */
export default async function bookingReadRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  /** One page of the caller's bookings (as buyer or as seller: `argsOf`), cached for them. */
  const sendPage = <A>(
    reply: FastifyReply,
    path: string,
    query: ReadModelQuery<A, Page<BookingDocument>>,
    { limit, after, minPosition }: { limit?: number; after?: string; minPosition?: number },
    uid: string,
    argsOf: (page: PageRequest | undefined) => A,
  ) => {
    const page = pageRequestOf({ limit, after });
    const args = argsOf(page);
    return app.answerCache.send(
      reply,
      {
        key: [path, uid, limit ?? '', after ?? ''].join('\u0000'),
        sources: query.sources(args),
        minPosition,
      },
      async () => listOrPage(await query.run(app.readModels.store, args), page),
    );
  };

  app.get(
    '/bookings',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['bookings'],
        summary: "The caller's own bookings",
        description:
          'Pass the `position` of POST /bookings as `minPosition` to see the new booking.',
        querystring: Type.Object({ email: Email, ...PageQuery }, { additionalProperties: false }),
        response: { 200: ListOrPage(Booking) },
      },
    },
    async (request, reply) => {
      const actor = actorOfRequest(request);
      if (request.query.email.toLowerCase() !== actor.email)
        throw forbidden('You can only see your own bookings');
      // Read by the account, not the e-mail: a new account may reuse a deleted one's e-mail.
      return sendPage(reply, '/bookings', buyerBookings, request.query, actor.uid, (page) => ({
        buyerUid: actor.uid,
        page,
      }));
    },
  );

  app.get(
    '/bookings/received',
    {
      config: { auth: 'seller' },
      schema: {
        tags: ['bookings'],
        summary: "The bookings of the caller's products, newest first (sellers)",
        description:
          'Each with its `status`: pending until the seller accepts or declines it (POST /bookings/{bookingId}/accept or /decline), the buyer cancels it, or it expires at `expiresAt`.',
        querystring: Type.Object(PageQuery, { additionalProperties: false }),
        response: { 200: ListOrPage(Booking) },
      },
    },
    async (request, reply) => {
      const actor = actorOfRequest(request);
      return sendPage(
        reply,
        '/bookings/received',
        sellerBookings,
        request.query,
        actor.uid,
        (page) => ({
          sellerUid: actor.uid,
          page,
        }),
      );
    },
  );
}
