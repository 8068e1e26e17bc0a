import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { sellerDecider, sellerStreamId } from '@resale/events';
import { getSellerByEmail, listSellers } from '@resale/workers/read-models';
import { commandMetadata, deletedAnswer, modifiedAnswer } from '../commands.ts';
import { notFound } from '../errors.ts';
import { actorOfRequest } from '../plugins/app/authentication.ts';
import { Deleted, ListOrPage, Modified } from '../schemas/answers.ts';
import { Email, Id, PageQuery } from '../schemas/common.ts';
import { Seller } from '../schemas/documents.ts';
import { listOrPage, pageRequestOf } from '../schemas/paging.ts';

/** Seller records (admins): list, verify, delete. */
export default async function sellerRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const store = app.readModels.store;
  const commandConfig = { auth: 'admin', idempotent: true, rateLimit: app.writeLimit } as const;

  app.get(
    '/sellers',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['sellers'],
        summary: 'Every seller record (admins)',
        querystring: Type.Object(PageQuery, { additionalProperties: false }),
        response: { 200: ListOrPage(Seller) },
      },
    },
    async (request) => {
      const page = pageRequestOf(request.query);
      return listOrPage(await listSellers(store, page), page);
    },
  );

  app.put(
    '/users/sellers/:sellerEmail',
    {
      config: commandConfig,
      schema: {
        tags: ['sellers'],
        summary: 'Verify a seller (admins)',
        params: Type.Object({ sellerEmail: Email }),
        response: { 200: Modified },
      },
    },
    async (request) => {
      const actor = actorOfRequest(request);
      const seller = await getSellerByEmail(store, request.params.sellerEmail.toLowerCase());
      if (!seller) throw notFound('This seller does not exist');
      const result = await app.handleCommand(sellerStreamId(seller._id), sellerDecider, {
        type: 'VerifySeller',
        data: { sellerId: seller._id },
        metadata: commandMetadata(request, actor),
      });
      return modifiedAnswer(result);
    },
  );

  app.delete(
    '/sellers/:id',
    {
      config: commandConfig,
      schema: {
        tags: ['sellers'],
        summary: 'Delete a seller record (admins)',
        params: Type.Object({ id: Id }),
        response: { 200: Deleted },
      },
    },
    async (request) => {
      const actor = actorOfRequest(request);
      const { id } = request.params;
      const result = await app.handleCommand(sellerStreamId(id), sellerDecider, {
        type: 'DeleteSeller',
        data: { sellerId: id },
        metadata: commandMetadata(request, actor),
      });
      return deletedAnswer(result);
    },
  );
}
