import { useEffect, useMemo, useState } from 'react';
import {
  CombinedError,
  useClient,
  type AnyVariables,
  type Client,
  type TypedDocumentNode,
} from 'urql';
import { PRODUCTS_PAGE_SIZE } from '@/config/constants.ts';
import { useReadPosition, type ChangesSubscription } from '@/lib/live-query.ts';
import {
  ProductsChangedSubscription,
  ProductsQuery,
  type Product,
  type ProductPage,
} from './products.ts';
import {
  ProductSearchChangedSubscription,
  SearchProductsQuery,
  type ProductSearch,
} from './search-products.ts';

type Page = Pick<ProductPage, 'nextCursor'> & { items: Product[] };

/** A paged list query: its document, its variables besides the page, and its page in an answer. */
interface PagedQuery<Data, Variables extends AnyVariables> {
  /** Names the list: another key starts again from its first page. */
  key: string;
  query: TypedDocumentNode<Data, Variables>;
  variables: Omit<Variables, 'limit' | 'after' | 'minPosition'>;
  pageOf: (data: Data) => Page;
}

type Loaded = { key: string; minPosition: number; pages: Page[] };

/** Reads the pages that follow `from`, each after the previous one, up to `count` pages. */
async function readPages<Data, Variables extends AnyVariables>(
  client: Client,
  list: PagedQuery<Data, Variables>,
  minPosition: number,
  from: Page[],
  count: number,
): Promise<Page[]> {
  const pages = [...from];
  while (pages.length < count) {
    const after = pages.at(-1)?.nextCursor;
    if (after === null) break;
    const variables = {
      ...list.variables,
      limit: PRODUCTS_PAGE_SIZE,
      ...(after ? { after } : {}),
      ...(minPosition > 0 ? { minPosition } : {}),
    } as unknown as Variables;
    const result = await client
      .query(list.query, variables, { requestPolicy: 'network-only' })
      .toPromise();
    if (result.error) throw result.error;
    if (!result.data)
      throw new CombinedError({ networkError: new Error('No products in the answer') });
    pages.push(list.pageOf(result.data));
  }
  return pages;
}

/**
 * Products page by page with the server's cursor: 'Load more' reads the page `after` the last one
 * and appends it.
 *
 * Live: when a change is announced (or this tab's command answers with a newer position), the
 * pages loaded so far are read again at that position, in order, each `after` the fresh previous
 * one, and swapped in together. Re-reading the first page alone would not do: a product booked on
 * a later page would stay purchasable, and a new product would push the first page's last item
 * into a gap, since the second page's old cursor starts after it. Until the new pages arrive the
 * old ones stay on screen. A few loaded pages cost a few small reads per change.
 */
function usePages<Data, Variables extends AnyVariables, ChangeVariables extends AnyVariables>(
  list: PagedQuery<Data, Variables>,
  changes: ChangesSubscription<ChangeVariables>,
  changeVariables: ChangeVariables,
) {
  const client = useClient();
  const [minPosition, moveOn] = useReadPosition({ changes, changeVariables });
  // Pages asked for, by the list they were asked of: another list starts from its first page.
  const [asked, setAsked] = useState({ key: list.key, pages: 1 });
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<{ key: string; error: CombinedError } | null>(null);

  const { key } = list;
  const wanted = asked.key === key ? asked.pages : 1;
  const current = loaded?.key === key ? loaded : null;
  const fresh = current !== null && current.minPosition === minPosition;
  const lastCursor = current?.pages.at(-1)?.nextCursor;
  const complete = fresh && (current.pages.length >= wanted || lastCursor === null);
  // A failure belongs to one attempt; a new change, page or 'Try again' tries anew.
  const attemptKey = `${key}|${minPosition}|${wanted}|${attempt}`;
  const error = failure?.key === attemptKey ? failure.error : undefined;

  // Read at a new position only once the read at the last one is in (see useReadPosition).
  moveOn(complete || error !== undefined);

  useEffect(() => {
    if (complete || error) return;
    let cancelled = false;
    readPages(client, list, minPosition, fresh ? current.pages : [], wanted).then(
      (pages) => {
        if (!cancelled) setLoaded({ key, minPosition, pages });
      },
      (reason: CombinedError) => {
        if (!cancelled) setFailure({ key: attemptKey, error: reason });
      },
    );
    return () => {
      cancelled = true;
    };
    // `list` is the same list while its key is: the key stands for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, key, minPosition, wanted, complete, error, fresh, current, attemptKey]);

  const products = useMemo(() => current?.pages.flatMap((page) => page.items), [current]);
  return {
    /** Undefined until the first page is there. */
    products,
    hasMore: typeof lastCursor === 'string',
    loadingMore: !complete && !error && current !== null && current.pages.length < wanted,
    error,
    loadMore: () => setAsked({ key, pages: wanted + 1 }),
    retry: () => setAttempt((count) => count + 1),
  };
}

export type ProductPages = ReturnType<typeof usePages>;

const brandPage = (data: { products: Page }): Page => data.products;
const searchPage = (data: { searchProducts: Page }): Page => data.searchProducts;

/** A brand's products, newest first, page by page, live. */
export function useProductPages(brand: string): ProductPages {
  const variables = useMemo(() => ({ brand }), [brand]);
  return usePages(
    { key: brand, query: ProductsQuery, variables, pageOf: brandPage },
    ProductsChangedSubscription,
    variables,
  );
}

/** The products of a search, in its order, page by page, live. */
export function useSearchPages(search: ProductSearch): ProductPages {
  const key = JSON.stringify(search);
  const variables = useMemo(() => ({ search: JSON.parse(key) as ProductSearch }), [key]);
  const brand = search.brand ?? null;
  const changeVariables = useMemo(() => (brand ? { brand } : {}), [brand]);
  return usePages(
    { key, query: SearchProductsQuery, variables, pageOf: searchPage },
    ProductSearchChangedSubscription,
    changeVariables,
  );
}
