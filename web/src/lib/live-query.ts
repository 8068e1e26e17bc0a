import { useMemo, useState, useSyncExternalStore } from 'react';
import {
  useQuery,
  useSubscription,
  type AnyVariables,
  type TypedDocumentNode,
  type UseQueryResponse,
} from 'urql';
import { getPosition, subscribePosition } from './positions.ts';
import { changePosition } from './urql.ts';

type ChangeData = Record<string, { position: number } | null | undefined>;

export type LiveQueryArgs<Data, Variables extends AnyVariables> = {
  query: TypedDocumentNode<Data, Variables & { minPosition?: number }>;
  variables?: Variables;
  /** A `...Changed` subscription announcing the read model's new position. */
  changes: TypedDocumentNode<ChangeData, AnyVariables>;
  changeVariables?: AnyVariables;
  pause?: boolean;
};

/**
 * A query kept live: whenever the server announces a change (or this tab gets a command's
 * answer), the query runs again with `minPosition` so the answer includes that change.
 */
export function useLiveQuery<Data, Variables extends AnyVariables>({
  query,
  variables,
  changes,
  changeVariables,
  pause = false,
}: LiveQueryArgs<Data, Variables>): UseQueryResponse<Data, Variables & { minPosition?: number }> {
  const commandPosition = useSyncExternalStore(subscribePosition, getPosition, getPosition);
  const [announced, setAnnounced] = useState(0);
  const minPosition = Math.max(commandPosition, announced);

  useSubscription<ChangeData, ChangeData>(
    { query: changes, variables: changeVariables ?? {}, pause },
    (_previous, data) => {
      const position = changePosition(data);
      if (position !== undefined) setAnnounced((current) => Math.max(current, position));
      return data;
    },
  );

  const queryVariables = useMemo(
    () => ({ ...(variables as Variables), ...(minPosition > 0 ? { minPosition } : {}) }),
    [variables, minPosition],
  );
  return useQuery({ query, variables: queryVariables, pause });
}
