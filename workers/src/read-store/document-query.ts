import type { FieldValue } from '../projections/projection.ts';
import { InvalidCursorError, type DocumentQuery, type Page } from './port.ts';

/** Largest page a query may ask for. */
export const maxPageSize = 1000;

const fieldName = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A search word as `searchWords` makes it: letters and digits only. */
const searchWord = /^[\p{L}\p{N}]+$/u;

/** Checks what adapters rely on: known-safe field names, a stable order, a sane page size. */
export function assertValidQuery(query: DocumentQuery): 'asc' | 'desc' {
  const { orderBy, where, oneOf, range, words, page } = query;
  const last = orderBy[orderBy.length - 1];
  if (!last || last[0] !== '_id') throw new RangeError('A list must be ordered by _id last');
  const direction = last[1];
  if (orderBy.some(([, d]) => d !== direction))
    throw new RangeError('A list must be ordered in one direction');
  const fields = [
    ...orderBy.map(([f]) => f),
    ...Object.keys(where ?? {}),
    ...Object.keys(oneOf ?? {}),
    ...Object.keys(range ?? {}),
  ];
  for (const field of fields)
    if (!fieldName.test(field)) throw new RangeError(`Not a field name: ${field}`);
  for (const values of Object.values(oneOf ?? {}))
    if (values.length === 0) throw new RangeError('oneOf needs at least one value');
  for (const { min, max } of Object.values(range ?? {}))
    if ([min, max].some((bound) => bound !== undefined && !Number.isFinite(bound)))
      throw new RangeError('A range is bounded by finite numbers');
  if (words?.some((word) => !searchWord.test(word)))
    throw new RangeError('Search words are letters and digits');
  if (page && (!Number.isInteger(page.limit) || page.limit < 1 || page.limit > maxPageSize))
    throw new RangeError(`Page limit must be an integer from 1 to ${maxPageSize}`);
  return direction;
}

/** The cursor of a page: the order values of its last document, opaque to callers. */
export const encodeCursor = (values: readonly FieldValue[]): string =>
  Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');

export function decodeCursor(cursor: string, length: number): FieldValue[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError(cursor);
  }
  if (
    !Array.isArray(values) ||
    values.length !== length ||
    !values.every((v) => ['string', 'number', 'boolean'].includes(typeof v))
  )
    throw new InvalidCursorError(cursor);
  return values as FieldValue[];
}

/**
 * The page of `rows` a query asked for: the adapters fetch one row more than the limit, which
 * says whether a next page exists. `orderValue` gives a row's value of an order field.
 */
export function pageOf<R, D>(
  rows: readonly R[],
  query: DocumentQuery,
  item: (row: R) => D,
  orderValue: (row: R, field: string) => FieldValue,
): Page<D> {
  const limit = query.page?.limit;
  const more = limit !== undefined && rows.length > limit;
  const pageRows = more ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return {
    items: pageRows.map(item),
    nextCursor:
      more && last !== undefined
        ? encodeCursor(query.orderBy.map(([field]) => orderValue(last, field)))
        : null,
  };
}
