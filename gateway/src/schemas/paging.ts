import type { Page, PageRequest } from '@resale/workers/read-models';

export const DEFAULT_PAGE_SIZE = 50;

/** A page request when the caller asked for one (`limit` or `after`); otherwise the whole list. */
export const pageRequestOf = (query: {
  limit?: number;
  after?: string;
}): PageRequest | undefined =>
  query.limit === undefined && query.after === undefined
    ? undefined
    : { limit: query.limit ?? DEFAULT_PAGE_SIZE, ...(query.after ? { after: query.after } : {}) };

/** `{items, nextCursor}` for a paged request, the bare list otherwise (as the spec's client reads it). */
export const listOrPage = <D>(page: Page<D>, request: PageRequest | undefined) =>
  request ? { items: page.items, nextCursor: page.nextCursor } : page.items;
