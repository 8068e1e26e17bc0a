import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '@/lib/api-client.ts';
import { useMinPosition } from '@/lib/live-query.ts';
import { fetchListing, type Listing } from './listing.ts';
import { ProductsChangedSubscription } from './products.ts';

export type ListingRead =
  | { status: 'loading' }
  | { status: 'ready'; listing: Listing }
  /** No such product, or off sale to this visitor. */
  | { status: 'notFound' }
  /** It was on screen, then went off sale to this visitor (withdrawn or taken off sale). */
  | { status: 'gone'; listing: Listing }
  | { status: 'failed'; error: unknown; retry: () => void };

/** An answer for one product id: the listing, or null for a 404; and the last one shown. */
type Answer = { id: string; listing: Listing | null; lastShown: Listing | null };

/**
 * One product's page, kept live: when its brand's products change (an edit, a booking, a sale, a
 * withdrawal) or this tab's command answers, it is read again at that log position. Until the new
 * answer arrives the old one stays on screen.
 */
export function useListing(id: string): ListingRead {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [failure, setFailure] = useState<{ key: string; error: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const current = answer?.id === id ? answer : null;
  const brand = current?.lastShown?.Brand ?? '';
  const changeVariables = useMemo(() => ({ brand }), [brand]);
  const minPosition = useMinPosition({
    changes: ProductsChangedSubscription,
    changeVariables,
    pause: !brand,
  });
  // A failure belongs to one read; a new change or 'Try again' reads anew.
  const key = `${id}|${minPosition}|${attempt}`;

  useEffect(() => {
    const abort = new AbortController();
    const settle = (listing: Listing | null) =>
      setAnswer((before) => ({
        id,
        listing,
        lastShown: listing ?? (before?.id === id ? before.lastShown : null),
      }));
    fetchListing(id, minPosition, abort.signal).then(settle, (error: unknown) => {
      if (abort.signal.aborted) return;
      if (error instanceof ApiError && error.status === 404) settle(null);
      else setFailure({ key, error });
    });
    return () => abort.abort();
  }, [id, minPosition, key]);

  if (current?.listing) return { status: 'ready', listing: current.listing };
  if (current?.lastShown) return { status: 'gone', listing: current.lastShown };
  if (current) return { status: 'notFound' };
  if (failure?.key === key) {
    return { status: 'failed', error: failure.error, retry: () => setAttempt((n) => n + 1) };
  }
  return { status: 'loading' };
}
