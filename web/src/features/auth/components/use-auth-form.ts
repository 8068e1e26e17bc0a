import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useAuthActor } from '../auth-context.ts';

type Flow = 'signingUp' | 'loggingIn' | 'googleSignIn';

/**
 * What the login and sign-up forms read from the auth actor: whether one of their `flows` runs,
 * and the auth provider's message. A message from an earlier visit does not belong to the form.
 */
export function useAuthForm(flows: readonly Flow[]) {
  const auth = useAuthActor();
  const busy = useSelector(auth, (state) => flows.some((flow) => state.matches(flow)));
  const providerError = useSelector(auth, (state) => state.context.error);
  useEffect(() => auth.send({ type: 'auth.clearError' }), [auth]);
  return { auth, busy, providerError };
}
