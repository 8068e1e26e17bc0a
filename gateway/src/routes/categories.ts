import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { categories, categoryById } from '@resale/workers/read-models';
import { notFound } from '../errors.ts';
import { imageUrls } from '../image-urls.ts';
import { Id, MinPosition } from '../schemas/common.ts';
import { Category } from '../schemas/documents.ts';

const Query = Type.Object({ minPosition: MinPosition }, { additionalProperties: false });

/** Brand categories (public). */
export default async function categoryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const store = app.readModels.store;
  const { category: withUrl } = imageUrls(app.config.PUBLIC_URL);

  for (const url of ['/categories', '/addProductCategory'])
    app.get(
      url,
      {
        schema: {
          tags: ['categories'],
          summary:
            url === '/categories'
              ? 'Every brand category'
              : 'The categories the add-product form offers',
          querystring: Query,
          response: { 200: Type.Array(Category) },
        },
      },
      async (request, reply) =>
        app.answerCache.send(
          reply,
          { key: url, sources: categories.sources(), minPosition: request.query.minPosition },
          async () => (await categories.run(store)).map(withUrl),
        ),
    );

  app.get(
    '/singlecategories/:id',
    {
      schema: {
        tags: ['categories'],
        summary: 'One category',
        params: Type.Object({ id: Id }),
        querystring: Query,
        response: { 200: Category },
      },
    },
    async (request, reply) =>
      app.answerCache.send(
        reply,
        {
          key: `/singlecategories\u0000${request.params.id}`,
          sources: categoryById.sources(request.params),
          minPosition: request.query.minPosition,
        },
        async () => {
          const category = await categoryById.run(store, request.params);
          if (!category) throw notFound('This category does not exist');
          return withUrl(category);
        },
      ),
  );
}
