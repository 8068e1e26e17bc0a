import { useMemo, useState } from 'react';
import type { CombinedError } from 'urql';
import { useLiveQuery } from '@/lib/live-query.ts';
import { ListingChangedSubscription, ListingQuery, type Listing } from './listing.ts';

export type ListingRead =
  | { status: 'loading' }
  | { status: 'ready'; listing: Listing }
  /** No such product, or off sale to this visitor. */
  | { status: 'notFound' }
  /** It was on screen, then went off sale to this visitor (withdrawn or taken off sale). */
  | { status: 'gone'; listing: Listing }
  | { status: 'failed'; error: CombinedError; retry: () => void };

/**
 * One product's page, kept live: when it changes (an edit, a booking, a sale, a withdrawal) or
 * this tab's command answers, it is read again at that log position. Until the new answer arrives
 * the old one stays on screen.
 */
export function useListing(id: string): ListingRead {
  const variables = useMemo(() => ({ id }), [id]);
  const [{ data, error }, reexecute] = useLiveQuery({
    query: ListingQuery,
    variables,
    changes: ListingChangedSubscription,
    changeVariables: variables,
  });
  // The last listing shown, kept from render to render (React's pattern for a value derived
  // from earlier renders): a later null answer means it went off sale while on screen.
  const [lastShown, setLastShown] = useState<Listing | null>(null);
  const product = data?.product;
  if (product && product !== lastShown) setLastShown(product);

  if (product) return { status: 'ready', listing: product };
  if (product === null)
    return lastShown ? { status: 'gone', listing: lastShown } : { status: 'notFound' };
  if (lastShown) return { status: 'ready', listing: lastShown };
  if (error) {
    return {
      status: 'failed',
      error,
      retry: () => reexecute({ requestPolicy: 'network-only' }),
    };
  }
  return { status: 'loading' };
}
