import { assertEvent, assign, fromPromise, sendParent, setup } from 'xstate';
import { errorMessage } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.tsx';
import type { AuthUser, SessionEvent } from './session-machine.ts';

/**
 * The sign-in machine: the flows of the login and sign-up forms (e-mail and password sign-up,
 * password login, Google sign-in). It runs one flow at a time, keeps the auth provider's message
 * for the forms, and hands the session over to its parent, the session machine, when a flow ends.
 */

export type AccountType = 'buyer' | 'seller';

export type SignUpDetails = { name: string; email: string; role: AccountType };

/**
 * The Google account typed into the emulator's account chooser. Against the Auth emulator the
 * popup cannot be used offline (Firebase loads Google's gapi script for it), so the app asks for
 * the account itself, as the emulator's own chooser does.
 */
export type EmulatedGoogleAccount = { email: string; name: string };

export type GoogleSignInResult = { user: AuthUser; isNewUser: boolean };

export type Credentials = { email: string; password: string };

/** What the forms ask for. The session machine passes them on when a sign-in may start. */
export type SignInRequest =
  | { type: 'signIn.signUp'; name: string; email: string; password: string; role: AccountType }
  | { type: 'signIn.login'; email: string; password: string; redirectTo?: string }
  | { type: 'signIn.google'; redirectTo?: string; account?: EmulatedGoogleAccount }
  | { type: 'signIn.clearError' };

export type SignInEvent =
  | SignInRequest
  /** The session could not get the gateway token: its message goes under the forms too. */
  | { type: 'signIn.sessionFailed'; error: unknown };

export type SignInContext = {
  /** The auth provider's (or server's) message, shown under the login and sign-up forms. */
  error: string | null;
  /** Who the running flow signed in (null until it has). */
  user: AuthUser | null;
  /** The user record saved by POST /users (a sign-up, or a first Google sign-in). */
  signUp: SignUpDetails | null;
  /** Where the flow goes once signed in: back where the user came from, else home. */
  redirectTo: string;
};

/** The flows, as the forms ask whether theirs runs. */
export type SignInFlow = 'signingUp' | 'loggingIn' | 'googleSignIn';

/** A form's request for a flow (not the clearing of its message). */
export type SignInFlowRequest = Exclude<SignInRequest, { type: 'signIn.clearError' }>;

/** The flow each request starts. */
export const flowOfRequest: Record<SignInFlowRequest['type'], SignInFlow> = {
  'signIn.signUp': 'signingUp',
  'signIn.login': 'loggingIn',
  'signIn.google': 'googleSignIn',
};

function notProvided(name: string): never {
  throw new Error(`${name} is provided by the app (see auth-service.ts)`);
}

const signInSetup = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
  },
  actors: {
    createAccount: fromPromise<AuthUser, Credentials>(async () => notProvided('createAccount')),
    setDisplayName: fromPromise<void, { name: string }>(async () => notProvided('setDisplayName')),
    /** POST /users with the Firebase ID token. */
    saveUser: fromPromise<void, SignUpDetails>(async () => notProvided('saveUser')),
    /** GET /jwt with the Firebase ID token; resolves the access token. */
    getToken: fromPromise<string, { email: string }>(async () => notProvided('getToken')),
    signInWithPassword: fromPromise<AuthUser, Credentials>(async () =>
      notProvided('signInWithPassword'),
    ),
    signInWithGoogle: fromPromise<GoogleSignInResult, { account?: EmulatedGoogleAccount }>(
      async () => notProvided('signInWithGoogle'),
    ),
  },
  actions: {
    /** Every flow starts without the last one's message and without a user. */
    startFlow: assign({ error: null, user: null }),
    /** Where a flow goes once signed in: back where the user came from, else home. */
    rememberRedirect: assign({
      redirectTo: ({ event }) => ('redirectTo' in event && event.redirectTo) || '/',
    }),
    rememberSignUp: assign({
      signUp: ({ event }) => {
        assertEvent(event, 'signIn.signUp');
        return { name: event.name, email: event.email, role: event.role };
      },
    }),
    /** A new Google user becomes a buyer (the popup offers no account type). */
    rememberGoogleSignUp: assign({
      signUp: (_, params: { user: AuthUser }) => ({
        name: params.user.displayName ?? params.user.email ?? '',
        email: params.user.email ?? '',
        role: 'buyer' as const,
      }),
    }),
    setUser: assign({ user: (_, params: { user: AuthUser }) => params.user }),
    applyDisplayName: assign({
      user: ({ context }) =>
        context.user && { ...context.user, displayName: context.signUp?.name ?? null },
    }),
    setError: assign({ error: (_, params: { error: unknown }) => errorMessage(params.error) }),
    clearError: assign({ error: null }),
    notifyUserCreated: () => {
      notify.success('user created successfully');
    },
    /** Replaced by the app with the router's navigate. */
    navigate: (_, _params: { to: string }) => {},
    /** Success: the session machine takes the user and the gateway's access token. */
    handOverSession: sendParent(
      (_, params: { user: AuthUser | null; token: string }): SessionEvent => ({
        type: 'signIn.succeeded',
        user: params.user,
        token: params.token,
      }),
    ),
    /** Failure: the session settles where Firebase says it is (with whoever the flow signed in). */
    reportFailure: sendParent((_, params: { user: AuthUser | null }): SessionEvent => ({
      type: 'signIn.failed',
      user: params.user,
    })),
  },
  guards: {
    isNewGoogleUser: (_, params: { result: GoogleSignInResult }) => params.result.isNewUser,
  },
});

