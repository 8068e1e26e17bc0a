import { useEffect, useId } from 'react';
import type { TypedDocumentNode } from 'urql';
import { useLiveQuery, type ChangesSubscription, type LiveVariables } from '@/lib/live-query.ts';
import { DataTable, type Column } from './ui/data-table.tsx';
import { LoadState } from './ui/load-state.tsx';

/**
 * A dashboard page listing one read model: its title, a spinner or error until the first answer,
 * `empty` when there are no rows, else the table. The list stays live (see useLiveQuery).
 */
export function LiveTable<Data, Row extends { _id: string }>({
  title,
  what,
  empty,
  query,
  changes,
  rows,
  columns,
  onRows,
}: {
  title: string;
  /** Names the data in the loading and error messages. */
  what: string;
  empty: string;
  query: TypedDocumentNode<Data, LiveVariables>;
  changes: ChangesSubscription;
  rows: (data: Data) => Row[];
  columns: Column<Row>[];
  /** Told each new answer's rows (e.g. to toast what changed). */
  onRows?: (rows: Row[]) => void;
}) {
  const titleId = useId();
  const [{ data, error }, reexecute] = useLiveQuery({ query, changes });
  const list = data && rows(data);
  useEffect(() => {
    if (list) onRows?.(list);
  }, [list, onRows]);
  return (
    <section className="section" aria-labelledby={titleId}>
      <h1 id={titleId} className="section__title">
        {title}
      </h1>
      {!list ? (
        <LoadState
          what={what}
          error={error}
          onRetry={() => reexecute({ requestPolicy: 'network-only' })}
        />
      ) : list.length === 0 ? (
        <p className="empty">{empty}</p>
      ) : (
        <DataTable columns={columns} rows={list} />
      )}
    </section>
  );
}
