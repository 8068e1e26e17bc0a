import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import {
  useQuery,
  useSubscription,
  type AnyVariables,
  type TypedDocumentNode,
  type UseQueryResponse,
} from 'urql';
import type { QueryUsersArgs, SubscriptionUsersChangedArgs } from '@/graphql/graphql.ts';
import { getReconnects, subscribeConnection } from './connection.ts';
import { getPosition, subscribePosition } from './positions.ts';
import { changePosition } from './urql.ts';

/** A subscription's answer: its root field's `Change` is read by `changePosition`. */
type ChangeData = { [field: string]: unknown };

/** Variables every `...Changed` subscription takes: the last position the client saw. */
export type AfterVariables = Pick<SubscriptionUsersChangedArgs, 'after'>;

/**
 * A `...Changed` subscription announcing a read model's new position (the documents are in each
 * feature's api/, typed by GraphQL Code Generator).
 */
export type ChangesSubscription<Variables extends AnyVariables = AfterVariables> =
  TypedDocumentNode<ChangeData, Variables>;

/** Variables every live query takes: the position its answer must include. */
export type LiveVariables = Pick<QueryUsersArgs, 'minPosition'>;

export type ChangesArgs<ChangeVariables extends AnyVariables = AfterVariables> = {
  changes: ChangesSubscription<ChangeVariables>;
  changeVariables?: ChangeVariables;
  pause?: boolean;
};

/**
 * The position reads must reach: the highest of what this tab's commands answered and what the
 * `changes` subscription announced. It rises, so a read keyed on it runs again after each change.
 */
export function useMinPosition<ChangeVariables extends AnyVariables>({
  changes,
  changeVariables,
  pause = false,
}: ChangesArgs<ChangeVariables>): number {
  const commandPosition = useSyncExternalStore(subscribePosition, getPosition, getPosition);
  const [announced, setAnnounced] = useState(0);
  useSubscription<ChangeData, ChangeData, ChangeVariables>(
    // Without variables when the subscription takes only `after` (urql.ts keeps it current).
    { query: changes, variables: changeVariables ?? ({} as ChangeVariables), pause },
    (_previous, data) => {
      const position = changePosition(data);
      if (position !== undefined) setAnnounced((current) => Math.max(current, position));
      return data;
    },
  );
  return Math.max(commandPosition, announced);
}

/**
 * The position a live read reads at, and `moveOn(answered)`, called on each render with whether
 * the read at that position has answered: the position moves to the latest only then. Moving it
 * earlier would replace the read in flight (urql tears it down, answer and all): under a stream of
 * changes each read would be replaced by the next, and no answer would ever show.
 */
export function useReadPosition<ChangeVariables extends AnyVariables>(
  changes: ChangesArgs<ChangeVariables>,
): [position: number, moveOn: (answered: boolean) => void] {
  const latest = useMinPosition(changes);
  const [position, setPosition] = useState(latest);
  const moveOn = (answered: boolean): void => {
    if (answered && position !== latest) setPosition(latest);
  };
  return [position, moveOn];
}

export type LiveQueryArgs<
  Data,
  Variables extends AnyVariables,
  ChangeVariables extends AnyVariables = AfterVariables,
> = ChangesArgs<ChangeVariables> & {
  query: TypedDocumentNode<Data, Variables & LiveVariables>;
  variables?: Variables;
};

/**
 * A query kept live: whenever the server announces a change (or this tab gets a command's
 * answer), the query runs again with `minPosition` so the answer includes that change.
 */
export function useLiveQuery<
  Data,
  Variables extends AnyVariables,
  ChangeVariables extends AnyVariables = AfterVariables,
>({
  query,
  variables,
  ...changes
}: LiveQueryArgs<Data, Variables, ChangeVariables>): UseQueryResponse<
  Data,
  Variables & LiveVariables
> {
  const [minPosition, moveOn] = useReadPosition(changes);
  const queryVariables = useMemo(
    () => ({ ...(variables as Variables), ...(minPosition > 0 ? { minPosition } : {}) }),
    [variables, minPosition],
  );
  const [result, reexecute] = useQuery({
    query,
    variables: queryVariables,
    pause: changes.pause ?? false,
  });
  moveOn(!result.fetching);
  // Back from a break in the socket: refetch at once rather than wait for the server's catch-up
  // notice, so the list is fresh even if that notice is lost too.
  const reconnects = useSyncExternalStore(subscribeConnection, getReconnects, getReconnects);
  const handledReconnects = useRef(reconnects);
  useEffect(() => {
    if (reconnects === handledReconnects.current) return;
    handledReconnects.current = reconnects;
    if (!changes.pause) reexecute({ requestPolicy: 'network-only' });
  }, [reconnects, reexecute, changes.pause]);
  return [result, reexecute];
}
