import {
  InvalidCursorError,
  type DocumentQuery,
  type Page,
  type PageRequest,
  type ReadStore,
  type SortField,
} from '../../read-store/port.ts';
import type { ChangeSource, ReadModelQuery } from '../query.ts';
import { queryWords, searchWords } from '../search-words.ts';
import { getSellerById, verifiedSellerIds } from '../sellers/sellers-queries.ts';
import { encodeCursor, maxPageSize } from '../../read-store/document-query.ts';
import {
  pricesOf,
  type PricePoint,
  type Product,
  type ProductDocument,
  type ProductStatus,
} from './product-document.ts';

const newestFirst: readonly SortField[] = [
  ['postTime', 'desc'],
  ['_id', 'desc'],
];

/** Products are answered with their seller's verification, which the sellers read model holds. */
const sellerVerification: ChangeSource = { topic: 'sellers', key: null };

async function withSellerVerification(
  store: ReadStore,
  products: readonly ProductDocument[],
): Promise<Product[]> {
  const sellerIds = [...new Set(products.map((product) => product.sellerUid))];
  const verified = new Set<string>();
  await Promise.all(
    sellerIds.map(async (id) => {
      if ((await getSellerById(store, id))?.verified) verified.add(id);
    }),
  );
  return products.map((product) => ({
    ...product,
    sellerVerified: verified.has(product.sellerUid),
  }));
}

async function listProducts(
  store: ReadStore,
  where: Readonly<Record<string, string | boolean>>,
  page?: PageRequest,
): Promise<Page<Product>> {
  const found = await store.find<ProductDocument>('products', {
    where,
    orderBy: newestFirst,
    page,
  });
  return { ...found, items: await withSellerVerification(store, found.items) };
}

/**
 * A brand's (category title's) products, newest first; without `page`, all of them. Products their
 * seller withdrew or sold outside the site are in their seller's list only.
 */
export const productsByBrand: ReadModelQuery<
  { readonly brand: string; readonly page?: PageRequest | undefined },
  Page<Product>
> = {
  sources: ({ brand }) => [{ topic: 'products', key: brand }, sellerVerification],
  run: (store, { brand, page }) => listProducts(store, { Brand: brand, listed: true }, page),
};

/**
 * Products featured on the home page: advertised, on sale and not booked (so neither withdrawn
 * nor sold); newest first.
 */
export const advertisedProducts: ReadModelQuery<void, Product[]> = {
  sources: () => [{ topic: 'products', key: null }, sellerVerification],
  run: async (store) =>
    (
      await listProducts(store, {
        advertised: true,
        available: true,
        booked: false,
        // Not while an admin hides it.
        listed: true,
      })
    ).items,
};

/** A seller's own products, by the seller's account (uid), newest first. */
export const sellerProducts: ReadModelQuery<{ readonly sellerUid: string }, Product[]> = {
  sources: ({ sellerUid }) => [{ topic: 'sellerProducts', key: sellerUid }, sellerVerification],
  run: async (store, { sellerUid }) => (await listProducts(store, { sellerUid })).items,
};

/**
 * The cases before the admins (open reports, or hidden by one), the latest reported first: one
 * per listing, with its open reports, who claimed it and whether it is hidden.
 */
export const reportedProducts: ReadModelQuery<void, Product[]> = {
  sources: () => [{ topic: 'reportedProducts', key: null }, sellerVerification],
  run: async (store) => {
    const found = await store.find<ProductDocument>('products', {
      where: { reported: true },
      orderBy: [
        ['lastReportedAt', 'desc'],
        ['_id', 'desc'],
      ],
    });
    return withSellerVerification(store, found.items);
  },
};

export async function getProduct(store: ReadStore, id: string): Promise<Product | null> {
  const product = await store.get<ProductDocument>('products', id);
  if (!product) return null;
  const [answered] = await withSellerVerification(store, [product]);
  return answered ?? null;
}

/** The orders a search can have: newest first, cheapest first, dearest first. */
export const productSorts = ['newest', 'priceAsc', 'priceDesc'] as const;
export type ProductSort = (typeof productSorts)[number];

const orderOf: { readonly [S in ProductSort]: readonly SortField[] } = {
  newest: newestFirst,
  priceAsc: [
    ['sellingPrice', 'asc'],
    ['_id', 'asc'],
  ],
  priceDesc: [
    ['sellingPrice', 'desc'],
    ['_id', 'desc'],
  ],
};

