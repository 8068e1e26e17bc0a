import { useEffect, useMemo, useState } from 'react';
import { CombinedError, useClient, type Client } from 'urql';
import { PRODUCTS_PAGE_SIZE } from '@/config/constants.ts';
import { useMinPosition } from '@/lib/live-query.ts';
import { ProductsChangedSubscription, ProductsQuery, type ProductPage } from './products.ts';

type Loaded = { brand: string; minPosition: number; pages: ProductPage[] };

/** Reads the pages that follow `from`, each after the previous one, up to `count` pages. */
async function readPages(
  client: Client,
  { brand, minPosition }: { brand: string; minPosition: number },
  from: ProductPage[],
  count: number,
): Promise<ProductPage[]> {
  const pages = [...from];
  while (pages.length < count) {
    const after = pages.at(-1)?.nextCursor;
    if (after === null) break;
    const variables = {
      brand,
      limit: PRODUCTS_PAGE_SIZE,
      ...(after ? { after } : {}),
      ...(minPosition > 0 ? { minPosition } : {}),
    };
    const result = await client
      .query(ProductsQuery, variables, { requestPolicy: 'network-only' })
      .toPromise();
    if (result.error) throw result.error;
    if (!result.data)
      throw new CombinedError({ networkError: new Error('No products in the answer') });
    pages.push(result.data.products);
  }
  return pages;
}

/**
 * A brand's products, newest first, page by page with the server's cursor: 'Load more' reads the
 * page `after` the last one and appends it.
 *
 * Live: when a change is announced (or this tab's command answers with a newer position), the
 * pages loaded so far are read again at that position, in order, each `after` the fresh previous
 * one, and swapped in together. Re-reading the first page alone would not do: a product booked on
 * a later page would stay purchasable, and a new product would push the first page's last item
 * into a gap, since the second page's old cursor starts after it. Until the new pages arrive the
 * old ones stay on screen. A few loaded pages cost a few small reads per change of one brand.
 */
export function useProductPages(brand: string) {
  const client = useClient();
  const changeVariables = useMemo(() => ({ brand }), [brand]);
  const minPosition = useMinPosition({ changes: ProductsChangedSubscription, changeVariables });
  const [wanted, setWanted] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<{ key: string; error: CombinedError } | null>(null);

  const current = loaded?.brand === brand ? loaded : null;
  const fresh = current !== null && current.minPosition === minPosition;
  const lastCursor = current?.pages.at(-1)?.nextCursor;
  const complete = fresh && (current.pages.length >= wanted || lastCursor === null);
  // A failure belongs to one attempt; a new change, page or 'Try again' tries anew.
  const attemptKey = `${brand}|${minPosition}|${wanted}|${attempt}`;
  const error = failure?.key === attemptKey ? failure.error : undefined;

  useEffect(() => {
    if (complete || error) return;
    let cancelled = false;
    readPages(client, { brand, minPosition }, fresh ? current.pages : [], wanted).then(
      (pages) => {
        if (!cancelled) setLoaded({ brand, minPosition, pages });
      },
      (reason: CombinedError) => {
        if (!cancelled) setFailure({ key: attemptKey, error: reason });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client, brand, minPosition, wanted, complete, error, fresh, current, attemptKey]);

  const products = useMemo(() => current?.pages.flatMap((page) => page.items), [current]);
  return {
    /** Undefined until the first page is there. */
    products,
    hasMore: typeof lastCursor === 'string',
    loadingMore: !complete && !error && current !== null && current.pages.length < wanted,
    error,
    loadMore: () => setWanted((count) => count + 1),
    retry: () => setAttempt((count) => count + 1),
  };
}
