import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import { deferred } from '@/testing/deferred.ts';
import { alice, loginAlice } from '@/testing/fixtures.ts';
import { isSessionBusy, sessionMachine, type AuthUser } from './session-machine.ts';
import {
  signInMachine,
  type Credentials,
  type EmulatedGoogleAccount,
  type GoogleSignInResult,
  type SignInRequest,
} from './sign-in-machine.ts';

const bob: AuthUser = { uid: 'u2', email: 'bob@example.com', displayName: 'Bob', photoURL: null };

const signUpAlice: SignInRequest = {
  type: 'signIn.signUp',
  name: 'Alice',
  email: 'alice@example.com',
  password: 'secret1',
  role: 'buyer',
};

type SessionFakes = NonNullable<Parameters<typeof sessionMachine.provide>[0]['actors']>;
type SignInFakes = NonNullable<Parameters<typeof signInMachine.provide>[0]['actors']>;

/**
 * The session machine with fake Firebase and gateway calls (each recorded in `calls`).
 * `firebase.announce` is Firebase's auth-state notification. Its child, the sign-in machine,
 * runs with fake calls too: by default a login signs Alice in and gets `access-token-1`.
 */
function givenSession(fakes: { session?: SessionFakes; signIn?: SignInFakes } = {}) {
  const calls: string[] = [];
  const navigate = vi.fn<(to: string) => void>();
  let announce: (user: AuthUser | null) => void = () => {};
  const getToken = fromPromise<string, { email: string }>(async ({ input }) => {
    calls.push(`getToken ${input.email}`);
    return 'access-token-1';
  });
  const signIn = signInMachine.provide({
    actors: {
      createAccount: fromPromise<AuthUser, Credentials>(async () => alice),
      setDisplayName: fromPromise(async () => {}),
      saveUser: fromPromise(async () => {}),
      getToken,
      signInWithPassword: fromPromise<AuthUser, Credentials>(async ({ input }) => {
        calls.push(`signInWithPassword ${input.email}`);
        return alice;
      }),
      signInWithGoogle: fromPromise<GoogleSignInResult, { account?: EmulatedGoogleAccount }>(
        async () => {
          calls.push('signInWithGoogle');
          return { user: alice, isNewUser: false };
        },
      ),
      ...fakes.signIn,
    },
    actions: {
      navigate: (_, params) => navigate(params.to),
      notifyUserCreated: () => {},
    },
  });
  const machine = sessionMachine.provide({
    actors: {
      authStateListener: fromCallback<EventObject>(({ sendBack }) => {
        announce = (user) => sendBack({ type: 'session.changed', user });
      }),
      getToken,
      signOut: fromPromise(async () => {
        calls.push('signOut');
      }),
      signIn,
      ...fakes.session,
    },
  });
  const actor = createActor(machine).start();
  const signInActor = () => actor.getSnapshot().children.signIn!;
  return {
    actor,
    calls,
    navigate,
    firebase: { announce: (user: AuthUser | null) => announce(user) },
    signIn: signInActor,
  };
}

/** Each form's request, and the flow of the sign-in machine it starts. */
const eachFlow = [
  ['a login', loginAlice, 'loggingIn'],
  ['a sign-up', signUpAlice, 'signingUp'],
  ['a Google sign-in', { type: 'signIn.google' }, 'googleSignIn'],
] as const;

const state = (actor: ReturnType<typeof givenSession>['actor']) => actor.getSnapshot().value;

