import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { requireActor } from './context.ts';
import type { QueryResolvers } from './generated.ts';

/** The operations page's query (operations.gql): admins only, the same answer as REST. */
export function operationsResolvers(app: FastifyInstance) {
  return {
    operations: async (_root, _args, ctx) => {
      requireActor(ctx, 'admin');
      return app.operations.status();
    },
  } satisfies Pick<QueryResolvers<MercuriusContext>, 'operations'>;
}
