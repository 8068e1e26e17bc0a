import { useMemo, useState, useSyncExternalStore } from 'react';
import {
  gql,
  useQuery,
  useSubscription,
  type AnyVariables,
  type TypedDocumentNode,
  type UseQueryResponse,
} from 'urql';
import { getPosition, subscribePosition } from './positions.ts';
import { changePosition } from './urql.ts';

type ChangeData = Record<string, { position: number } | null | undefined>;

/** A `...Changed` subscription announcing a read model's new position. */
export type ChangesSubscription = TypedDocumentNode<ChangeData, AnyVariables>;

/** Variables every live query takes: the position its answer must include. */
export type LiveVariables = { minPosition?: number };

/**
 * The `...Changed` subscription of a read model that takes no other argument than `after`,
 * e.g. `changesSubscription('usersChanged')` is `subscription UsersChanged($after: Float) {…}`.
 */
export function changesSubscription(field: string): ChangesSubscription {
  const operation = field.charAt(0).toUpperCase() + field.slice(1);
  return gql<ChangeData>(`
    subscription ${operation}($after: Float) {
      ${field}(after: $after) {
        topic
        position
        ids
      }
    }
  `);
}

export type ChangesArgs = {
  changes: ChangesSubscription;
  changeVariables?: AnyVariables;
  pause?: boolean;
};

/**
 * The position reads must reach: the highest of what this tab's commands answered and what the
 * `changes` subscription announced. It rises, so a read keyed on it runs again after each change.
 */
export function useMinPosition({ changes, changeVariables, pause = false }: ChangesArgs): number {
  const commandPosition = useSyncExternalStore(subscribePosition, getPosition, getPosition);
  const [announced, setAnnounced] = useState(0);
  useSubscription<ChangeData, ChangeData>(
    { query: changes, variables: changeVariables ?? {}, pause },
    (_previous, data) => {
      const position = changePosition(data);
      if (position !== undefined) setAnnounced((current) => Math.max(current, position));
      return data;
    },
  );
  return Math.max(commandPosition, announced);
}

export type LiveQueryArgs<Data, Variables extends AnyVariables> = ChangesArgs & {
  query: TypedDocumentNode<Data, Variables & LiveVariables>;
  variables?: Variables;
};

/**
 * A query kept live: whenever the server announces a change (or this tab gets a command's
 * answer), the query runs again with `minPosition` so the answer includes that change.
 */
export function useLiveQuery<Data, Variables extends AnyVariables>({
  query,
  variables,
  ...changes
}: LiveQueryArgs<Data, Variables>): UseQueryResponse<Data, Variables & LiveVariables> {
  const minPosition = useMinPosition(changes);
  const queryVariables = useMemo(
    () => ({ ...(variables as Variables), ...(minPosition > 0 ? { minPosition } : {}) }),
    [variables, minPosition],
  );
  return useQuery({ query, variables: queryVariables, pause: changes.pause ?? false });
}
