import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  advertisedProducts,
  productDetails,
  productsByBrand,
  reportedProductOf,
  reportedProducts,
  searchProducts,
  sellerProducts,
  type ProductDocument,
  type ProductStatus,
} from '@resale/workers/read-models';
import { forbidden, notFound } from '../errors.ts';
import { imageUrls } from '../image-urls.ts';
import { actorOfRequest } from '../plugins/app/authentication.ts';
import { ListOrPage } from '../schemas/answers.ts';
import { Email, Id, MinPosition, PageQuery } from '../schemas/common.ts';
import { Product, ProductDetails, ReportedProduct } from '../schemas/documents.ts';
import { DEFAULT_PAGE_SIZE, listOrPage, pageRequestOf } from '../schemas/paging.ts';
import { ProductSearchQuery, productSearchOf, searchKey } from '../schemas/product-search.ts';

const Query = Type.Object({ minPosition: MinPosition }, { additionalProperties: false });

/** Statuses in which a product's page is its seller's and the admins' only. */
export const hiddenStatuses: ReadonlySet<ProductStatus> = new Set(['unavailable', 'withdrawn']);

/** Whether a product's page is its seller's and the admins' only: by its status, or hidden by an admin. */
export const shownOnlyToItsOwn = (product: {
  readonly status: ProductStatus;
  readonly hidden: boolean;
}): boolean => hiddenStatuses.has(product.status) || product.hidden;

const unknownProduct = () => notFound('This product does not exist');

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
    '/products/:productId',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['products'],
        summary: "A product's page: the product, its price history and its seller",
        description:
          'Any signed-in user sees a product on sale, booked or sold; one its seller took off ' +
          'sale (unavailable) or withdrew only its seller and the admins see (404 for others).',
        params: Type.Object({ productId: Id }),
        querystring: Query,
        response: { 200: ProductDetails },
      },
    },
    async (request, reply) => {
      const actor = actorOfRequest(request);
      const { productId } = request.params;
      const { minPosition } = request.query;
      if (minPosition !== undefined) await app.readModels.waitFor(minPosition);
      // Its seller never changes: they name the answer's change sources.
      const found = await store.get<ProductDocument>('products', productId);
      if (!found) throw unknownProduct();
      const privileged = actor.isAdmin || actor.uid === found.sellerUid;
      const args = { id: productId, sellerUid: found.sellerUid };
      return app.answerCache.send(
        reply,
        {
          // The seller's and the admins' answers may show what the others' do not.
          key: ['/products/', productId, privileged ? actor.uid : ''].join('\u0000'),
          sources: productDetails.sources(args),
          minPosition,
        },
        async () => {
          const details = await productDetails.run(store, args);
          if (!details || (shownOnlyToItsOwn(details) && !privileged)) throw unknownProduct();
          return product(details);
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
      // Read by the account: a new account may reuse a deleted one's e-mail.
      return (await sellerProducts.run(store, { sellerUid: actor.uid })).map(product);
    },
  );

  app.get(
    '/reportedProducts',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['products'],
        summary: 'Reported products (admins): one case per listing, the latest reported first',
        description:
          'Each listing with open reports or hidden by an admin, with its open reports (who and ' +
          'why), the admin who claimed it and its review request. Live: the GraphQL ' +
          'subscription reportedProductsChanged.',
        querystring: Query,
        response: { 200: Type.Array(ReportedProduct) },
      },
    },
    async () =>
      (await reportedProducts.run(store)).map((found) => reportedProductOf(product(found))),
  );
}
