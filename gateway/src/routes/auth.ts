import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { forbidden } from '../errors.ts';
import { actorOfRequest } from '../plugins/app/authentication.ts';
import { Email } from '../schemas/common.ts';

const Me = Type.Object({
  uid: Type.String(),
  email: Type.String(),
  name: Type.String(),
  role: Type.Union([Type.Literal('buyer'), Type.Literal('seller'), Type.Literal('admin')]),
  isAdmin: Type.Boolean(),
  isSeller: Type.Boolean(),
});

/** Access tokens for Firebase-authenticated users, and who the caller is. */
export default async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/jwt',
    {
      config: { auth: 'firebase', rateLimit: app.signInLimit },
      schema: {
        tags: ['auth'],
        summary: 'Exchange a Firebase ID token for an access token',
        description:
          'Send the Firebase ID token of the same e-mail as Bearer. 401 without a valid token, 403 for another e-mail or a deleted account.',
        querystring: Type.Object({ email: Email }, { additionalProperties: false }),
        response: { 200: Type.Object({ accessToken: Type.String() }) },
      },
    },
    async (request) => {
      const identity = request.firebaseIdentity;
      if (!identity || identity.email !== request.query.email.toLowerCase())
        throw forbidden('This sign-in belongs to another e-mail');
      const user = await app.auth.loadUser(identity.uid);
      if (user.status === 'deleted') throw forbidden('This account has been deleted');
      return { accessToken: await app.accessTokens.issue(identity) };
    },
  );

  app.get(
    '/me',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in caller and their role',
        response: { 200: Me },
      },
    },
    async (request) => actorOfRequest(request),
  );
}
