import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { sessionMachine, type AuthUser } from '@/features/auth/machines/session-machine.ts';
import {
  signInMachine,
  type Credentials,
  type EmulatedGoogleAccount,
  type GoogleSignInResult,
  type SignUpDetails,
} from '@/features/auth/machines/sign-in-machine.ts';

export const buyer: AuthUser = {
  uid: 'u-buyer',
  email: 'bob@example.com',
  displayName: 'Bob Buyer',
  photoURL: null,
};

const getToken = fromPromise<string, { email: string }>(async () => 'test-access-token');

/**
 * A session actor whose Firebase and gateway calls are fakes; it starts signed in as `user` (or
 * signed out), or once `authStateKnown` resolves (Firebase reading its saved session).
 * `signInError` makes the password sign-in fail with that provider message.
 */
export function fakeSessionActor(
  options: {
    user?: AuthUser | null;
    authStateKnown?: Promise<void>;
    signInError?: string;
    navigate?: (to: string) => void;
  } = {},
) {
  const user = options.user ?? null;
  if (user) localStorage.setItem('accessToken', 'test-access-token');
  const signIn = signInMachine.provide({
    actors: {
      createAccount: fromPromise<AuthUser, Credentials>(async ({ input }) => ({
        ...buyer,
        email: input.email,
      })),
      setDisplayName: fromPromise<void, { name: string }>(async () => {}),
      saveUser: fromPromise<void, SignUpDetails>(async () => {}),
      getToken,
      signInWithPassword: fromPromise<AuthUser, Credentials>(async ({ input }) => {
        if (options.signInError) throw new Error(options.signInError);
        return { ...buyer, email: input.email };
      }),
      signInWithGoogle: fromPromise<GoogleSignInResult, { account?: EmulatedGoogleAccount }>(
        async () => ({ user: buyer, isNewUser: false }),
      ),
    },
    actions: {
      navigate: (_, params: { to: string }) => options.navigate?.(params.to),
      notifyUserCreated: () => {},
    },
  });
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        authStateListener: fromCallback<EventObject>(({ sendBack }) => {
          const announce = () => sendBack({ type: 'session.changed', user });
          if (options.authStateKnown) void options.authStateKnown.then(announce);
          else announce();
        }),
        getToken,
        signOut: fromPromise<void>(async () => {}),
        signIn,
      },
    }),
  );
  actor.start();
  return actor;
}
