import { useCallback, useRef } from 'react';
import { notify } from './toast.tsx';

/**
 * Toasts what changed in a live list: the callback it answers takes each new answer's rows, and
 * `describe` is asked for every row with the row as it was before (undefined: new in the list)
 * and as it is now; its message, if any, is shown. The first answer only sets what "before"
 * means: opening a page toasts nothing.
 */
export function useChangeToasts<Row extends { _id: string }>(
  describe: (before: Row | undefined, now: Row) => string | null,
): (rows: readonly Row[]) => void {
  const seen = useRef<Map<string, Row> | null>(null);
  const describeRef = useRef(describe);
  describeRef.current = describe;
  return useCallback((rows: readonly Row[]) => {
    const before = seen.current;
    seen.current = new Map(rows.map((row) => [row._id, row]));
    if (!before) return;
    for (const row of rows) {
      const message = describeRef.current(before.get(row._id), row);
      if (message) notify.info(message);
    }
  }, []);
}
