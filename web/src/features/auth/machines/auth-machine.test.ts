import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import { deferred } from '@/testing/deferred.ts';
import {
  authMachine,
  isAuthBusy,
  type AuthUser,
  type EmulatedGoogleAccount,
  type GoogleSignInResult,
  type SignUpDetails,
} from './auth-machine.ts';

type Credentials = { email: string; password: string };

const alice: AuthUser = {
  uid: 'u1',
  email: 'alice@example.com',
  displayName: 'Alice',
  photoURL: null,
};

/** The machine with fake Firebase and gateway calls; every call is recorded in `calls`. */
function givenAuth(overrides: Parameters<typeof authMachine.provide>[0]['actors'] = {}) {
  const calls: string[] = [];
  const navigate = vi.fn();
  const userCreated = vi.fn();
  let notify: (user: AuthUser | null) => void = () => {};
  const machine = authMachine.provide({
    actors: {
      authStateListener: fromCallback<EventObject>(({ sendBack }) => {
        notify = (user) => sendBack({ type: 'auth.changed', user });
      }),
      createAccount: fromPromise<AuthUser, Credentials>(async ({ input }) => {
        calls.push(`createAccount ${input.email}`);
        return { ...alice, displayName: null };
      }),
      setDisplayName: fromPromise<void, { name: string }>(async ({ input }) => {
        calls.push(`setDisplayName ${input.name}`);
      }),
      saveUser: fromPromise<void, SignUpDetails>(async ({ input }) => {
        calls.push(`saveUser ${input.name} ${input.email} ${input.role}`);
      }),
      getToken: fromPromise<string, { email: string }>(async ({ input }) => {
        calls.push(`getToken ${input.email}`);
        return 'access-token-1';
      }),
      signIn: fromPromise<AuthUser, Credentials>(async ({ input }) => {
        calls.push(`signIn ${input.email}`);
        return alice;
      }),
      googleSignIn: fromPromise<GoogleSignInResult, { account?: EmulatedGoogleAccount }>(
        async () => {
          calls.push('googleSignIn');
          return { user: alice, isNewUser: false };
        },
      ),
      signOut: fromPromise(async () => {
        calls.push('signOut');
      }),
      ...overrides,
    },
    actions: {
      navigate: (_, params: { to: string }) => navigate(params.to),
      notifyUserCreated: userCreated,
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls, navigate, userCreated, notify: (user: AuthUser | null) => notify(user) };
}

describe('auth machine', () => {
  describe('when the page opens', () => {
    it('is loading until the first auth-state notification', () => {
      const { actor } = givenAuth();
      expect(actor.getSnapshot().value).toBe('loading');
      expect(isAuthBusy(actor.getSnapshot())).toBe(true);
    });

    it('is signed out when the notification carries no user', () => {
      const { actor, notify } = givenAuth();
      notify(null);
      expect(actor.getSnapshot().value).toBe('signedOut');
      expect(isAuthBusy(actor.getSnapshot())).toBe(false);
    });

    it('is signed in with the stored access token when a session is restored', () => {
      localStorage.setItem('accessToken', 'stored');
      const { actor, notify, calls } = givenAuth();
      notify(alice);
      expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
      expect(actor.getSnapshot().context.user).toEqual(alice);
      expect(calls).toEqual([]);
    });

    it('fetches a new access token when a restored session has none', async () => {
      const { actor, notify, calls } = givenAuth();
      notify(alice);
      await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
      expect(calls).toEqual(['getToken alice@example.com']);
      expect(localStorage.getItem('accessToken')).toBe('access-token-1');
    });
  });

  describe('sign-up', () => {
    it('creates the account, sets the display name, saves the user, gets a token, then goes to /', async () => {
      const { actor, notify, calls, navigate, userCreated } = givenAuth();
      notify(null);
      actor.send({
        type: 'auth.signUp',
        name: 'Alice',
        email: 'alice@example.com',
        password: 'secret1',
        role: 'seller',
      });
      // Firebase announces the new user mid-flow: the flow, not the notification, decides.
      notify({ ...alice, displayName: null });
      expect(actor.getSnapshot().matches('signingUp')).toBe(true);

      await waitFor(actor, (s) => s.matches('signedIn'));
      expect(calls).toEqual([
        'createAccount alice@example.com',
        'setDisplayName Alice',
        'saveUser Alice alice@example.com seller',
        'getToken alice@example.com',
      ]);
      expect(localStorage.getItem('accessToken')).toBe('access-token-1');
      expect(navigate).toHaveBeenCalledWith('/');
      expect(userCreated).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().context.user?.displayName).toBe('Alice');
    });

    it("shows the provider's message and stays signed out when the account cannot be created", async () => {
      const { actor, notify, calls, navigate } = givenAuth({
        createAccount: fromPromise<AuthUser, Credentials>(async () => {
          throw new Error('Firebase: Error (auth/email-already-in-use).');
        }),
      });
      notify(null);
      actor.send({
        type: 'auth.signUp',
        name: 'A',
        email: 'a@x.io',
        password: 'pw',
        role: 'buyer',
      });
      await waitFor(actor, (s) => s.matches('signedOut'));
      expect(actor.getSnapshot().context.error).toBe(
        'Firebase: Error (auth/email-already-in-use).',
      );
      expect(calls).toEqual([]);
      expect(navigate).not.toHaveBeenCalled();
    });
  });

  describe('login', () => {
    it('signs in, gets a token, then returns to the page the user came from', async () => {
      const { actor, notify, calls, navigate } = givenAuth();
      notify(null);
      actor.send({
        type: 'auth.login',
        email: 'alice@example.com',
        password: 'secret1',
        redirectTo: '/category/c1',
      });
      expect(isAuthBusy(actor.getSnapshot())).toBe(true);
      await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
      expect(calls).toEqual(['signIn alice@example.com', 'getToken alice@example.com']);
      expect(navigate).toHaveBeenCalledWith('/category/c1');
    });

    it('goes to / when there is no page to return to', async () => {
      const { actor, notify, navigate } = givenAuth();
      notify(null);
      actor.send({ type: 'auth.login', email: 'alice@example.com', password: 'secret1' });
      await waitFor(actor, (s) => s.matches('signedIn'));
      expect(navigate).toHaveBeenCalledWith('/');
    });

    it("keeps the provider's message for the form when the password is wrong", async () => {
      const { actor, notify } = givenAuth({
        signIn: fromPromise<AuthUser, Credentials>(async () => {
          throw new Error('Firebase: Error (auth/wrong-password).');
        }),
      });
      notify(null);
      actor.send({ type: 'auth.login', email: 'alice@example.com', password: 'nope' });
      await waitFor(actor, (s) => s.matches('signedOut'));
      expect(actor.getSnapshot().context.error).toBe('Firebase: Error (auth/wrong-password).');
      actor.send({ type: 'auth.clearError' });
      expect(actor.getSnapshot().context.error).toBeNull();
    });
  });

  describe('Google sign-in', () => {
    it('saves a new Google user as a buyer before getting the token', async () => {
      const { actor, notify, calls } = givenAuth({
        googleSignIn: fromPromise<GoogleSignInResult, { account?: EmulatedGoogleAccount }>(
          async () => ({
            user: alice,
            isNewUser: true,
          }),
        ),
      });
      notify(null);
      actor.send({ type: 'auth.google' });
      await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
      expect(calls).toEqual([
        'saveUser Alice alice@example.com buyer',
        'getToken alice@example.com',
      ]);
    });

    it("passes the account typed into the emulator's chooser to the sign-in", async () => {
      const accounts: (EmulatedGoogleAccount | undefined)[] = [];
      const { actor, notify } = givenAuth({
        googleSignIn: fromPromise<GoogleSignInResult, { account?: EmulatedGoogleAccount }>(
          async ({ input }) => {
            accounts.push(input.account);
            return { user: alice, isNewUser: false };
          },
        ),
      });
      notify(null);
      actor.send({ type: 'auth.google', account: { email: 'gina@example.com', name: 'Gina' } });
      await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
      expect(accounts).toEqual([{ email: 'gina@example.com', name: 'Gina' }]);
    });

    it('does not save a returning Google user again', async () => {
      const { actor, notify, calls, navigate, userCreated } = givenAuth();
      notify(null);
      actor.send({ type: 'auth.google', redirectTo: '/myOrders' });
      await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
      expect(calls).toEqual(['googleSignIn', 'getToken alice@example.com']);
      expect(navigate).toHaveBeenCalledWith('/myOrders');
      expect(userCreated).not.toHaveBeenCalled();
    });
  });

  describe('when the gateway refuses the access token (it lives one hour)', () => {
    it('gets a new one with the Firebase session', async () => {
      localStorage.setItem('accessToken', 'expired');
      const { actor, notify, calls } = givenAuth();
      notify(alice);
      actor.send({ type: 'auth.tokenRejected', token: 'expired', at: 1_000_000 });
      await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
      expect(calls).toEqual(['getToken alice@example.com']);
      expect(localStorage.getItem('accessToken')).toBe('access-token-1');
    });

    it('ignores a refusal of a token it already replaced', () => {
      localStorage.setItem('accessToken', 'current');
      const { actor, notify, calls } = givenAuth();
      notify(alice);
      actor.send({ type: 'auth.tokenRejected', token: 'older', at: 1_000_000 });
      expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
      expect(calls).toEqual([]);
    });

    it('does not renew again right after a renewal (no loop when the server refuses the user)', async () => {
      localStorage.setItem('accessToken', 'expired');
      const { actor, notify, calls } = givenAuth();
      notify(alice);
      actor.send({ type: 'auth.tokenRejected', token: 'expired', at: 1_000_000 });
      await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
      actor.send({ type: 'auth.tokenRejected', token: 'access-token-1', at: 1_005_000 });
      expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
      expect(calls).toEqual(['getToken alice@example.com']);
      actor.send({ type: 'auth.tokenRejected', token: 'access-token-1', at: 1_040_000 });
      await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
      expect(calls).toEqual(['getToken alice@example.com', 'getToken alice@example.com']);
    });
  });

  describe('sign-out', () => {
    it('forgets the user and the access token', async () => {
      localStorage.setItem('accessToken', 'stored');
      const { actor, notify } = givenAuth();
      notify(alice);
      actor.send({ type: 'auth.signOut' });
      await waitFor(actor, (s) => s.matches('signedOut'));
      expect(actor.getSnapshot().context.user).toBeNull();
      expect(localStorage.getItem('accessToken')).toBeNull();
    });

    it('only logs a failure to the console and stays signed in', async () => {
      localStorage.setItem('accessToken', 'stored');
      const failure = deferred<void>();
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const { actor, notify } = givenAuth({ signOut: fromPromise(() => failure.promise) });
      notify(alice);
      actor.send({ type: 'auth.signOut' });
      expect(actor.getSnapshot().value).toBe('signingOut');
      failure.reject(new Error('network down'));
      await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
      expect(logged).toHaveBeenCalledWith('Sign-out failed', expect.any(Error));
      expect(actor.getSnapshot().context.error).toBeNull();
      logged.mockRestore();
    });

    it('follows a sign-out made elsewhere (another tab)', () => {
      localStorage.setItem('accessToken', 'stored');
      const { actor, notify } = givenAuth();
      notify(alice);
      notify(null);
      expect(actor.getSnapshot().value).toBe('signedOut');
      expect(localStorage.getItem('accessToken')).toBeNull();
    });
  });
});
