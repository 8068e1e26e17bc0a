import type { FastifyInstance } from 'fastify';
import type { IResolvers, MercuriusContext } from 'mercurius';
import {
  getCategory,
  listAdvertisedProducts,
  listBookingsByEmail,
  listCategories,
  listProductsByBrand,
  listProductsBySeller,
  listReportedProducts,
  listSellers,
  listUsers,
} from '@resale/workers/read-models';
import { DEFAULT_PAGE_SIZE } from '../schemas/paging.ts';
import { requireActor } from './context.ts';
import { subscriptionResolvers } from './subscriptions.ts';

interface MinPositionArgs {
  minPosition?: number | null;
}
interface ProductsArgs extends MinPositionArgs {
  brand: string;
  limit?: number | null;
  after?: string | null;
}

/** Resolvers of schema.gql: reads from the read models, with the same permissions as REST. */
export function buildResolvers(app: FastifyInstance): IResolvers {
  const store = app.readModels.store;
  // Read your writes, as on REST: wait (bounded) for the position the client last wrote.
  const reach = async ({ minPosition }: MinPositionArgs): Promise<void> => {
    if (typeof minPosition === 'number') await app.readModels.waitFor(minPosition);
  };

  return {
    Query: {
      categories: () => listCategories(store),
      category: (_root: unknown, { id }: { id: string }) => getCategory(store, id),
      products: async (_root: unknown, args: ProductsArgs) => {
        await reach(args);
        const limit = Math.min(Math.max(args.limit ?? DEFAULT_PAGE_SIZE, 1), 100);
        return listProductsByBrand(store, args.brand, {
          limit,
          ...(args.after ? { after: args.after } : {}),
        });
      },
      advertisedProducts: () => listAdvertisedProducts(store),
      myBookings: async (_root: unknown, args: MinPositionArgs, ctx: MercuriusContext) => {
        const actor = requireActor(ctx);
        await reach(args);
        return (await listBookingsByEmail(store, actor.email)).items;
      },
      myProducts: async (_root: unknown, args: MinPositionArgs, ctx: MercuriusContext) => {
        const actor = requireActor(ctx, 'seller');
        await reach(args);
        return listProductsBySeller(store, actor.email);
      },
      users: async (_root: unknown, args: MinPositionArgs, ctx: MercuriusContext) => {
        requireActor(ctx, 'admin');
        await reach(args);
        return (await listUsers(store)).items;
      },
      sellers: async (_root: unknown, args: MinPositionArgs, ctx: MercuriusContext) => {
        requireActor(ctx, 'admin');
        await reach(args);
        return (await listSellers(store)).items;
      },
      reportedProducts: async (_root: unknown, args: MinPositionArgs, ctx: MercuriusContext) => {
        requireActor(ctx, 'admin');
        await reach(args);
        return listReportedProducts(store);
      },
      me: (_root: unknown, _args: unknown, ctx: MercuriusContext) => {
        if (ctx.authError) throw ctx.authError;
        return ctx.actor;
      },
    },
    Subscription: subscriptionResolvers(app),
  };
}