/** What a shopper searches for; every part is optional and they all hold together. */
export interface ProductSearch {
  /** Keywords: each word begins a word of the product's name, brand or description. */
  readonly q?: string | undefined;
  /** One brand (category title) only. */
  readonly brand?: string | undefined;
  /** Selling price bounds, inclusive. */
  readonly minPrice?: number | undefined;
  readonly maxPrice?: number | undefined;
  /** Any of these conditions; all when absent or empty. */
  readonly conditions?: readonly ProductDocument['condition'][] | undefined;
  /** Used for at most this many years. */
  readonly maxYears?: number | undefined;
  /** Only products of sellers an admin verified. */
  readonly verifiedOnly?: boolean | undefined;
  /** Only products on sale and not booked. */
  readonly availableOnly?: boolean | undefined;
  readonly sort?: ProductSort | undefined;
}

/** A search's cursor names its order: a cursor of another order is refused, not misread. */
function storeCursor(sort: ProductSort, after: string): string {
  const prefix = `${sort}.`;
  if (!after.startsWith(prefix)) throw new InvalidCursorError(after);
  return after.slice(prefix.length);
}

/** The document query of a search; null when nothing can match (no verified seller). */
async function searchQuery(
  store: ReadStore,
  search: ProductSearch,
  page: PageRequest,
): Promise<DocumentQuery | null> {
  const sort = search.sort ?? 'newest';
  const oneOf: Record<string, readonly string[]> = {};
  if (search.conditions && search.conditions.length > 0) oneOf.condition = search.conditions;
  if (search.verifiedOnly) {
    const sellers = await verifiedSellerIds(store);
    if (sellers.length === 0) return null;
    oneOf.sellerUid = sellers;
  }
  const range: Record<string, { min?: number; max?: number }> = {};
  // Prices are never negative (Money): a lower bound changes no answer, and the cheapest first
  // start past the deleted products, which have no price, rather than stepping over them.
  const minPrice = search.minPrice ?? (sort === 'priceAsc' ? 0 : undefined);
  if (minPrice !== undefined || search.maxPrice !== undefined)
    range.sellingPrice = {
      ...(minPrice !== undefined ? { min: minPrice } : {}),
      ...(search.maxPrice !== undefined ? { max: search.maxPrice } : {}),
    };
  if (search.maxYears !== undefined) range.year = { max: search.maxYears };
  // A brand's products all have the brand's words (their search text holds it): with keywords,
  // asking for them too changes no answer and lets the store find the few products of a brand
  // that other words name (another brand's model) by their words, not by walking the brand.
  const words = queryWords(search.q ?? '');
  if (words.length > 0 && search.brand !== undefined)
    words.push(
      ...searchWords(search.brand).filter((word) => !words.some((asked) => asked.startsWith(word))),
    );
  return {
    where: {
      listed: true,
      ...(search.brand !== undefined ? { Brand: search.brand } : {}),
      ...(search.availableOnly ? { available: true, booked: false } : {}),
    },
    oneOf,
    range,
    words,
    orderBy: orderOf[sort],
    page: {
      limit: page.limit,
      ...(page.after !== undefined ? { after: storeCursor(sort, page.after) } : {}),
    },
  };
}

/**
 * Products matching a search, page by page (keyset: a page goes on after the previous one's
 * last product, so products listed or removed meanwhile cause no duplicate and no gap). Its
 * answer changes with the brand's products (every brand's without one) and the sellers'
 * verification.
 */
export const searchProducts: ReadModelQuery<
  { readonly search: ProductSearch; readonly page: PageRequest },
  Page<Product>
> = {
  sources: ({ search }) => [{ topic: 'products', key: search.brand ?? null }, sellerVerification],
  run: async (store, { search, page }) => {
    const sort = search.sort ?? 'newest';
    const found = search.verifiedOnly
      ? await searchOfVerifiedSellers(store, search, page)
      : await searchFor(store, search, page);
    return {
      items: found.items,
      nextCursor: found.nextCursor === null ? null : `${sort}.${found.nextCursor}`,
    };
  },
};

/** A search's page, its cursor the store's. */
async function searchFor(
  store: ReadStore,
  search: ProductSearch,
  page: PageRequest,
): Promise<Page<Product>> {
  const query = await searchQuery(store, search, page);
  if (!query) return { items: [], nextCursor: null };
  const found = await store.find<ProductDocument>('products', query);
  return { ...found, items: await withSellerVerification(store, found.items) };
}

/** Products of unverified sellers a search of verified ones passes over before it asks for their ids. */
const unverifiedPassedOver = 4;

/**
 * A search of verified sellers' products: the products found without that filter, each answered
 * with its seller's verification anyway, keeping the verified ones, while they come often
 * enough; then (few verified sellers among them) the rest with the ids of every verified seller,
 * which reading them all for each search would cost more.
 */
