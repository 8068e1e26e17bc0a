import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { SessionMachine } from './machines/session-machine.ts';
import type { SignInMachine } from './machines/sign-in-machine.ts';

export type SessionActor = ActorRefFrom<SessionMachine>;
export type SignInActor = ActorRefFrom<SignInMachine>;

export const SessionActorContext = createContext<SessionActor | null>(null);

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionActorContext);
  if (!actor) {
    throw new Error('useSessionActor needs the SessionActorContext provider (app/providers)');
  }
  return actor;
}

/** The session's sign-in machine, which runs the flows of the login and sign-up forms. */
export function useSignInActor(): SignInActor {
  const signIn = useSelector(useSessionActor(), (snapshot) => snapshot.children.signIn);
  if (!signIn) throw new Error('The session machine runs no sign-in machine');
  return signIn;
}
