import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Who a verified Firebase ID token belongs to. */
export interface FirebaseIdentity {
  uid: string;
  email: string;
  /** Whether the provider confirmed the address belongs to this account. */
  emailVerified: boolean;
}

/**
 * Firebase Auth could not be asked (unreachable, timed out or failing on its side): the token was
 * not judged, and the same call may succeed a moment later.
 */
export class AuthServiceUnavailableError extends Error {
  constructor(cause: unknown) {
    super('Firebase Auth could not be reached to check an ID token', { cause });
    this.name = 'AuthServiceUnavailableError';
  }
}

// firebase-admin's codes for a call that failed on the way or on the service's side.
const serviceFailureCodes = new Set([
  'app/network-error',
  'app/network-timeout',
  'app/internal-error',
  'auth/internal-error',
]);

const isServiceFailure = (error: unknown): boolean => {
  const { code } = (error ?? {}) as { code?: unknown };
  return typeof code === 'string' && serviceFailureCodes.has(code);
};

export interface FirebaseAuthClient {
  /**
   * Resolves the token's owner; rejects for an invalid, expired, revoked or e-mail-less token,
   * or with AuthServiceUnavailableError when Firebase Auth could not be asked.
   */
  verifyIdToken(idToken: string): Promise<FirebaseIdentity>;
  /**
   * Erases what the sign-in account holds of its user: its e-mail becomes `<uid>@erased.invalid`
   * (the address may sign up anew), its name and phone go, and it is disabled; the ID tokens it
   * issued are no longer valid. One already gone is no error.
   */
  eraseAccount(uid: string): Promise<void>;
}

/**
 * firebase-admin, as a named app per gateway instance (several can live in one test process).
 * With FIREBASE_AUTH_EMULATOR_HOST set, tokens are checked against the emulator.
 */
async function firebaseAuth(app: FastifyInstance): Promise<void> {
  const { FIREBASE_AUTH_EMULATOR_HOST, FIREBASE_PROJECT_ID } = app.config;
  // firebase-admin reads the emulator host from the process environment at call time.
  if (FIREBASE_AUTH_EMULATOR_HOST)
    process.env.FIREBASE_AUTH_EMULATOR_HOST = FIREBASE_AUTH_EMULATOR_HOST;
  const firebaseApp = initializeApp({ projectId: FIREBASE_PROJECT_ID }, `gateway-${randomUUID()}`);
  const auth = getAuth(firebaseApp);
  app.decorate('firebaseAuth', {
    async verifyIdToken(idToken: string): Promise<FirebaseIdentity> {
      // With the emulator, firebase-admin also asks it whether the account was disabled or its
      // tokens revoked: an HTTP call that can fail apart from the token.
      const decoded = await auth.verifyIdToken(idToken).catch((error: unknown) => {
        throw isServiceFailure(error) ? new AuthServiceUnavailableError(error) : error;
      });
      if (!decoded.email) throw new Error('The ID token carries no e-mail');
      return {
        uid: decoded.uid,
        email: decoded.email.toLowerCase(),
        emailVerified: decoded.email_verified === true,
      };
    },
    async eraseAccount(uid: string): Promise<void> {
      try {
        await auth.updateUser(uid, {
          email: `${uid.toLowerCase()}@erased.invalid`,
          displayName: null,
          phoneNumber: null,
          photoURL: null,
          disabled: true,
        });
      } catch (error) {
        if ((error as { code?: unknown }).code === 'auth/user-not-found') return;
        throw error;
      }
    },
  } satisfies FirebaseAuthClient);
  app.addHook('onClose', async () => deleteApp(firebaseApp));
}

declare module 'fastify' {
  interface FastifyInstance {
    firebaseAuth: FirebaseAuthClient;
  }
}

export default fp(firebaseAuth, { name: 'firebase-auth', dependencies: ['config'] });
