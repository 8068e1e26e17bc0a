import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { getUserByEmail, listUsers } from '@resale/workers/read-models';
import { ListOrPage } from '../schemas/answers.ts';
import { Email, MinPosition, PageQuery } from '../schemas/common.ts';
import { User } from '../schemas/documents.ts';
import { listOrPage, pageRequestOf } from '../schemas/paging.ts';

const Query = Type.Object({ minPosition: MinPosition }, { additionalProperties: false });

/** The role lookups by e-mail the client's guards use, and the admins' user list. */
export default async function userReadRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const store = app.readModels.store;

  app.get(
    '/users/admin/:email',
    {
      schema: {
        tags: ['users'],
        summary: 'Whether the e-mail belongs to an admin',
        params: Type.Object({ email: Email }),
        querystring: Query,
        response: { 200: Type.Object({ isAdmin: Type.Boolean() }) },
      },
    },
    async (request) => {
      const user = await getUserByEmail(store, request.params.email.toLowerCase());
      return { isAdmin: user?.role === 'admin' };
    },
  );

  app.get(
    '/users/sellers/:email',
    {
      schema: {
        tags: ['users'],
        summary: 'Whether the e-mail belongs to a seller',
        params: Type.Object({ email: Email }),
        querystring: Query,
        response: { 200: Type.Object({ isSeller: Type.Boolean() }) },
      },
    },
    async (request) => {
      const user = await getUserByEmail(store, request.params.email.toLowerCase());
      return { isSeller: user?.role === 'seller' };
    },
  );

  app.get(
    '/users',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Every user (admins)',
        querystring: Type.Object(PageQuery, { additionalProperties: false }),
        response: { 200: ListOrPage(User) },
      },
    },
    async (request) => {
      const page = pageRequestOf(request.query);
      return listOrPage(await listUsers(store, page), page);
    },
  );
}
