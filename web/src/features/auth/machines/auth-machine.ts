import {
  assertEvent,
  assign,
  fromCallback,
  fromPromise,
  setup,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { clearAccessToken, readAccessToken, storeAccessToken } from '@/lib/access-token.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.tsx';

export type AuthUser = {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
};

export type AccountType = 'buyer' | 'seller';

export type SignUpDetails = { name: string; email: string; role: AccountType };

export type AuthEvent =
  | { type: 'auth.changed'; user: AuthUser | null }
  | { type: 'auth.signUp'; name: string; email: string; password: string; role: AccountType }
  | { type: 'auth.login'; email: string; password: string; redirectTo?: string }
  | { type: 'auth.google'; redirectTo?: string; account?: EmulatedGoogleAccount }
  | { type: 'auth.signOut' }
  | { type: 'auth.clearError' }
  /** The gateway refused `token` (expired): get a new one with the Firebase session. */
  | { type: 'auth.tokenRejected'; token: string; at: number };

export type AuthContext = {
  user: AuthUser | null;
  /** The auth provider's (or server's) message, shown under the login and sign-up forms. */
  error: string | null;
  signUp: SignUpDetails | null;
  redirectTo: string;
  /** When the access token was last renewed after a rejection (ms since epoch). */
  renewedAt: number | null;
};

/** A token renewed this recently and refused again means the server refuses the user. */
export const TOKEN_RENEWAL_PAUSE_MS = 30_000;

export type GoogleSignInResult = { user: AuthUser; isNewUser: boolean };

/**
 * The Google account typed into the emulator's account chooser. Against the Auth emulator the
 * popup cannot be used offline (Firebase loads Google's gapi script for it), so the app asks for
 * the account itself, as the emulator's own chooser does.
 */
export type EmulatedGoogleAccount = { email: string; name: string };

function notProvided(name: string): never {
  throw new Error(`${name} is provided by the app (see auth-service.ts)`);
}

const authSetup = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    /** Sends `auth.changed` on every auth-state notification. */
    authStateListener: fromCallback<EventObject>(() => notProvided('authStateListener')),
    createAccount: fromPromise<AuthUser, { email: string; password: string }>(async () =>
      notProvided('createAccount'),
    ),
    setDisplayName: fromPromise<void, { name: string }>(async () => notProvided('setDisplayName')),
    /** POST /users with the Firebase ID token. */
    saveUser: fromPromise<void, SignUpDetails>(async () => notProvided('saveUser')),
    /** GET /jwt with the Firebase ID token; resolves the access token. */
    getToken: fromPromise<string, { email: string }>(async () => notProvided('getToken')),
    signIn: fromPromise<AuthUser, { email: string; password: string }>(async () =>
      notProvided('signIn'),
    ),
    googleSignIn: fromPromise<GoogleSignInResult, { account?: EmulatedGoogleAccount }>(async () =>
      notProvided('googleSignIn'),
    ),
    signOut: fromPromise<void>(async () => notProvided('signOut')),
  },
  actions: {
    setUser: assign({
      user: ({ event }) => (event.type === 'auth.changed' ? event.user : null),
    }),
    clearUser: assign({ user: null }),
    setError: assign({ error: (_, params: { error: unknown }) => errorMessage(params.error) }),
    clearError: assign({ error: null }),
    storeToken: (_, params: { token: string }) => storeAccessToken(params.token),
    clearToken: () => clearAccessToken(),
    /** Where a flow goes once signed in: back where the user came from, else home. */
    rememberRedirect: assign({
      redirectTo: ({ event }) => ('redirectTo' in event && event.redirectTo) || '/',
    }),
    notifyUserCreated: () => {
      notify.success('user created successfully');
    },
    /** Replaced by the app with the router's navigate. */
    navigate: (_, _params: { to: string }) => {},
    logSignOutError: (_, params: { error: unknown }) => {
      console.error('Sign-out failed', params.error);
    },
  },
  guards: {
    userPresent: ({ event }) => event.type === 'auth.changed' && event.user !== null,
    userAbsent: ({ event }) => event.type === 'auth.changed' && event.user === null,
    hasUser: ({ context }) => context.user !== null,
    hasAccessToken: () => readAccessToken() !== null,
    mayRenewToken: ({ context, event }) =>
      event.type === 'auth.tokenRejected' &&
      event.token === readAccessToken() &&
      (context.renewedAt === null || event.at - context.renewedAt > TOKEN_RENEWAL_PAUSE_MS),
  },
});

/** A step of a flow failed: its message goes under the form, the state follows Firebase's. */
const flowFailed = {
  target: '#auth.settling',
  actions: {
    type: 'setError',
    params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
  },
} as const;

/** Every flow starts without the last one's message, knowing where to go when it succeeds. */
const startFlow = ['clearError', 'rememberRedirect'] as const;

/** POST /users for a new account (sign-up, or a first Google sign-in). */
const saveUser = authSetup.createStateConfig({
  invoke: {
    src: 'saveUser',
    input: ({ context }) => context.signUp ?? { name: '', email: '', role: 'buyer' },
    onDone: { target: 'getToken', actions: 'notifyUserCreated' },
    onError: flowFailed,
  },
});

