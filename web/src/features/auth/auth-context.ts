import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { AuthMachine } from './machines/auth-machine.ts';

export type AuthActor = ActorRefFrom<AuthMachine>;

export const AuthActorContext = createContext<AuthActor | null>(null);

export function useAuthActor(): AuthActor {
  const actor = useContext(AuthActorContext);
  if (!actor) throw new Error('useAuthActor needs the AuthActorContext provider (app/providers)');
  return actor;
}
