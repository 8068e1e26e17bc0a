import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import {
  Provider as UrqlProvider,
  useQuery,
  useSubscription,
  type Client,
  type CombinedError,
} from 'urql';
import type { SnapshotFrom } from 'xstate';
import { MeChangedSubscription, MeQuery } from '@/features/auth/api/me.ts';
import { SessionActorContext, type SessionActor } from '@/features/auth/auth-context.ts';
import { isSessionBusy, type SessionMachine } from '@/features/auth/machines/session-machine.ts';
import { AppToaster, notify } from '@/lib/toast.tsx';
import { SessionContext, type Session } from '@/lib/session.tsx';
import { changePosition, createUrqlClient } from '@/lib/urql.ts';
import { onTokenRejected, readAccessToken, subscribeAccessToken } from '@/lib/access-token.ts';

/** Signed in means: Firebase knows the user and the gateway token is stored. */
export function sessionStatus(snapshot: SnapshotFrom<SessionMachine>): Session['status'] {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches({ signedIn: 'ready' }) || snapshot.matches('signingOut')) return 'signedIn';
  if (snapshot.matches('signedIn')) return 'loading';
  return 'signedOut';
}

/** Shown when the signed-in account is deleted while its page is open. */
export const ACCOUNT_DELETED_MESSAGE =
  'Your account has been deleted, so you have been signed out.';

/** Whether the gateway refused `me` because the caller's account no longer exists. */
export function isAccountDeleted(error: CombinedError | undefined): boolean {
  return (
    error?.graphQLErrors.some(
      (e) => e.extensions?.['code'] === 'FORBIDDEN' && /deleted/i.test(e.message),
    ) ?? false
  );
}

/**
 * The caller's account as the gateway says, kept live: each change of their own account (a
 * promotion, a deletion) announced by `meChanged` asks `me` again, so the navigation follows
 * without a reload.
 */
function useLiveAccount(signedIn: boolean) {
  const [announced, setAnnounced] = useState(0);
  useSubscription({ query: MeChangedSubscription, pause: !signedIn }, (_previous, data) => {
    const position = changePosition(data);
    if (position !== undefined) setAnnounced((current) => Math.max(current, position));
    return data;
  });
  const [result, refetch] = useQuery({ query: MeQuery, pause: !signedIn });
  const asked = useRef(0);
  useEffect(() => {
    if (!signedIn || announced <= asked.current) return;
    asked.current = announced;
    refetch({ requestPolicy: 'network-only' });
  }, [signedIn, announced, refetch]);
  return result;
}

function AccountBridge({
  sessionActor,
  status,
  children,
}: {
  sessionActor: SessionActor;
  status: Session['status'];
  children: ReactNode;
}) {
  const busy = useSelector(sessionActor, isSessionBusy);
  const authUser = useSelector(sessionActor, (snapshot) => snapshot.context.user);
  const { data, fetching, error } = useLiveAccount(status === 'signedIn');
  const deleted = status === 'signedIn' && isAccountDeleted(error);
  useEffect(() => {
    if (!deleted) return;
    notify.error(ACCOUNT_DELETED_MESSAGE);
    sessionActor.send({ type: 'session.signOut' });
  }, [deleted, sessionActor]);

  const session = useMemo<Session>(() => {
    const signedIn = status === 'signedIn' && authUser !== null;
    const user = signedIn
      ? {
          uid: authUser.uid,
          email: authUser.email ?? '',
          displayName: authUser.displayName ?? data?.me?.name ?? '',
          photoURL: authUser.photoURL,
        }
      : null;
    const me = signedIn ? data?.me : undefined;
    return {
      status,
      busy,
      user,
      account: me
        ? { role: me.role, isAdmin: me.isAdmin, isSeller: me.isSeller, name: me.name }
        : undefined,
      accountStatus: !signedIn
        ? 'idle'
        : data
          ? 'ready'
          : error
            ? 'error'
            : fetching || status === 'signedIn'
              ? 'loading'
              : 'idle',
      signOut: () => sessionActor.send({ type: 'session.signOut' }),
    };
  }, [status, busy, authUser, data, fetching, error, sessionActor]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/**
 * The session actor, the session derived from it, and a urql client per signed-in identity: a new
 * user never sees the previous one's cached data, and the WebSocket reconnects with the new token.
 */
export function AppProvider({
  sessionActor,
  children,
  createClient = createUrqlClient,
}: {
  sessionActor: SessionActor;
  children: ReactNode;
  createClient?: () => Client;
}) {
  const status = useSelector(sessionActor, sessionStatus);
  const uid = useSelector(sessionActor, (snapshot) => snapshot.context.user?.uid ?? null);
  const token = useSyncExternalStore(subscribeAccessToken, readAccessToken, readAccessToken);
  // A renewed token also gets a new client: queries re-run and the WebSocket re-authenticates.
  const identity = status === 'signedIn' && uid ? `${uid}:${token ?? ''}` : 'anonymous';
  useEffect(
    () =>
      onTokenRejected((rejected) =>
        sessionActor.send({ type: 'session.tokenRejected', token: rejected, at: Date.now() }),
      ),
    [sessionActor],
  );
  // `identity` is not read inside: a new client per identity is the point.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  const client = useMemo(() => createClient(), [identity, createClient]);
  return (
    <SessionActorContext.Provider value={sessionActor}>
      <UrqlProvider value={client}>
        <AccountBridge sessionActor={sessionActor} status={status}>
          {children}
        </AccountBridge>
      </UrqlProvider>
      <AppToaster />
    </SessionActorContext.Provider>
  );
}
