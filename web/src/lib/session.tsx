import { createContext, useContext } from 'react';
import type { Me, Role } from '@/graphql/graphql.ts';

export type { Role };

export type SessionUser = {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string | null;
};

/** The server's view of the signed-in caller (GraphQL `me`). */
export type Account = Pick<Me, 'role' | 'isAdmin' | 'isSeller' | 'name'>;

export type Session = {
  /** loading: the first auth-state notification has not arrived yet. */
  status: 'loading' | 'signedIn' | 'signedOut';
  /** An auth flow (sign-in, sign-up, sign-out, token fetch) is in flight. */
  busy: boolean;
  user: SessionUser | null;
  /** undefined while the role lookup runs (or when signed out). */
  account: Account | undefined;
  accountStatus: 'idle' | 'loading' | 'ready' | 'error';
  signOut: () => void;
};

export const signedOutSession: Session = {
  status: 'signedOut',
  busy: false,
  user: null,
  account: undefined,
  accountStatus: 'idle',
  signOut: () => {},
};

// Features read the session from here; the app layer fills it from the auth machine.
export const SessionContext = createContext<Session>(signedOutSession);

export function useSession(): Session {
  return useContext(SessionContext);
}