describe('session machine', () => {
  describe('given the page has just opened', () => {
    it('then it is loading (busy) until the first auth-state notification', () => {
      const { actor } = givenSession();
      expect(state(actor)).toBe('loading');
      expect(isSessionBusy(actor.getSnapshot())).toBe(true);
    });

    it('when Firebase knows no user, then it is signed out and forgets a stale access token', () => {
      localStorage.setItem('accessToken', 'stale');
      const { actor, firebase } = givenSession();
      firebase.announce(null);
      expect(state(actor)).toBe('signedOut');
      expect(isSessionBusy(actor.getSnapshot())).toBe(false);
      expect(localStorage.getItem('accessToken')).toBeNull();
    });

    it('when Firebase restores a session and the access token is stored, then it is signed in at once', () => {
      localStorage.setItem('accessToken', 'stored');
      const { actor, firebase, calls } = givenSession();
      firebase.announce(alice);
      expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
      expect(actor.getSnapshot().context.user).toEqual(alice);
      expect(isSessionBusy(actor.getSnapshot())).toBe(false);
      expect(calls).toEqual([]);
    });

    it('when Firebase restores a session without an access token, then it fetches a new one (busy meanwhile)', async () => {
      const { actor, firebase, calls } = givenSession();
      firebase.announce(alice);
      expect(actor.getSnapshot().matches({ signedIn: 'fetchingToken' })).toBe(true);
      expect(isSessionBusy(actor.getSnapshot())).toBe(true);
      await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
      expect(calls).toEqual(['getToken alice@example.com']);
      expect(localStorage.getItem('accessToken')).toBe('access-token-1');
    });

    it("when that token cannot be fetched, then it is signed in without one and the forms show the server's message", async () => {
      const { actor, firebase, signIn } = givenSession({
        session: {
          getToken: fromPromise<string, { email: string }>(async () => {
            throw new Error('Cannot reach the server.');
          }),
        },
      });
      firebase.announce(alice);
      await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
      expect(localStorage.getItem('accessToken')).toBeNull();
      expect(signIn().getSnapshot().context.error).toBe('Cannot reach the server.');
    });

    it('when a form asks for a sign-in before the first notification, then it waits for it', () => {
      const { actor, signIn } = givenSession();
      actor.send(loginAlice);
      expect(state(actor)).toBe('loading');
      expect(actor.getSnapshot().context.pendingRequest).toEqual(loginAlice);
      expect(signIn().getSnapshot().value).toBe('idle');
    });

    it.each(eachFlow)(
      'when a form asked for %s and Firebase then knows no user, then the flow runs',
      (_, request, flow) => {
        const { actor, firebase, signIn } = givenSession();
        actor.send(request);
        firebase.announce(null);
        expect(state(actor)).toBe('signingIn');
        expect(actor.getSnapshot().context.pendingRequest).toBeNull();
        expect(signIn().getSnapshot().matches(flow)).toBe(true);
      },
    );

    it('when a form asked twice before the first notification, then only the last request runs', () => {
      const { actor, firebase, signIn } = givenSession();
      actor.send(loginAlice);
      actor.send(signUpAlice);
      firebase.announce(null);
      expect(signIn().getSnapshot().matches('signingUp')).toBe(true);
    });

    it('when a form asked for a login and Firebase restores a session, then the login runs', () => {
      localStorage.setItem('accessToken', 'stored');
      const { actor, firebase, signIn } = givenSession();
      actor.send(loginAlice);
      firebase.announce(bob);
      expect(state(actor)).toBe('signingIn');
      expect(signIn().getSnapshot().matches('loggingIn')).toBe(true);
    });

    it('when a form asked for a sign-up and Firebase restores a session, then it is signed in and the sign-up is dropped', () => {
      localStorage.setItem('accessToken', 'stored');
      const { actor, firebase, signIn } = givenSession();
      actor.send(signUpAlice);
      firebase.announce(bob);
      expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
      expect(actor.getSnapshot().context.pendingRequest).toBeNull();
      expect(signIn().getSnapshot().value).toBe('idle');
    });
  });

  describe('given signed out', () => {
    it('when Firebase announces a user (signed in in another tab), then it is signed in', () => {
      const { actor, firebase } = givenSession();
      firebase.announce(null);
      localStorage.setItem('accessToken', 'stored by the other tab');
      firebase.announce(alice);
      expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
      expect(actor.getSnapshot().context.user).toEqual(alice);
    });

    it.each(eachFlow)(
      'when a form asks for %s, then the sign-in machine runs it and the session is busy',
      (_, request, flow) => {
        const { actor, firebase, signIn } = givenSession();
        firebase.announce(null);
        actor.send(request);
        expect(state(actor)).toBe('signingIn');
        expect(isSessionBusy(actor.getSnapshot())).toBe(true);
        expect(signIn().getSnapshot().matches(flow)).toBe(true);
      },
    );

    it('when a form clears the message, then the sign-in machine forgets it', () => {
      const { actor, firebase, signIn } = givenSession();
      firebase.announce(null);
      signIn().send({ type: 'signIn.sessionFailed', error: 'old message' });
      actor.send({ type: 'signIn.clearError' });
      expect(signIn().getSnapshot().context.error).toBeNull();
    });
  });

  describe('given a sign-in runs', () => {
    function givenLoginHeld() {
      const attempt = deferred<AuthUser>();
      const session = givenSession({
        signIn: { signInWithPassword: fromPromise(() => attempt.promise) },
      });
      session.firebase.announce(null);
      session.actor.send(loginAlice);
      return { ...session, attempt };
    }

    it('when Firebase announces the user mid-flow, then only the user changes: the flow decides', () => {
      const { actor, firebase } = givenLoginHeld();
      firebase.announce(alice);
      expect(state(actor)).toBe('signingIn');
      expect(actor.getSnapshot().context.user).toEqual(alice);
    });

    it('when a sign-out, a token refusal or another request comes, then it is ignored', () => {
      localStorage.setItem('accessToken', 'stored');
      const { actor, calls, signIn } = givenLoginHeld();
      actor.send({ type: 'session.signOut' });
      actor.send({ type: 'session.tokenRejected', token: 'stored', at: 1_000_000 });
      actor.send({ type: 'signIn.google' });
      expect(state(actor)).toBe('signingIn');
      expect(signIn().getSnapshot().value).toEqual({ loggingIn: 'signIn' });
      expect(calls).toEqual([]);
    });

    it("when the flow hands over, then it is signed in with the flow's user and token", async () => {
      const { actor, attempt, navigate } = givenLoginHeld();
      attempt.resolve(alice);
      await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
      expect(actor.getSnapshot().context.user).toEqual(alice);
      expect(localStorage.getItem('accessToken')).toBe('access-token-1');
      expect(navigate).toHaveBeenCalledExactlyOnceWith('/');
      expect(isSessionBusy(actor.getSnapshot())).toBe(false);
    });

    it('when a sign-up completes, then the session holds the new user under the name given', async () => {
      const { actor, firebase, navigate } = givenSession({
        signIn: {
          createAccount: fromPromise<AuthUser, Credentials>(async () => ({
            ...alice,
            displayName: null,
          })),
        },
      });
      firebase.announce(null);
      actor.send({ ...signUpAlice, name: 'Alice A.' });
      // Firebase announces the new account before its display name is set.
      firebase.announce({ ...alice, displayName: null });
      expect(state(actor)).toBe('signingIn');
      await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
      expect(actor.getSnapshot().context.user?.displayName).toBe('Alice A.');
      expect(localStorage.getItem('accessToken')).toBe('access-token-1');
      expect(navigate).toHaveBeenCalledExactlyOnceWith('/');
    });

    it('when the flow fails before anyone signed in, then it is signed out again with the message for the form', async () => {
      const { actor, attempt, signIn, navigate } = givenLoginHeld();
      attempt.reject(new Error('Firebase: Error (auth/wrong-password).'));
      await waitFor(actor, (s) => s.matches('signedOut'));
      expect(actor.getSnapshot().context.user).toBeNull();
      expect(signIn().getSnapshot().context.error).toBe('Firebase: Error (auth/wrong-password).');
      expect(navigate).not.toHaveBeenCalled();
    });

    it('when the flow fails after signing the user in, then it is signed in and fetches the missing token itself', async () => {
      let tokenCalls = 0;
      const { actor, firebase, signIn } = givenSession({
        signIn: {
          getToken: fromPromise<string, { email: string }>(async () => {
            tokenCalls += 1;
            throw new Error('Cannot reach the server.');
          }),
        },
      });
      firebase.announce(null);
      actor.send(loginAlice);
      await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
      expect(actor.getSnapshot().context.user).toEqual(alice);
      expect(tokenCalls).toBe(1);
      expect(localStorage.getItem('accessToken')).toBe('access-token-1');
      expect(signIn().getSnapshot().context.error).toBe('Cannot reach the server.');
    });
  });

  describe('given signed in', () => {
    function givenSignedIn() {
      localStorage.setItem('accessToken', 'stored');
      const session = givenSession();
      session.firebase.announce(alice);
      return session;
    }

    it.each([
      ['a login', loginAlice, 'loggingIn'],
      ['a Google sign-in', { type: 'signIn.google' } as const, 'googleSignIn'],
    ] as const)(
      'when a form asks for %s (another account), then the sign-in machine runs it',
      (_, request, flow) => {
        const { actor, signIn } = givenSignedIn();
        actor.send(request);
        expect(state(actor)).toBe('signingIn');
        expect(signIn().getSnapshot().matches(flow)).toBe(true);
      },
    );

    it('when a form asks for a sign-up, then nothing starts', () => {
      const { actor, signIn } = givenSignedIn();
      actor.send(signUpAlice);
      expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
      expect(signIn().getSnapshot().value).toBe('idle');
    });

    it('when a login as another account fails, then the first user stays signed in', async () => {
      const { actor, signIn } = givenSession({
        signIn: {
          signInWithPassword: fromPromise<AuthUser, Credentials>(async () => {
            throw new Error('Firebase: Error (auth/user-not-found).');
          }),
        },
      });
      localStorage.setItem('accessToken', 'stored');
      actor.send({ type: 'session.changed', user: bob });
      actor.send(loginAlice);
      await waitFor(signIn(), (s) => s.matches('idle'));
      expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
      expect(actor.getSnapshot().context.user).toEqual(bob);
      expect(signIn().getSnapshot().context.error).toBe('Firebase: Error (auth/user-not-found).');
    });

    it('when a form clears the message, then the sign-in machine forgets it', () => {
      const { actor, signIn } = givenSignedIn();
      signIn().send({ type: 'signIn.sessionFailed', error: 'old message' });
      actor.send({ type: 'signIn.clearError' });
      expect(signIn().getSnapshot().context.error).toBeNull();
    });

    it("when Firebase announces the user's new profile, then it stays signed in with it", () => {
      const { actor, firebase } = givenSignedIn();
      firebase.announce({ ...alice, displayName: 'Alice A.' });
      expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
      expect(actor.getSnapshot().context.user?.displayName).toBe('Alice A.');
    });

    it('when the user signs out in another tab, then it is signed out and forgets the token', () => {
      const { actor, firebase } = givenSignedIn();
      firebase.announce(null);
      expect(state(actor)).toBe('signedOut');
      expect(actor.getSnapshot().context.user).toBeNull();
      expect(localStorage.getItem('accessToken')).toBeNull();
    });
  });

  describe('when the gateway refuses the access token (it lives one hour)', () => {
    it('then it gets a new one with the Firebase session', async () => {
      localStorage.setItem('accessToken', 'expired');
      const { actor, firebase, calls } = givenSession();
      firebase.announce(alice);
      actor.send({ type: 'session.tokenRejected', token: 'expired', at: 1_000_000 });
      expect(actor.getSnapshot().matches({ signedIn: 'fetchingToken' })).toBe(true);
      await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
      expect(calls).toEqual(['getToken alice@example.com']);
      expect(localStorage.getItem('accessToken')).toBe('access-token-1');
    });

    it('then it ignores a refusal of a token it already replaced', () => {
      localStorage.setItem('accessToken', 'current');
      const { actor, firebase, calls } = givenSession();
      firebase.announce(alice);
      actor.send({ type: 'session.tokenRejected', token: 'older', at: 1_000_000 });
      expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
      expect(calls).toEqual([]);
    });

    it('then it does not renew again right after a renewal (no loop when the server refuses the user)', async () => {
      localStorage.setItem('accessToken', 'expired');
      const { actor, firebase, calls } = givenSession();
      firebase.announce(alice);
      actor.send({ type: 'session.tokenRejected', token: 'expired', at: 1_000_000 });
      await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
      actor.send({ type: 'session.tokenRejected', token: 'access-token-1', at: 1_005_000 });
      expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
      expect(calls).toEqual(['getToken alice@example.com']);
      actor.send({ type: 'session.tokenRejected', token: 'access-token-1', at: 1_040_000 });
      await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
      expect(calls).toEqual(['getToken alice@example.com', 'getToken alice@example.com']);
    });

    it('then a failed renewal leaves the message for the forms', async () => {
      localStorage.setItem('accessToken', 'expired');
      const { actor, firebase, signIn } = givenSession({
        session: {
          getToken: fromPromise<string, { email: string }>(async () => {
            throw new Error('Request failed with status 401');
          }),
        },
      });
      firebase.announce(alice);
      actor.send({ type: 'session.tokenRejected', token: 'expired', at: 1_000_000 });
      await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
      expect(signIn().getSnapshot().context.error).toBe('Request failed with status 401');
    });
  });

  describe('sign-out', () => {
    it('when it succeeds, then the user and the access token are forgotten', async () => {
      localStorage.setItem('accessToken', 'stored');
      const { actor, firebase, calls } = givenSession();
      firebase.announce(alice);
      actor.send({ type: 'session.signOut' });
      expect(state(actor)).toBe('signingOut');
      expect(isSessionBusy(actor.getSnapshot())).toBe(true);
      await waitFor(actor, (s) => s.matches('signedOut'));
      expect(calls).toEqual(['signOut']);
      expect(actor.getSnapshot().context.user).toBeNull();
      expect(localStorage.getItem('accessToken')).toBeNull();
    });

    it('when it fails, then the failure is only logged to the console and the user stays signed in', async () => {
      localStorage.setItem('accessToken', 'stored');
      const failure = deferred<void>();
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const { actor, firebase, signIn } = givenSession({
        session: { signOut: fromPromise(() => failure.promise) },
      });
      firebase.announce(alice);
      actor.send({ type: 'session.signOut' });
      failure.reject(new Error('network down'));
      await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
      expect(logged).toHaveBeenCalledWith('Sign-out failed', expect.any(Error));
      expect(actor.getSnapshot().context.user).toEqual(alice);
      expect(localStorage.getItem('accessToken')).toBe('stored');
      expect(signIn().getSnapshot().context.error).toBeNull();
      logged.mockRestore();
    });
  });
});
