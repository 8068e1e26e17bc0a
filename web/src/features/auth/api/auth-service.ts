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
import {
  authMachine,
  type AuthUser,
  type EmulatedGoogleAccount,
  type GoogleSignInResult,
  type SignUpDetails,
} from '../machines/auth-machine.ts';

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

/** The auth machine wired to Firebase Auth and the gateway; `navigate` comes from the router. */
export function createAuthService(navigate: (to: string) => void) {
  return authMachine.provide({
    actors: {
      authStateListener: fromCallback<EventObject>(({ sendBack }) =>
        onAuthStateChanged(firebaseAuth(), (user) =>
          sendBack({ type: 'auth.changed', user: user && toAuthUser(user) }),
        ),
      ),
      createAccount: fromPromise<AuthUser, { email: string; password: string }>(
        async ({ input }) => {
          const credential = await createUserWithEmailAndPassword(
            firebaseAuth(),
            input.email,
            input.password,
          );
          return toAuthUser(credential.user);
        },
      ),
      setDisplayName: fromPromise<void, { name: string }>(async ({ input }) => {
        const user = firebaseAuth().currentUser;
        if (!user) throw new Error('You are not signed in.');
        await updateProfile(user, { displayName: input.name });
      }),
      saveUser: fromPromise<void, SignUpDetails>(async ({ input }) => {
        await apiRequest('/users', { method: 'POST', json: input, bearer: await idToken() });
      }),
      getToken: fromPromise<string, { email: string }>(async ({ input }) => {
        const answer = await apiRequest<{ accessToken: string }>('/jwt', {
          query: { email: input.email },
          bearer: await idToken(),
        });
        return answer.accessToken;
      }),
      signIn: fromPromise<AuthUser, { email: string; password: string }>(async ({ input }) => {
        const credential = await signInWithEmailAndPassword(
          firebaseAuth(),
          input.email,
          input.password,
        );
        return toAuthUser(credential.user);
      }),
      googleSignIn: fromPromise<GoogleSignInResult, { account?: EmulatedGoogleAccount }>(
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
      signOut: fromPromise<void>(() => signOut(firebaseAuth())),
    },
    actions: {
      navigate: (_, params: { to: string }) => navigate(params.to),
    },
  });
}
