import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import {
  authMachine,
  type AuthUser,
  type EmulatedGoogleAccount,
  type GoogleSignInResult,
  type SignUpDetails,
} from '@/features/auth/machines/auth-machine.ts';

export const buyer: AuthUser = {
  uid: 'u-buyer',
  email: 'bob@example.com',
  displayName: 'Bob Buyer',
  photoURL: null,
};

type Credentials = { email: string; password: string };

/**
 * An auth actor whose Firebase and gateway calls are fakes; it starts signed in as `user` (or
 * signed out). `signInError` makes the password sign-in fail with that provider message.
 */
export function fakeAuthActor(
  options: { user?: AuthUser | null; signInError?: string; navigate?: (to: string) => void } = {},
) {
  const user = options.user ?? null;
  if (user) localStorage.setItem('accessToken', 'test-access-token');
  const actor = createActor(
    authMachine.provide({
      actors: {
        authStateListener: fromCallback<EventObject>(({ sendBack }) => {
          sendBack({ type: 'auth.changed', user });
        }),
        createAccount: fromPromise<AuthUser, Credentials>(async ({ input }) => ({
          ...buyer,
          email: input.email,
        })),
        setDisplayName: fromPromise<void, { name: string }>(async () => {}),
        saveUser: fromPromise<void, SignUpDetails>(async () => {}),
        getToken: fromPromise<string, { email: string }>(async () => 'test-access-token'),
        signIn: fromPromise<AuthUser, Credentials>(async ({ input }) => {
          if (options.signInError) throw new Error(options.signInError);
          return { ...buyer, email: input.email };
        }),
        googleSignIn: fromPromise<GoogleSignInResult, { account?: EmulatedGoogleAccount }>(
          async () => ({
            user: buyer,
            isNewUser: false,
          }),
        ),
        signOut: fromPromise<void>(async () => {}),
      },
      actions: {
        navigate: (_, params: { to: string }) => options.navigate?.(params.to),
        notifyUserCreated: () => {},
      },
    }),
  );
  actor.start();
  return actor;
}