/** A step of a flow failed: its message goes under the form, the session settles. */
const flowFailed = {
  target: '#signIn.idle',
  actions: [
    {
      type: 'setError',
      params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
    },
    {
      type: 'reportFailure',
      params: ({ context }: { context: SignInContext }) => ({ user: context.user }),
    },
  ],
} as const;

/** POST /users for a new account (sign-up, or a first Google sign-in). */
const saveUser = signInSetup.createStateConfig({
  invoke: {
    src: 'saveUser',
    input: ({ context }) => context.signUp ?? { name: '', email: '', role: 'buyer' },
    onDone: { target: 'getToken', actions: 'notifyUserCreated' },
    onError: flowFailed,
  },
});

/** The last step of every flow: the gateway's access token, then where the user was headed. */
const getToken = signInSetup.createStateConfig({
  invoke: {
    src: 'getToken',
    input: ({ context }) => ({ email: context.user?.email ?? '' }),
    onDone: {
      target: '#signIn.idle',
      actions: [
        {
          type: 'handOverSession',
          params: ({ context, event }) => ({ user: context.user, token: event.output }),
        },
        { type: 'navigate', params: ({ context }) => ({ to: context.redirectTo }) },
      ],
    },
    onError: flowFailed,
  },
});

export const signInMachine = signInSetup.createMachine({
  id: 'signIn',
  context: { error: null, user: null, signUp: null, redirectTo: '/' },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'signIn.signUp': {
          target: 'signingUp',
          actions: ['startFlow', 'rememberRedirect', 'rememberSignUp'],
        },
        'signIn.login': { target: 'loggingIn', actions: ['startFlow', 'rememberRedirect'] },
        'signIn.google': { target: 'googleSignIn', actions: ['startFlow', 'rememberRedirect'] },
        'signIn.clearError': { actions: 'clearError' },
        'signIn.sessionFailed': {
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    signingUp: {
      initial: 'createAccount',
      states: {
        createAccount: {
          invoke: {
            src: 'createAccount',
            input: ({ event }) => {
              assertEvent(event, 'signIn.signUp');
              return { email: event.email, password: event.password };
            },
            onDone: {
              target: 'setDisplayName',
              actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
            },
            onError: flowFailed,
          },
        },
        setDisplayName: {
          invoke: {
            src: 'setDisplayName',
            input: ({ context }) => ({ name: context.signUp?.name ?? '' }),
            onDone: { target: 'saveUser', actions: 'applyDisplayName' },
            onError: flowFailed,
          },
        },
        saveUser,
        getToken,
      },
    },
    loggingIn: {
      initial: 'signIn',
      states: {
        signIn: {
          invoke: {
            src: 'signInWithPassword',
            input: ({ event }) => {
              assertEvent(event, 'signIn.login');
              return { email: event.email, password: event.password };
            },
            onDone: {
              target: 'getToken',
              actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
            },
            onError: flowFailed,
          },
        },
        getToken,
      },
    },
    googleSignIn: {
      initial: 'popup',
      states: {
        popup: {
          invoke: {
            src: 'signInWithGoogle',
            input: ({ event }) => {
              assertEvent(event, 'signIn.google');
              return event.account ? { account: event.account } : {};
            },
            onDone: [
              {
                guard: {
                  type: 'isNewGoogleUser',
                  params: ({ event }) => ({ result: event.output }),
                },
                target: 'saveUser',
                actions: [
                  { type: 'setUser', params: ({ event }) => ({ user: event.output.user }) },
                  {
                    type: 'rememberGoogleSignUp',
                    params: ({ event }) => ({ user: event.output.user }),
                  },
                ],
              },
              {
                target: 'getToken',
                actions: { type: 'setUser', params: ({ event }) => ({ user: event.output.user }) },
              },
            ],
            onError: flowFailed,
          },
        },
        saveUser,
        getToken,
      },
    },
  },
});

export type SignInMachine = typeof signInMachine;
