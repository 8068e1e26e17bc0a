import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  advertisedProducts,
  productsByBrand,
  reportedProducts,
  searchProducts,
  sellerProducts,
} from '@resale/workers/read-models';
import { forbidden } from '../errors.ts';
import { imageUrls } from '../image-urls.ts';
import { actorOfRequest } from '../plugins/app/authentication.ts';
import { ListOrPage } from '../schemas/answers.ts';
import { Email, MinPosition, PageQuery } from '../schemas/common.ts';
import { Product } from '../schemas/documents.ts';
import { DEFAULT_PAGE_SIZE, listOrPage, pageRequestOf } from '../schemas/paging.ts';
import { ProductSearchQuery, productSearchOf, searchKey } from '../schemas/product-search.ts';

const Query = Type.Object({ minPosition: MinPosition }, { additionalProperties: false });

/** Product lists: by brand, advertised, a seller's own, reported. Deleted products never appear. */
export default async function productReadRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const store = app.readModels.store;
  const { product } = imageUrls(app.config.PUBLIC_URL);

  app.get(
    '/allProducts/:categoryTitle',
    {
      schema: {
        tags: ['products'],
        summary: 'Products of a category (brand), newest first; booked ones say so',
        params: Type.Object({ categoryTitle: Type.String({ minLength: 1, maxLength: 200 }) }),
        querystring: Type.Object(PageQuery, { additionalProperties: false }),
        response: { 200: ListOrPage(Product) },
      },
    },
    async (request, reply) => {
      const brand = request.params.categoryTitle;
      const { limit, after, minPosition } = request.query;
      const args = { brand, page: pageRequestOf(request.query) };
      return app.answerCache.send(
        reply,
        {
          key: ['/allProducts', brand, limit ?? '', after ?? ''].join('\u0000'),
          sources: productsByBrand.sources(args),
          minPosition,
        },
        async () => {
          const found = await productsByBrand.run(store, args);
          return listOrPage({ ...found, items: found.items.map(product) }, args.page);
        },
      );
    },
  );

  app.get(
    '/products',
    {
      schema: {
        tags: ['products'],
        summary: 'Search products: keywords, filters and order, page by page',
        description:
          'Keywords match word prefixes of the name, brand and description, in any case and ' +
          'without regard to accents; every filter given must hold. Pages go on with `after` ' +
          "(the previous page's `nextCursor`), also while products are listed or booked.",
        querystring: ProductSearchQuery,
        response: {
          200: Type.Object({
            items: Type.Array(Product),
            nextCursor: Type.Union([Type.String(), Type.Null()]),
          }),
        },
      },
    },
    async (request, reply) => {
      const { q, brand, minPrice, maxPrice, condition, maxYears, verified, available, sort } =
        request.query;
      const search = productSearchOf({
        q,
        brand,
        minPrice,
        maxPrice,
        conditions: condition,
        maxYears,
        verifiedOnly: verified,
        availableOnly: available,
        sort,
      });
      const { limit = DEFAULT_PAGE_SIZE, after, minPosition } = request.query;
      const args = { search, page: { limit, ...(after ? { after } : {}) } };
      return app.answerCache.send(
        reply,
        {
          key: `/products\u0000${searchKey(search, limit, after)}`,
          sources: searchProducts.sources(args),
          minPosition,
        },
        async () => {
          const found = await searchProducts.run(store, args);
          return { items: found.items.map(product), nextCursor: found.nextCursor };
        },
      );
    },
  );

  app.get(
    '/advertisedProducts',
    {
      schema: {
        tags: ['products'],
        summary: 'Advertised, available products for the home page',
        querystring: Query,
        response: { 200: Type.Array(Product) },
      },
    },
    async (request, reply) =>
      app.answerCache.send(
        reply,
        {
          key: '/advertisedProducts',
          sources: advertisedProducts.sources(),
          minPosition: request.query.minPosition,
        },
        async () => (await advertisedProducts.run(store)).map(product),
      ),
  );

  app.get(
    '/myProducts/:email',
    {
      config: { auth: 'seller' },
      schema: {
        tags: ['products'],
        summary: "The calling seller's own products",
        params: Type.Object({ email: Email }),
        querystring: Query,
        response: { 200: Type.Array(Product) },
      },
    },
    async (request) => {
      const actor = actorOfRequest(request);
      if (request.params.email.toLowerCase() !== actor.email)
        throw forbidden('You can only see your own products');
      return (await sellerProducts.run(store, { sellerEmail: actor.email })).map(product);
    },
  );

  app.get(
    '/reportedProducts',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['products'],
        summary: 'Reported products (admins)',
        querystring: Query,
        response: { 200: Type.Array(Product) },
      },
    },
    async () => (await reportedProducts.run(store)).map(product),
  );
}
