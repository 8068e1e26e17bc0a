import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { deferred } from '@/testing/deferred.ts';
import { alice, loginAlice } from '@/testing/fixtures.ts';
import type { AuthUser } from './session-machine.ts';
import {
  signInMachine,
  type Credentials,
  type EmulatedGoogleAccount,
  type GoogleSignInResult,
  type SignInRequest,
  type SignUpDetails,
} from './sign-in-machine.ts';

const signUpAlice: SignInRequest = {
  type: 'signIn.signUp',
  name: 'Alice',
  email: 'alice@example.com',
  password: 'secret1',
  role: 'seller',
};

type Fakes = NonNullable<Parameters<typeof signInMachine.provide>[0]['actors']>;

type GoogleInput = { account?: EmulatedGoogleAccount };

/** A fake call that fails with the auth provider's (or the server's) `message`. */
const fail = (message: string) => async (): Promise<never> => {
  throw new Error(message);
};

/** Fakes in which one step of the sign-up fails with `message`. */
const failingStep = {
  createAccount: (message: string): Fakes => ({
    createAccount: fromPromise<AuthUser, Credentials>(fail(message)),
  }),
  setDisplayName: (message: string): Fakes => ({
    setDisplayName: fromPromise<void, { name: string }>(fail(message)),
  }),
  saveUser: (message: string): Fakes => ({
    saveUser: fromPromise<void, SignUpDetails>(fail(message)),
  }),
  getToken: (message: string): Fakes => ({
    getToken: fromPromise<string, { email: string }>(fail(message)),
  }),
};

/**
 * The sign-in machine on its own, with fake Firebase and gateway calls (each recorded in
 * `calls`) and the session handover, navigation and toast recorded instead of performed.
 */
