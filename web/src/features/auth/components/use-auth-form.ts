import { useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { useSessionActor, useSignInActor } from '../auth-context.ts';
import type { SignInFlow, SignInRequest } from '../machines/sign-in-machine.ts';

/**
 * What the login and sign-up forms need: `request` asks the session for a sign-in (it starts
 * when the session allows one), `busy` says whether one of the form's `flows` runs, and
 * `providerError` is the auth provider's message. A message from an earlier visit does not
 * belong to the form.
 */
export function useAuthForm(flows: readonly SignInFlow[]) {
  const session = useSessionActor();
  const signIn = useSignInActor();
  const busy = useSelector(signIn, (state) => flows.some((flow) => state.matches(flow)));
  const providerError = useSelector(signIn, (state) => state.context.error);
  useEffect(() => session.send({ type: 'signIn.clearError' }), [session]);
  const request = useCallback((event: SignInRequest) => session.send(event), [session]);
  return { request, busy, providerError };
}
