import { useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { useSessionActor, useSignInActor } from '../auth-context.ts';
import { flowOfRequest, type SignInFlow, type SignInRequest } from '../machines/sign-in-machine.ts';

/**
 * What the login and sign-up forms need: `request` asks the session for a sign-in (it starts
 * when the session allows one), `busy` says whether one of the form's `flows` runs or waits for
 * the session to load, and `providerError` is the auth provider's message. A message from an
 * earlier visit does not belong to the form.
 */
export function useAuthForm(flows: readonly SignInFlow[]) {
  const session = useSessionActor();
  const signIn = useSignInActor();
  const running = useSelector(signIn, (state) => flows.some((flow) => state.matches(flow)));
  const waiting = useSelector(session, (state) => {
    const pending = state.context.pendingRequest;
    return pending !== null && flows.includes(flowOfRequest[pending.type]);
  });
  const busy = running || waiting;
  const providerError = useSelector(signIn, (state) => state.context.error);
  useEffect(() => session.send({ type: 'signIn.clearError' }), [session]);
  const request = useCallback((event: SignInRequest) => session.send(event), [session]);
  return { request, busy, providerError };
}
