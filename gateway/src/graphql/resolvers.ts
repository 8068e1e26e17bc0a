import type { FastifyInstance } from 'fastify';
import type { IResolvers, MercuriusContext } from 'mercurius';
import {
  advertisedProducts,
  buyerBookings,
  categories,
  categoryById,
  productDetails,
  productsByBrand,
  reportedProductOf,
  reportedProducts,
  searchProducts,
  sellerBookings,
  sellerProducts,
  sellers,
  users,
  type ProductDocument,
} from '@resale/workers/read-models';
import { imageUrl } from '../image-urls.ts';
import { shownOnlyToItsOwn } from '../routes/product-reads.ts';
import { DEFAULT_PAGE_SIZE } from '../schemas/paging.ts';
import { productSearchOf, searchKey } from '../schemas/product-search.ts';
import { requireActor } from './context.ts';
import type {
  CategoryResolvers,
  ListedProductResolvers,
  ProductDetailsResolvers,
  ProductResolvers,
  ReportedProductResolvers,
  QueryMyBookingsArgs,
  QueryResolvers,
} from './generated.ts';

/** The argument of the reads that wait for a log position (read your writes). */
type MinPositionArgs = Partial<Pick<QueryMyBookingsArgs, 'minPosition'>>;

/** The root fields whose resolvers read through the answer cache and nothing else. */
export const cachedRootFields: ReadonlySet<string> = new Set([
  'categories',
  'products',
  'searchProducts',
  'advertisedProducts',
  'myBookings',
  'product',
]);

/**
 * Query resolvers of schema.gql (subscriptions.ts has the others): the read models' queries, with
 * the same permissions as REST. Those that read through the answer cache note it in the request's whole answer parts, so that a query
 * made of them only (`cachedRootFields`) can have its whole answer cached for next time.
 */
export function buildResolvers(app: FastifyInstance): IResolvers {
  const store = app.readModels.store;
  // Read your writes, as on REST: wait (bounded) for the position the client last wrote.
  const reach = async ({ minPosition }: MinPositionArgs): Promise<void> => {
    if (typeof minPosition === 'number') await app.readModels.waitFor(minPosition);
  };

  const cache = app.answerCache;

  // Typed from schema.gql (generated.ts): arguments, answers and, over HTTP, Mercurius's context.
  const Query = {
    categories: (_root, _args, ctx) =>
      cache.read(
        { key: 'categories', sources: categories.sources() },
        () => categories.run(store),
        ctx.wholeAnswerParts,
      ),
    category: (_root, args) => categoryById.run(store, args),
    products: async (_root, args, ctx) => {
      await reach(args);
      const limit = Math.min(Math.max(args.limit ?? DEFAULT_PAGE_SIZE, 1), 100);
      const query = {
        brand: args.brand,
        page: { limit, ...(args.after ? { after: args.after } : {}) },
      };
      return cache.read(
        {
          key: ['products', args.brand, limit, args.after ?? ''].join('\u0000'),
          sources: productsByBrand.sources(query),
          minPosition: args.minPosition ?? undefined,
        },
        () => productsByBrand.run(store, query),
        ctx.wholeAnswerParts,
      );
    },
    searchProducts: async (_root, args, ctx) => {
      const search = productSearchOf(args.search);
      await reach(args);
      const limit = Math.min(Math.max(args.limit ?? DEFAULT_PAGE_SIZE, 1), 100);
      const after = args.after ?? undefined;
      const query = { search, page: { limit, ...(after ? { after } : {}) } };
      return cache.read(
        {
          key: `searchProducts\u0000${searchKey(search, limit, after)}`,
          sources: searchProducts.sources(query),
          minPosition: args.minPosition ?? undefined,
        },
        () => searchProducts.run(store, query),
        ctx.wholeAnswerParts,
      );
    },
    product: async (_root, args, ctx) => {
      const actor = requireActor(ctx);
      await reach(args);
      // As GET /products/{id}: its seller, who never changes, names the answer's sources.
      const found = await store.get<ProductDocument>('products', args.id);
      if (!found) return null;
      const privileged = actor.isAdmin || actor.uid === found.sellerUid;
      const query = { id: args.id, sellerUid: found.sellerUid };
      const { page } = await cache.read(
        {
          key: ['product', args.id, privileged ? actor.uid : ''].join('\u0000'),
          sources: productDetails.sources(query),
          minPosition: args.minPosition ?? undefined,
        },
        async () => {
          const details = await productDetails.run(store, query);
          if (!details || (shownOnlyToItsOwn(details) && !privileged)) return { page: null };
          return { page: details };
        },
        ctx.wholeAnswerParts,
      );
      return page;
    },
    advertisedProducts: (_root, _args, ctx) =>
      cache.read(
        { key: 'advertisedProducts', sources: advertisedProducts.sources() },
        () => advertisedProducts.run(store),
        ctx.wholeAnswerParts,
      ),
    myBookings: async (_root, args, ctx) => {
      const actor = requireActor(ctx);
      await reach(args);
      // By account, as every personal read: never by the e-mail a new account may reuse.
      const query = { buyerUid: actor.uid };
      const { items } = await cache.read(
        {
          key: `myBookings\u0000${actor.uid}`,
          sources: buyerBookings.sources(query),
          minPosition: args.minPosition ?? undefined,
        },
        () => buyerBookings.run(store, query),
        ctx.wholeAnswerParts,
      );
      return items;
    },
    myProducts: async (_root, args, ctx) => {
      const actor = requireActor(ctx, 'seller');
      await reach(args);
      return sellerProducts.run(store, { sellerUid: actor.uid });
    },
    sellerBookings: async (_root, args, ctx) => {
      const actor = requireActor(ctx, 'seller');
      await reach(args);
      return (await sellerBookings.run(store, { sellerUid: actor.uid })).items;
    },
    users: async (_root, args, ctx) => {
      requireActor(ctx, 'admin');
      await reach(args);
      return users.run(store);
    },
    sellers: async (_root, args, ctx) => {
      requireActor(ctx, 'admin');
      await reach(args);
      return sellers.run(store);
    },
    reportedProducts: async (_root, args, ctx) => {
      requireActor(ctx, 'admin');
      await reach(args);
      return (await reportedProducts.run(store)).map(reportedProductOf);
    },
    me: (_root, _args, ctx) => {
      if (ctx.authError) throw ctx.authError;
      return ctx.actor;
    },
  } satisfies QueryResolvers<MercuriusContext>;

  // The read models hold images by name; answers give their URL under PUBLIC_URL.
  const publicUrl = app.config.PUBLIC_URL;
  const Product = {
    picture: ({ picture }) => imageUrl(publicUrl, picture),
  } satisfies ProductResolvers<MercuriusContext>;
  const ProductDetails = {
    picture: ({ picture }) => imageUrl(publicUrl, picture),
  } satisfies ProductDetailsResolvers<MercuriusContext>;
  // The fields every answer about a product has: of its two kinds, only a product's page has its
  // seller.
  const ListedProduct = {
    __resolveType: (product) => ('seller' in product ? 'ProductDetails' : 'Product'),
  } satisfies ListedProductResolvers<MercuriusContext>;
  const ReportedProduct = {
    picture: ({ picture }) => imageUrl(publicUrl, picture),
  } satisfies ReportedProductResolvers<MercuriusContext>;
  const Category = {
    image: ({ image }) => imageUrl(publicUrl, image),
  } satisfies CategoryResolvers<MercuriusContext>;
  return { Query, ListedProduct, Product, ProductDetails, ReportedProduct, Category };
}