function givenSignIn(fakes: Fakes = {}) {
  const calls: string[] = [];
  const handOver = vi.fn<(handover: { user: AuthUser | null; token: string }) => void>();
  const failed = vi.fn<(report: { user: AuthUser | null }) => void>();
  const navigate = vi.fn<(to: string) => void>();
  const userCreated = vi.fn();
  const machine = signInMachine.provide({
    actors: {
      createAccount: fromPromise<AuthUser, Credentials>(async ({ input }) => {
        calls.push(`createAccount ${input.email} ${input.password}`);
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
      signInWithPassword: fromPromise<AuthUser, Credentials>(async ({ input }) => {
        calls.push(`signInWithPassword ${input.email} ${input.password}`);
        return alice;
      }),
      signInWithGoogle: fromPromise<GoogleSignInResult, GoogleInput>(async () => {
        calls.push('signInWithGoogle');
        return { user: alice, isNewUser: false };
      }),
      ...fakes,
    },
    actions: {
      handOverSession: (_, params) => handOver(params),
      reportFailure: (_, params) => failed(params),
      navigate: (_, params) => navigate(params.to),
      notifyUserCreated: userCreated,
    },
  });
  const actor = createActor(machine).start();
  const idle = () => waitFor(actor, (snapshot) => snapshot.matches('idle'));
  return { actor, calls, handOver, failed, navigate, userCreated, idle };
}

describe('sign-in machine', () => {
  describe('given no flow runs', () => {
    it('is idle, without a message', () => {
      const { actor } = givenSignIn();
      expect(actor.getSnapshot().value).toBe('idle');
      expect(actor.getSnapshot().context.error).toBeNull();
    });

    it("when the session cannot get the gateway token, then the forms show the server's message", () => {
      const { actor } = givenSignIn();
      actor.send({ type: 'signIn.sessionFailed', error: new Error('Cannot reach the server.') });
      expect(actor.getSnapshot().context.error).toBe('Cannot reach the server.');
      expect(actor.getSnapshot().value).toBe('idle');
    });

    it('when a form opens (clears the message), then the message is gone', () => {
      const { actor } = givenSignIn();
      actor.send({ type: 'signIn.sessionFailed', error: 'Request failed' });
      actor.send({ type: 'signIn.clearError' });
      expect(actor.getSnapshot().context.error).toBeNull();
    });

    it('when a failure has no message, then the forms say something went wrong', () => {
      const { actor } = givenSignIn();
      actor.send({ type: 'signIn.sessionFailed', error: {} });
      expect(actor.getSnapshot().context.error).toBe('Something went wrong. Please try again.');
    });
  });

  describe('sign-up', () => {
    it('when submitted, then it creates the account, names it, saves the user, gets a token, hands over and goes to /', async () => {
      const { actor, calls, handOver, navigate, userCreated, failed, idle } = givenSignIn();
      actor.send(signUpAlice);
      expect(actor.getSnapshot().matches({ signingUp: 'createAccount' })).toBe(true);
      await idle();
      expect(calls).toEqual([
        'createAccount alice@example.com secret1',
        'setDisplayName Alice',
        'saveUser Alice alice@example.com seller',
        'getToken alice@example.com',
      ]);
      expect(handOver).toHaveBeenCalledExactlyOnceWith({
        user: { ...alice, displayName: 'Alice' },
        token: 'access-token-1',
      });
      expect(navigate).toHaveBeenCalledExactlyOnceWith('/');
      expect(userCreated).toHaveBeenCalledTimes(1);
      expect(failed).not.toHaveBeenCalled();
      expect(actor.getSnapshot().context.error).toBeNull();
    });

    it('while it runs, then it goes through its steps in order', async () => {
      const created = deferred<AuthUser>();
      const named = deferred<void>();
      const saved = deferred<void>();
      const token = deferred<string>();
      const { actor, idle } = givenSignIn({
        createAccount: fromPromise(() => created.promise),
        setDisplayName: fromPromise(() => named.promise),
        saveUser: fromPromise(() => saved.promise),
        getToken: fromPromise(() => token.promise),
      });
      const step = () => actor.getSnapshot().value;
      actor.send(signUpAlice);
      expect(step()).toEqual({ signingUp: 'createAccount' });
      created.resolve(alice);
      await waitFor(actor, (s) => s.matches({ signingUp: 'setDisplayName' }));
      named.resolve();
      await waitFor(actor, (s) => s.matches({ signingUp: 'saveUser' }));
      saved.resolve();
      await waitFor(actor, (s) => s.matches({ signingUp: 'getToken' }));
      token.resolve('t');
      await idle();
    });

    it.each([
      ['createAccount', 'Firebase: Error (auth/email-already-in-use).', null],
      [
        'setDisplayName',
        'Firebase: Error (auth/network-request-failed).',
        { ...alice, displayName: null },
      ],
      ['saveUser', 'Request failed with status 500', alice],
      ['getToken', 'Cannot reach the server.', alice],
    ] as const)(
      'when %s fails, then the form shows its message and the session settles with the user signed in so far',
      async (step, message, user) => {
        const { actor, handOver, failed, navigate, idle } = givenSignIn(failingStep[step](message));
        actor.send(signUpAlice);
        await idle();
        expect(actor.getSnapshot().context.error).toBe(message);
        expect(failed).toHaveBeenCalledExactlyOnceWith({ user });
        expect(handOver).not.toHaveBeenCalled();
        expect(navigate).not.toHaveBeenCalled();
      },
    );

    it('when the account cannot be created, then nothing else is called', async () => {
      const { actor, calls, userCreated, idle } = givenSignIn({
        createAccount: fromPromise<AuthUser, Credentials>(
          fail('Firebase: Error (auth/email-already-in-use).'),
        ),
      });
      actor.send(signUpAlice);
      await idle();
      expect(calls).toEqual([]);
      expect(userCreated).not.toHaveBeenCalled();
    });
  });

  describe('login', () => {
    it('when submitted from a guarded page, then it signs in, gets a token, hands over and returns there', async () => {
      const { actor, calls, handOver, navigate, idle } = givenSignIn();
      actor.send({ ...loginAlice, redirectTo: '/category/c1' });
      expect(actor.getSnapshot().matches({ loggingIn: 'signIn' })).toBe(true);
      await idle();
      expect(calls).toEqual([
        'signInWithPassword alice@example.com secret1',
        'getToken alice@example.com',
      ]);
      expect(handOver).toHaveBeenCalledExactlyOnceWith({ user: alice, token: 'access-token-1' });
      expect(navigate).toHaveBeenCalledExactlyOnceWith('/category/c1');
    });

    it('when there is no page to return to, then it goes to /', async () => {
      const { actor, navigate, idle } = givenSignIn();
      actor.send(loginAlice);
      await idle();
      expect(navigate).toHaveBeenCalledExactlyOnceWith('/');
    });

    it("when the password is wrong, then the form keeps the provider's message until it is cleared", async () => {
      const { actor, calls, failed, handOver, navigate, idle } = givenSignIn({
        signInWithPassword: fromPromise<AuthUser, Credentials>(
          fail('Firebase: Error (auth/wrong-password).'),
        ),
      });
      actor.send({ ...loginAlice, password: 'nope' });
      await idle();
      expect(actor.getSnapshot().context.error).toBe('Firebase: Error (auth/wrong-password).');
      expect(failed).toHaveBeenCalledExactlyOnceWith({ user: null });
      expect(calls).toEqual([]);
      expect(handOver).not.toHaveBeenCalled();
      expect(navigate).not.toHaveBeenCalled();
      actor.send({ type: 'signIn.clearError' });
      expect(actor.getSnapshot().context.error).toBeNull();
    });

    it('when the gateway gives no token, then the session settles with the signed-in user', async () => {
      const { actor, failed, idle } = givenSignIn({
        getToken: fromPromise<string, { email: string }>(fail('Cannot reach the server.')),
      });
      actor.send(loginAlice);
      await idle();
      expect(actor.getSnapshot().context.error).toBe('Cannot reach the server.');
      expect(failed).toHaveBeenCalledExactlyOnceWith({ user: alice });
    });

    it("when tried again, then the last attempt's message is gone while it runs", async () => {
      const secondAttempt = deferred<AuthUser>();
      let attempts = 0;
      const { actor, idle } = givenSignIn({
        signInWithPassword: fromPromise(async () => {
          attempts += 1;
          if (attempts === 1) throw new Error('Firebase: Error (auth/wrong-password).');
          return secondAttempt.promise;
        }),
      });
      actor.send(loginAlice);
      await idle();
      expect(actor.getSnapshot().context.error).toBe('Firebase: Error (auth/wrong-password).');
      actor.send(loginAlice);
      expect(actor.getSnapshot().context.error).toBeNull();
      secondAttempt.resolve(alice);
      await idle();
    });
  });

  describe('Google sign-in', () => {
    it('when a new Google user signs in, then it is saved as a buyer before getting the token', async () => {
      const { actor, calls, handOver, userCreated, idle } = givenSignIn({
        signInWithGoogle: fromPromise<GoogleSignInResult, GoogleInput>(async () => ({
          user: alice,
          isNewUser: true,
        })),
      });
      actor.send({ type: 'signIn.google' });
      await idle();
      expect(calls).toEqual([
        'saveUser Alice alice@example.com buyer',
        'getToken alice@example.com',
      ]);
      expect(userCreated).toHaveBeenCalledTimes(1);
      expect(handOver).toHaveBeenCalledExactlyOnceWith({ user: alice, token: 'access-token-1' });
    });

    it('when a new Google user has no display name, then the user is saved under the e-mail', async () => {
      const { actor, calls, idle } = givenSignIn({
        signInWithGoogle: fromPromise<GoogleSignInResult, GoogleInput>(async () => ({
          user: { ...alice, displayName: null },
          isNewUser: true,
        })),
      });
      actor.send({ type: 'signIn.google' });
      await idle();
      expect(calls[0]).toBe('saveUser alice@example.com alice@example.com buyer');
    });

    it("when an account was typed into the emulator's chooser, then the sign-in gets it", async () => {
      const inputs: GoogleInput[] = [];
      const { actor, idle } = givenSignIn({
        signInWithGoogle: fromPromise<GoogleSignInResult, GoogleInput>(async ({ input }) => {
          inputs.push(input);
          return { user: alice, isNewUser: false };
        }),
      });
      actor.send({ type: 'signIn.google', account: { email: 'gina@example.com', name: 'Gina' } });
      await idle();
      actor.send({ type: 'signIn.google' });
      await idle();
      expect(inputs).toEqual([{ account: { email: 'gina@example.com', name: 'Gina' } }, {}]);
    });

    it('when a returning Google user signs in, then it is not saved again and returns to where it came from', async () => {
      const { actor, calls, navigate, userCreated, idle } = givenSignIn();
      actor.send({ type: 'signIn.google', redirectTo: '/myOrders' });
      expect(actor.getSnapshot().matches({ googleSignIn: 'popup' })).toBe(true);
      await idle();
      expect(calls).toEqual(['signInWithGoogle', 'getToken alice@example.com']);
      expect(navigate).toHaveBeenCalledExactlyOnceWith('/myOrders');
      expect(userCreated).not.toHaveBeenCalled();
    });

    it("when the popup is closed, then the form shows the provider's message", async () => {
      const { actor, failed, handOver, idle } = givenSignIn({
        signInWithGoogle: fromPromise<GoogleSignInResult, GoogleInput>(
          fail('Firebase: Error (auth/popup-closed-by-user).'),
        ),
      });
      actor.send({ type: 'signIn.google' });
      await idle();
      expect(actor.getSnapshot().context.error).toBe(
        'Firebase: Error (auth/popup-closed-by-user).',
      );
      expect(failed).toHaveBeenCalledExactlyOnceWith({ user: null });
      expect(handOver).not.toHaveBeenCalled();
    });

    it('when a new Google user cannot be saved, then the session settles with that user', async () => {
      const { actor, failed, calls, idle } = givenSignIn({
        signInWithGoogle: fromPromise<GoogleSignInResult, GoogleInput>(async () => ({
          user: alice,
          isNewUser: true,
        })),
        saveUser: fromPromise<void, SignUpDetails>(fail('Request failed with status 500')),
      });
      actor.send({ type: 'signIn.google' });
      await idle();
      expect(actor.getSnapshot().context.error).toBe('Request failed with status 500');
      expect(failed).toHaveBeenCalledExactlyOnceWith({ user: alice });
      expect(calls).toEqual([]);
    });
  });

  describe('given a flow runs', () => {
    it('when another request or a clear comes, then it is ignored', async () => {
      const attempt = deferred<AuthUser>();
      const { actor, calls, handOver, idle } = givenSignIn({
        signInWithPassword: fromPromise(() => attempt.promise),
      });
      actor.send(loginAlice);
      actor.send(signUpAlice);
      actor.send({ type: 'signIn.google' });
      actor.send({ type: 'signIn.sessionFailed', error: 'late' });
      actor.send({ type: 'signIn.clearError' });
      expect(actor.getSnapshot().value).toEqual({ loggingIn: 'signIn' });
      attempt.resolve(alice);
      await idle();
      expect(calls).toEqual(['getToken alice@example.com']);
      expect(handOver).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().context.error).toBeNull();
    });
  });
});
