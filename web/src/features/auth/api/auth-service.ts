import {
  GoogleAuthProvider,
  createUserWithEmailAndPassword,
  getAdditionalUserInfo,
  onAuthStateChanged,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type User,
} from 'firebase/auth';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { apiRequest } from '@/lib/api-client.ts';
import { firebaseAuth } from '@/lib/firebase.ts';
import { sessionMachine, type AuthUser } from '../machines/session-machine.ts';
import {
  signInMachine,
  type Credentials,
  type EmulatedGoogleAccount,
  type GoogleSignInResult,
  type SignUpDetails,
} from '../machines/sign-in-machine.ts';

/** The Auth emulator accepts an unsigned Google ID token given as JSON claims. */
function emulatedGoogleCredential(account: EmulatedGoogleAccount) {
  return GoogleAuthProvider.credential(
    JSON.stringify({
      sub: `google-${account.email.toLowerCase()}`,
      email: account.email,
      email_verified: true,
      name: account.name,
    }),
  );
}

function toAuthUser(user: User): AuthUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    photoURL: user.photoURL,
  };
}

async function idToken(): Promise<string> {
  const user = firebaseAuth().currentUser;
  if (!user) throw new Error('You are not signed in.');
  return user.getIdToken();
}

/** GET /jwt with the Firebase ID token: the gateway's access token. */
const getToken = fromPromise<string, { email: string }>(async ({ input }) => {
  const answer = await apiRequest<{ accessToken: string }>('/jwt', {
    query: { email: input.email },
    bearer: await idToken(),
  });
  return answer.accessToken;
});

/** The sign-in machine wired to Firebase Auth and the gateway; `navigate` comes from the router. */
function createSignIn(navigate: (to: string) => void) {
  return signInMachine.provide({
    actors: {
      createAccount: fromPromise<AuthUser, Credentials>(async ({ input }) => {
        const credential = await createUserWithEmailAndPassword(
          firebaseAuth(),
          input.email,
          input.password,
        );
        return toAuthUser(credential.user);
      }),
      setDisplayName: fromPromise<void, { name: string }>(async ({ input }) => {
        const user = firebaseAuth().currentUser;
        if (!user) throw new Error('You are not signed in.');
        await updateProfile(user, { displayName: input.name });
      }),
      saveUser: fromPromise<void, SignUpDetails>(async ({ input }) => {
        await apiRequest('/users', { method: 'POST', json: input, bearer: await idToken() });
      }),
      getToken,
      signInWithPassword: fromPromise<AuthUser, Credentials>(async ({ input }) => {
        const credential = await signInWithEmailAndPassword(
          firebaseAuth(),
          input.email,
          input.password,
        );
        return toAuthUser(credential.user);
      }),
      signInWithGoogle: fromPromise<GoogleSignInResult, { account?: EmulatedGoogleAccount }>(
        async ({ input }) => {
          const result = input.account
            ? await signInWithCredential(firebaseAuth(), emulatedGoogleCredential(input.account))
            : await signInWithPopup(firebaseAuth(), new GoogleAuthProvider());
          return {
            user: toAuthUser(result.user),
            isNewUser: getAdditionalUserInfo(result)?.isNewUser ?? false,
          };
        },
      ),
    },
    actions: {
      navigate: (_, params: { to: string }) => navigate(params.to),
    },
  });
}

/** The session machine (and its sign-in machine) wired to Firebase Auth and the gateway. */
export function createAuthService(navigate: (to: string) => void) {
  return sessionMachine.provide({
    actors: {
      authStateListener: fromCallback<EventObject>(({ sendBack }) =>
        onAuthStateChanged(firebaseAuth(), (user) =>
          sendBack({ type: 'session.changed', user: user && toAuthUser(user) }),
        ),
      ),
      getToken,
      signOut: fromPromise<void>(() => signOut(firebaseAuth())),
      signIn: createSignIn(navigate),
    },
  });
}
