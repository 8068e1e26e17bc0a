import {
  assertEvent,
  assign,
  forwardTo,
  fromCallback,
  fromPromise,
  sendTo,
  setup,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { clearAccessToken, readAccessToken, storeAccessToken } from '@/lib/access-token.ts';
import {
  signInMachine,
  type SignInEvent,
  type SignInFlowRequest,
  type SignInRequest,
} from './sign-in-machine.ts';

/**
 * The session machine: who is signed in. It follows Firebase's auth state, keeps the gateway's
 * access token (GET /jwt) for the signed-in user and renews it when the gateway refuses it, and
 * signs out. The sign-in flows run in its child, the sign-in machine, which it starts when a
 * sign-in may start and which hands the session back when the flow ends. A form sent before
 * Firebase's first notification is kept and started once the session knows who is signed in:
 * Firebase reads its saved session after the page has shown the forms.
 */

export type AuthUser = {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
};

export type SessionEvent =
  /** Firebase's auth-state notification. */
  | { type: 'session.changed'; user: AuthUser | null }
  | { type: 'session.signOut' }
  /** The gateway refused `token` (expired): get a new one with the Firebase session. */
  | { type: 'session.tokenRejected'; token: string; at: number }
  /** From the sign-in machine: a flow signed `user` in and got the gateway's `token`. */
  | { type: 'signIn.succeeded'; user: AuthUser | null; token: string }
  /** From the sign-in machine: a flow failed, maybe after signing `user` in. */
  | { type: 'signIn.failed'; user: AuthUser | null }
  /** From the forms, passed on to the sign-in machine. */
  | SignInRequest;

export type SessionContext = {
  user: AuthUser | null;
  /**
   * A form's request for a flow, started by the state that allows it (at once when signed out;
   * kept while the session loads).
   */
  pendingRequest: SignInFlowRequest | null;
  /** When the access token was last renewed after a rejection (ms since epoch). */
  renewedAt: number | null;
};

/** A token renewed this recently and refused again means the server refuses the user. */
export const TOKEN_RENEWAL_PAUSE_MS = 30_000;

function notProvided(name: string): never {
  throw new Error(`${name} is provided by the app (see auth-service.ts)`);
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    children: {} as { signIn: 'signIn' },
  },
  actors: {
    /** Sends `session.changed` on every auth-state notification. */
    authStateListener: fromCallback<EventObject>(() => notProvided('authStateListener')),
    /** GET /jwt with the Firebase ID token; resolves the access token. */
    getToken: fromPromise<string, { email: string }>(async () => notProvided('getToken')),
    signOut: fromPromise<void>(async () => notProvided('signOut')),
    /** The flows of the login and sign-up forms (the app provides its Firebase calls). */
    signIn: signInMachine,
  },
  actions: {
    setUser: assign({
      user: ({ event }) => {
        assertEvent(event, 'session.changed');
        return event.user;
      },
    }),
    /** A sign-in flow's user, when it got that far; else whoever Firebase last announced. */
    adoptFlowUser: assign({
      user: ({ context }, params: { user: AuthUser | null }) => params.user ?? context.user,
    }),
    clearUser: assign({ user: null }),
    storeToken: (_, params: { token: string }) => storeAccessToken(params.token),
    clearToken: () => clearAccessToken(),
    rememberRenewal: assign({
      renewedAt: ({ event }) => {
        assertEvent(event, 'session.tokenRejected');
        return event.at;
      },
    }),
    /** The forms' clearing of their message, passed on to the sign-in machine. */
    forwardToSignIn: forwardTo('signIn'),
    /** A form's request for a flow: it starts as soon as the session's state allows it. */
    keepPendingRequest: assign({
      pendingRequest: ({ event }) => {
        assertEvent(event, ['signIn.signUp', 'signIn.login', 'signIn.google']);
        return event;
      },
    }),
    /** Guarded by hasPendingRequest; followed by forgetPendingRequest. */
    startPendingRequest: sendTo('signIn', ({ context }): SignInEvent => {
      if (!context.pendingRequest) throw new Error('No sign-in request is pending');
      return context.pendingRequest;
    }),
    forgetPendingRequest: assign({ pendingRequest: null }),
    /** The token could not be fetched: the message goes under the forms (the sign-in machine's). */
    shareTokenError: sendTo('signIn', (_, params: { error: unknown }): SignInEvent => ({
      type: 'signIn.sessionFailed',
      error: params.error,
    })),
    logSignOutError: (_, params: { error: unknown }) => {
      console.error('Sign-out failed', params.error);
    },
  },
  guards: {
    userPresent: ({ event }) => event.type === 'session.changed' && event.user !== null,
    userAbsent: ({ event }) => event.type === 'session.changed' && event.user === null,
    hasUser: ({ context }) => context.user !== null,
    hasPendingRequest: ({ context }) => context.pendingRequest !== null,
    /** A signed-in user may log in as another account, not sign up. */
    hasPendingLogin: ({ context }) =>
      context.pendingRequest !== null && context.pendingRequest.type !== 'signIn.signUp',
    hasAccessToken: () => readAccessToken() !== null,
    mayRenewToken: ({ context, event }) =>
      event.type === 'session.tokenRejected' &&
      event.token === readAccessToken() &&
      (context.renewedAt === null || event.at - context.renewedAt > TOKEN_RENEWAL_PAUSE_MS),
  },
}).createMachine({
  id: 'session',
  context: { user: null, pendingRequest: null, renewedAt: null },
  initial: 'loading',
  invoke: [{ src: 'authStateListener' }, { id: 'signIn', src: 'signIn' }],
  // While a sign-in runs, Firebase's notifications only update the user: the flow decides.
  on: { 'session.changed': { actions: 'setUser' } },
  states: {
    loading: {
      on: {
        'session.changed': [
          { guard: 'userPresent', target: 'signedIn', actions: 'setUser' },
          { target: 'signedOut', actions: ['setUser', 'clearToken'] },
        ],
        'signIn.signUp': { actions: 'keepPendingRequest' },
        'signIn.login': { actions: 'keepPendingRequest' },
        'signIn.google': { actions: 'keepPendingRequest' },
      },
    },
    signedOut: {
      always: {
        guard: 'hasPendingRequest',
        target: 'signingIn',
        actions: ['startPendingRequest', 'forgetPendingRequest'],
      },
      on: {
        'session.changed': { guard: 'userPresent', target: 'signedIn', actions: 'setUser' },
        'signIn.signUp': { actions: 'keepPendingRequest' },
        'signIn.login': { actions: 'keepPendingRequest' },
        'signIn.google': { actions: 'keepPendingRequest' },
        'signIn.clearError': { actions: 'forwardToSignIn' },
      },
    },
    signedIn: {
      initial: 'checkingToken',
      always: [
        {
          guard: 'hasPendingLogin',
          target: 'signingIn',
          actions: ['startPendingRequest', 'forgetPendingRequest'],
        },
        { guard: 'hasPendingRequest', actions: 'forgetPendingRequest' },
      ],
      on: {
        'session.changed': [
          { guard: 'userAbsent', target: 'signedOut', actions: ['setUser', 'clearToken'] },
          { actions: 'setUser' },
        ],
        'session.signOut': 'signingOut',
        // Another account may log in (e.g. after a page its role may not open); no sign-up.
        'signIn.login': { actions: 'keepPendingRequest' },
        'signIn.google': { actions: 'keepPendingRequest' },
        'signIn.clearError': { actions: 'forwardToSignIn' },
      },
      states: {
        // A restored session may lack the gateway token (storage cleared): fetch a new one.
        checkingToken: {
          always: [{ guard: 'hasAccessToken', target: 'ready' }, { target: 'fetchingToken' }],
        },
        fetchingToken: {
          invoke: {
            src: 'getToken',
            input: ({ context }) => ({ email: context.user?.email ?? '' }),
            onDone: {
              target: 'ready',
              actions: { type: 'storeToken', params: ({ event }) => ({ token: event.output }) },
            },
            onError: {
              target: 'ready',
              actions: { type: 'shareTokenError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        ready: {
          on: {
            'session.tokenRejected': {
              guard: 'mayRenewToken',
              target: 'fetchingToken',
              actions: 'rememberRenewal',
            },
          },
        },
      },
    },
    /** A flow of the sign-in machine runs; it hands the session back when it ends. */
    signingIn: {
      on: {
        'signIn.succeeded': {
          target: 'signedIn',
          actions: [
            { type: 'adoptFlowUser', params: ({ event }) => ({ user: event.user }) },
            { type: 'storeToken', params: ({ event }) => ({ token: event.token }) },
          ],
        },
        'signIn.failed': {
          target: 'settling',
          actions: { type: 'adoptFlowUser', params: ({ event }) => ({ user: event.user }) },
        },
      },
    },
    signingOut: {
      invoke: {
        src: 'signOut',
        onDone: { target: 'signedOut', actions: ['clearUser', 'clearToken'] },
        // Spec section 4: a failed sign-out is only logged.
        onError: {
          target: '#session.signedIn.ready',
          actions: { type: 'logSignOutError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** A sign-in failed: land where the auth state says we are. */
    settling: {
      always: [{ guard: 'hasUser', target: 'signedIn' }, { target: 'signedOut' }],
    },
  },
});

export type SessionMachine = typeof sessionMachine;

/** True while anything auth-related is in flight (the spec's `loading`). */
export function isSessionBusy(snapshot: SnapshotFrom<SessionMachine>): boolean {
  return !snapshot.matches('signedOut') && !snapshot.matches({ signedIn: 'ready' });
}
