import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { sellerDecider, sellerStreamId, userDecider, userStreamId } from '@resale/events';
import { commandMetadata, deletedAnswer, modifiedAnswer } from '../commands.ts';
import { forbidden } from '../errors.ts';
import { actorOfRequest } from '../plugins/app/authentication.ts';
import { Deleted, Inserted, Modified } from '../schemas/answers.ts';
import { Email, Id } from '../schemas/common.ts';

const Registration = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    email: Email,
    // Any text: the decider answers 'Choose buyer or seller as the account type' for the rest.
    role: Type.String({ minLength: 1, maxLength: 20, examples: ['buyer', 'seller'] }),
  },
  {
    additionalProperties: false,
    examples: [{ name: 'Nadia Rahman', email: 'nadia.buyer@example.com', role: 'buyer' }],
  },
);

/** User accounts: registration, promotion to admin, deletion. */
export default async function userCommandRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/users',
    {
      config: {
        auth: 'firebase',
        idempotent: true,
        rateLimit: app.signInLimit,
        fieldMessages: {
          name: 'name is required',
          email: 'Email Address is required',
          role: 'select account type',
        },
      },
      schema: {
        tags: ['users'],
        summary: 'Save the signed-up user (buyer or seller)',
        description:
          'Bearer: the Firebase ID token of the same e-mail. Sellers also get a seller record. ' +
          'Verified e-mails listed in ADMIN_EMAILS become admins. Repeating the same registration changes nothing.',
        body: Registration,
        response: { 201: Inserted },
      },
    },
    async (request, reply) => {
      const identity = request.firebaseIdentity;
      const email = request.body.email.toLowerCase();
      if (!identity || identity.email !== email)
        throw forbidden('You can only register your own e-mail');
      const { name, role } = request.body;
      const metadata = commandMetadata(request, identity);
      const registered = await app.handleCommand(userStreamId(identity.uid), userDecider, {
        type: 'RegisterUser',
        data: {
          uid: identity.uid,
          name,
          email,
          role,
          // Unverified: anyone could sign up first with a listed address and become admin.
          grantAdmin: identity.emailVerified && app.config.ADMIN_EMAILS.includes(email),
        },
        metadata,
      });
      let position = registered.position;
      // A crash between the two appends is repaired by repeating the registration.
      if (role === 'seller') {
        const seller = await app.handleCommand(sellerStreamId(identity.uid), sellerDecider, {
          type: 'RegisterSeller',
          data: { sellerId: identity.uid, name, email, sellerEmail: email },
          metadata,
        });
        position = Math.max(position, seller.position);
      }
      return reply.code(201).send({ acknowledged: true, insertedId: identity.uid, position });
    },
  );

  app.put(
    '/users/admin/:userId',
    {
      config: { auth: 'admin', idempotent: true, rateLimit: app.writeLimit },
      schema: {
        tags: ['users'],
        summary: 'Make a user admin (admins)',
        params: Type.Object({ userId: Id }),
        response: { 200: Modified },
      },
    },
    async (request) => {
      const actor = actorOfRequest(request);
      const { userId } = request.params;
      const result = await app.handleCommand(userStreamId(userId), userDecider, {
        type: 'PromoteUser',
        data: { uid: userId },
        metadata: commandMetadata(request, actor),
      });
      return modifiedAnswer(result);
    },
  );

  app.delete(
    '/users/:id',
    {
      config: { auth: 'admin', idempotent: true, rateLimit: app.writeLimit },
      schema: {
        tags: ['users'],
        summary:
          'Delete a user (admins); they lose access and their personal data is erased at once',
        params: Type.Object({ id: Id }),
        response: { 200: Deleted },
      },
    },
    async (request) => {
      const actor = actorOfRequest(request);
      const { id } = request.params;
      if (id === actor.uid) throw forbidden('You cannot delete your own account');
      const result = await app.handleCommand(userStreamId(id), userDecider, {
        type: 'DeleteUser',
        data: { uid: id },
        metadata: commandMetadata(request, actor),
      });
      // Their personal data is unreadable before the admin is answered: the key in the log, the
      // answers kept for their retries. (The workers' erasure reactor destroys the key again from
      // the log, should this process stop in between, and erases the read models' copies.)
      await app.eventStore.erasePersonalData(id);
      await app.idempotencyStore.forgetAnswersOf(id);
      // The sign-in account holds their e-mail and name too. Firebase's own: should it refuse
      // (no admin credentials for it), the deletion stands and the operator is told.
      await app.firebaseAuth.eraseAccount(id).catch((error: unknown) => {
        request.log.error(
          { err: error, uid: id },
          "The deleted user's sign-in account keeps their e-mail: delete it in the Firebase console",
        );
      });
      return deletedAnswer(result);
    },
  );
}