async function searchOfVerifiedSellers(
  store: ReadStore,
  search: ProductSearch,
  page: PageRequest,
): Promise<Page<Product>> {
  const sort = search.sort ?? 'newest';
  const orderBy = orderOf[sort];
  // The store's cursor of a product: the values of the order's fields, as the store makes it.
  const cursorOf = (product: Product): string =>
    encodeCursor(
      orderBy.map(([field]) =>
        field === 'postTime'
          ? product.postTime
          : field === 'sellingPrice'
            ? product.sellingPrice
            : product._id,
      ),
    );
  const items: Product[] = [];
  let after = page.after;
  const stepLimit = Math.min(maxPageSize, (page.limit + 1) * 2);
  for (let passedOver = 0; passedOver <= unverifiedPassedOver * (page.limit + 1);) {
    const found = await searchFor(
      store,
      { ...search, verifiedOnly: false },
      { limit: stepLimit, ...(after !== undefined ? { after } : {}) },
    );
    for (const product of found.items) {
      if (!product.sellerVerified) {
        passedOver += 1;
        continue;
      }
      // One more than the page: there is a next page, which goes on after the page's last.
      if (items.length === page.limit)
        return { items, nextCursor: cursorOf(items[items.length - 1] ?? product) };
      items.push(product);
    }
    if (found.nextCursor === null) return { items, nextCursor: null };
    after = `${sort}.${found.nextCursor}`;
  }
  const rest = await searchFor(store, search, {
    limit: Math.max(1, page.limit - items.length),
    ...(after !== undefined ? { after } : {}),
  });
  if (items.length === page.limit)
    return {
      items,
      nextCursor: rest.items.length > 0 ? cursorOf(items[items.length - 1]!) : null,
    };
  return { items: [...items, ...rest.items], nextCursor: rest.nextCursor };
}

/**
 * The ids of a seller's products still on the site (on sale, taken off sale for now, or booked),
 * read by the (sellerUid, status) index: what the deletion of their account withdraws.
 */
export async function productsOnSiteOf(store: ReadStore, sellerUid: string): Promise<string[]> {
  const ids: string[] = [];
  let after: string | undefined;
  do {
    const found = await store.find<ProductDocument>('products', {
      where: { sellerUid },
      oneOf: { status: ['available', 'booked', 'unavailable'] satisfies ProductStatus[] },
      orderBy: [
        ['status', 'asc'],
        ['_id', 'asc'],
      ],
      page: { limit: maxPageSize, ...(after !== undefined ? { after } : {}) },
    });
    ids.push(...found.items.map((product) => product._id));
    after = found.nextCursor ?? undefined;
  } while (after !== undefined);
  return ids;
}

/** The seller as a listing's page shows them. */
export interface SellerSummary {
  readonly name: string;
  readonly verified: boolean;
  /** When they registered as a seller; null once their seller record is deleted. */
  readonly memberSince: string | null;
  /** Their products on sale now: available or booked. */
  readonly listings: number;
  /** Their products sold: through a booking they accepted, or outside the site. */
  readonly completedSales: number;
}

/** A product as its own page shows it: as lists answer it, with its prices and its seller. */
export type ProductDetails = Omit<Product, 'priceHistory'> & {
  readonly priceHistory: PricePoint[];
  readonly seller: SellerSummary;
};

/**
 * How many of a seller's products are on sale now (available or booked) and sold, counted on the
 * (sellerUid, status) index.
 */
async function sellerCounts(
  store: ReadStore,
  sellerUid: string,
): Promise<Pick<SellerSummary, 'listings' | 'completedSales'>> {
  const [listings, completedSales] = await Promise.all([
    store.count('products', {
      where: { sellerUid },
      oneOf: { status: ['available', 'booked'] satisfies ProductStatus[] },
    }),
    store.count('products', { where: { sellerUid, status: 'sold' satisfies ProductStatus } }),
  ]);
  return { listings, completedSales };
}

/**
 * A product's page: the product, its prices and its seller. Its seller never changes, so their
 * account (uid) names its change sources before it is read: a change of any of the seller's
 * products (this one, or their counts) and sellers' verification.
 */
export const productDetails: ReadModelQuery<
  { readonly id: string; readonly sellerUid: string },
  ProductDetails | null
> = {
  sources: ({ sellerUid }) => [{ topic: 'sellerProducts', key: sellerUid }, sellerVerification],
  run: async (store, { id }) => {
    const found = await store.get<ProductDocument>('products', id);
    if (!found) return null;
    const [sellerRecord, { listings, completedSales }] = await Promise.all([
      getSellerById(store, found.sellerUid),
      sellerCounts(store, found.sellerUid),
    ]);
    const verified = sellerRecord?.verified ?? false;
    return {
      ...found,
      sellerVerified: verified,
      priceHistory: pricesOf(found),
      seller: {
        // A seller record an admin deleted leaves the name the listing was made under.
        name: sellerRecord?.name ?? found.sellerName,
        verified,
        memberSince: sellerRecord?.memberSince ?? null,
        listings,
        completedSales,
      },
    };
  },
};
