import Type from 'typebox';
import {
  productSorts,
  type ProductDocument,
  type ProductSearch,
} from '@resale/workers/read-models';
import { HttpProblem } from '../errors.ts';
import { Condition } from './documents.ts';
import { PageQuery } from './common.ts';

/** Longest keyword query, in characters. */
export const maxQueryLength = 200;
/** Highest price or years of use a filter takes. */
const maxBound = 1_000_000_000;

/** GET /products: a search, its filters and order, page by page (the filters live in the URL). */
export const ProductSearchQuery = Type.Object(
  {
    q: Type.Optional(
      Type.String({
        maxLength: maxQueryLength,
        description:
          'Keywords: each word begins a word of the name, brand or description (any case, accents ignored)',
        examples: ['galaxy s2'],
      }),
    ),
    brand: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'Only this brand (category title)',
        examples: ['Samsung'],
      }),
    ),
    minPrice: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: maxBound,
        description: 'Lowest selling price',
        examples: [100],
      }),
    ),
    maxPrice: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: maxBound,
        description: 'Highest selling price',
        examples: [400],
      }),
    ),
    condition: Type.Optional(
      Type.Array(Condition, {
        maxItems: 3,
        description: 'Any of these conditions (repeat the parameter for several)',
        examples: [['Good', 'Excelent']],
      }),
    ),
    maxYears: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 100,
        description: 'Used for at most this many years',
        examples: [2],
      }),
    ),
    verified: Type.Optional(
      Type.Boolean({ description: "Only verified sellers' products", examples: [true] }),
    ),
    available: Type.Optional(
      Type.Boolean({ description: 'Only products on sale and not booked', examples: [true] }),
    ),
    sort: Type.Optional(
      Type.Enum(productSorts, {
        description: 'newest (default), priceAsc (cheapest first) or priceDesc (dearest first)',
        examples: ['priceAsc'],
      }),
    ),
    ...PageQuery,
  },
  { additionalProperties: false },
);

/** A search as the read model's query takes it, from REST's or GraphQL's names. */
export interface SearchInput {
  q?: string | null | undefined;
  brand?: string | null | undefined;
  minPrice?: number | null | undefined;
  maxPrice?: number | null | undefined;
  conditions?: readonly ProductDocument['condition'][] | null | undefined;
  maxYears?: number | null | undefined;
  verifiedOnly?: boolean | null | undefined;
  availableOnly?: boolean | null | undefined;
  sort?: ProductSearch['sort'] | null | undefined;
}

const bad = (message: string, field: string) => new HttpProblem(400, message, field);

function bound(value: number | null | undefined, field: string, max: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (!Number.isFinite(value) || value < 0 || value > max)
    throw bad(`${field} must be a number from 0 to ${max}`, field);
  return value;
}

/**
 * Checks what a schema cannot say (REST's schema says the rest; GraphQL's types say less, so
 * every bound is checked here too) and drops what is absent.
 */
export function productSearchOf(input: SearchInput): ProductSearch {
  const q = input.q ?? undefined;
  if (q !== undefined && q.length > maxQueryLength)
    throw bad(`q must be at most ${maxQueryLength} characters`, 'q');
  const brand = input.brand ?? undefined;
  if (brand !== undefined && (brand.length < 1 || brand.length > 200))
    throw bad('brand must be 1 to 200 characters', 'brand');
  const minPrice = bound(input.minPrice, 'minPrice', maxBound);
  const maxPrice = bound(input.maxPrice, 'maxPrice', maxBound);
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)
    throw bad('minPrice must not be more than maxPrice', 'minPrice');
  const conditions = input.conditions ?? undefined;
  return {
    ...(q !== undefined ? { q } : {}),
    ...(brand !== undefined ? { brand } : {}),
    ...(minPrice !== undefined ? { minPrice } : {}),
    ...(maxPrice !== undefined ? { maxPrice } : {}),
    ...(conditions && conditions.length > 0 ? { conditions: [...new Set(conditions)] } : {}),
    ...(input.maxYears !== null && input.maxYears !== undefined
      ? { maxYears: bound(input.maxYears, 'maxYears', 100) }
      : {}),
    ...(input.verifiedOnly ? { verifiedOnly: true } : {}),
    ...(input.availableOnly ? { availableOnly: true } : {}),
    sort: input.sort ?? 'newest',
  };
}

/** The answer cache's key of a search page: the same search, page and order, the same answer. */
export const searchKey = (search: ProductSearch, limit: number, after: string | undefined) =>
  JSON.stringify([search, limit, after ?? '']);
