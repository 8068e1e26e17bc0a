import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CONDITION_OPTIONS } from '@/config/constants.ts';
import type { Condition, ProductSort } from '@/graphql/graphql.ts';
import type { ProductSearch } from './api/search-products.ts';

/*
 * A search lives in the URL (a link reproduces the page): q, minPrice, maxPrice, condition
 * (repeated), maxYears, verified, available, sort. What the URL holds that is not a valid value
 * is left out, never sent.
 */

export const SORT_OPTIONS: readonly { value: ProductSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'priceAsc', label: 'Price: low to high' },
  { value: 'priceDesc', label: 'Price: high to low' },
];

const isCondition = (value: string): value is Condition =>
  (CONDITION_OPTIONS as readonly string[]).includes(value);
const isSort = (value: string | null): value is ProductSort =>
  SORT_OPTIONS.some((option) => option.value === value);

function numberParam(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** The search a URL's parameters describe (without a brand: the page gives it). */
export function searchOfParams(params: URLSearchParams): ProductSearch {
  const q = params.get('q')?.trim();
  const minPrice = numberParam(params, 'minPrice');
  const maxPrice = numberParam(params, 'maxPrice');
  const maxYears = numberParam(params, 'maxYears');
  const conditions = [...new Set(params.getAll('condition').filter(isCondition))];
  const sort = params.get('sort');
  return {
    ...(q ? { q: q.slice(0, 200) } : {}),
    ...(minPrice !== undefined ? { minPrice } : {}),
    // A maximum under the minimum would be refused: the minimum wins.
    ...(maxPrice !== undefined && (minPrice === undefined || maxPrice >= minPrice)
      ? { maxPrice }
      : {}),
    ...(maxYears !== undefined && maxYears <= 100 ? { maxYears } : {}),
    ...(conditions.length > 0 ? { conditions } : {}),
    ...(params.get('verified') === 'true' ? { verifiedOnly: true } : {}),
    ...(params.get('available') === 'true' ? { availableOnly: true } : {}),
    ...(isSort(sort) && sort !== 'newest' ? { sort } : {}),
  };
}

/** The URL parameters of a search (the brand is the page's, not a parameter). */
export function paramsOfSearch(search: ProductSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.minPrice != null) params.set('minPrice', String(search.minPrice));
  if (search.maxPrice != null) params.set('maxPrice', String(search.maxPrice));
  for (const condition of search.conditions ?? []) params.append('condition', condition);
  if (search.maxYears != null) params.set('maxYears', String(search.maxYears));
  if (search.verifiedOnly) params.set('verified', 'true');
  if (search.availableOnly) params.set('available', 'true');
  if (search.sort && search.sort !== 'newest') params.set('sort', search.sort);
  return params;
}

/** Whether a search narrows or orders anything beyond its brand. */
export const isFiltered = (search: ProductSearch): boolean =>
  Object.keys(search).some((key) => key !== 'brand');

/** The search in the page's URL, and how to change or clear it (each a new history entry). */
export function useUrlSearch(): {
  search: ProductSearch;
  setSearch: (search: ProductSearch) => void;
  clear: () => void;
} {
  const [params, setParams] = useSearchParams();
  const text = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const search = useMemo(() => searchOfParams(params), [text]);
  return {
    search,
    setSearch: (next) => setParams(paramsOfSearch(next)),
    clear: () => setParams(new URLSearchParams()),
  };
}
