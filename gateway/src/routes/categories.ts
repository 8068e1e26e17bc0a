import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { getCategory, listCategories } from '@resale/workers/read-models';
import { notFound } from '../errors.ts';
import { Id, MinPosition } from '../schemas/common.ts';
import { Category } from '../schemas/documents.ts';

const Query = Type.Object({ minPosition: MinPosition }, { additionalProperties: false });

/** Brand categories (public). */
export default async function categoryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const store = app.readModels.store;

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
      async () => listCategories(store),
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
    async (request) => {
      const category = await getCategory(store, request.params.id);
      if (!category) throw notFound('This category does not exist');
      return category;
    },
  );
}