/** The last step of every flow: the gateway's access token, then where the user was headed. */
const getToken = authSetup.createStateConfig({
  invoke: {
    src: 'getToken',
    input: ({ context }) => ({ email: context.user?.email ?? '' }),
    onDone: {
      target: 'done',
      actions: [
        { type: 'storeToken', params: ({ event }) => ({ token: event.output }) },
        { type: 'navigate', params: ({ context }) => ({ to: context.redirectTo }) },
      ],
    },
    onError: flowFailed,
  },
});

export const authMachine = authSetup.createMachine({
  id: 'auth',
  context: { user: null, error: null, signUp: null, redirectTo: '/', renewedAt: null },
  initial: 'loading',
  invoke: { src: 'authStateListener' },
  // While a flow runs, Firebase's notifications only update the user; the flow decides the state.
  on: { 'auth.changed': { actions: 'setUser' } },
  states: {
    loading: {
      on: {
        'auth.changed': [
          { guard: 'userPresent', target: 'signedIn', actions: 'setUser' },
          { target: 'signedOut', actions: ['setUser', 'clearToken'] },
        ],
      },
    },
    signedOut: {
      on: {
        'auth.changed': { guard: 'userPresent', target: 'signedIn', actions: 'setUser' },
        'auth.signUp': 'signingUp',
        'auth.login': 'loggingIn',
        'auth.google': 'googleSignIn',
        'auth.clearError': { actions: 'clearError' },
      },
    },
    signedIn: {
      initial: 'checkingToken',
      on: {
        'auth.changed': [
          { guard: 'userAbsent', target: 'signedOut', actions: ['setUser', 'clearToken'] },
          { actions: 'setUser' },
        ],
        'auth.signOut': 'signingOut',
        'auth.login': 'loggingIn',
        'auth.google': 'googleSignIn',
        'auth.clearError': { actions: 'clearError' },
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
              actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        ready: {
          on: {
            'auth.tokenRejected': {
              guard: 'mayRenewToken',
              target: 'fetchingToken',
              actions: assign({ renewedAt: ({ event }) => event.at }),
            },
          },
        },
      },
    },
    signingUp: {
      entry: [
        ...startFlow,
        assign({
          signUp: ({ event }) => {
            assertEvent(event, 'auth.signUp');
            return { name: event.name, email: event.email, role: event.role };
          },
        }),
      ],
      initial: 'createAccount',
      onDone: '#auth.signedIn',
      states: {
        createAccount: {
          invoke: {
            src: 'createAccount',
            input: ({ event }) => {
              assertEvent(event, 'auth.signUp');
              return { email: event.email, password: event.password };
            },
            onDone: {
              target: 'setDisplayName',
              actions: assign({ user: ({ event }) => event.output }),
            },
            onError: flowFailed,
          },
        },
        setDisplayName: {
          invoke: {
            src: 'setDisplayName',
            input: ({ context }) => ({ name: context.signUp?.name ?? '' }),
            onDone: {
              target: 'saveUser',
              actions: assign({
                user: ({ context }) =>
                  context.user && { ...context.user, displayName: context.signUp?.name ?? null },
              }),
            },
            onError: flowFailed,
          },
        },
        saveUser,
        getToken,
        done: { type: 'final' },
      },
    },
    loggingIn: {
      entry: startFlow,
      initial: 'signIn',
      onDone: '#auth.signedIn',
      states: {
        signIn: {
          invoke: {
            src: 'signIn',
            input: ({ event }) => {
              assertEvent(event, 'auth.login');
              return { email: event.email, password: event.password };
            },
            onDone: { target: 'getToken', actions: assign({ user: ({ event }) => event.output }) },
            onError: flowFailed,
          },
        },
        getToken,
        done: { type: 'final' },
      },
    },
    googleSignIn: {
      entry: startFlow,
      initial: 'popup',
      onDone: '#auth.signedIn',
      states: {
        popup: {
          invoke: {
            src: 'googleSignIn',
            input: ({ event }) => {
              assertEvent(event, 'auth.google');
              return event.account ? { account: event.account } : {};
            },
            onDone: [
              {
                guard: ({ event }) => event.output.isNewUser,
                target: 'saveUser',
                actions: assign({
                  user: ({ event }) => event.output.user,
                  // A new Google user becomes a buyer (the popup offers no account type).
                  signUp: ({ event }) => ({
                    name: event.output.user.displayName ?? event.output.user.email ?? '',
                    email: event.output.user.email ?? '',
                    role: 'buyer' as const,
                  }),
                }),
              },
              { target: 'getToken', actions: assign({ user: ({ event }) => event.output.user }) },
            ],
            onError: flowFailed,
          },
        },
        saveUser,
        getToken,
        done: { type: 'final' },
      },
    },
    signingOut: {
      invoke: {
        src: 'signOut',
        onDone: { target: 'signedOut', actions: ['clearUser', 'clearToken'] },
        // Spec section 4: a failed sign-out is only logged.
        onError: {
          target: '#auth.signedIn.ready',
          actions: { type: 'logSignOutError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** A flow failed: land where the auth state says we are. */
    settling: {
      always: [{ guard: 'hasUser', target: 'signedIn' }, { target: 'signedOut' }],
    },
  },
});

export type AuthMachine = typeof authMachine;

/** True while anything auth-related is in flight (the spec's `loading`). */
export function isAuthBusy(snapshot: SnapshotFrom<AuthMachine>): boolean {
  return !snapshot.matches('signedOut') && !snapshot.matches({ signedIn: 'ready' });
}
