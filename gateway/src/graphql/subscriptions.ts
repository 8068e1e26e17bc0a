import type { FastifyInstance } from 'fastify';
import { changeTopic, rebuiltTopic } from '@resale/workers';
import type { User } from '@resale/events';
import {
  buyerBookings,
  productDetails,
  productsByBrand,
  searchProducts,
  reportedProducts,
  sellerBookings,
  sellerProducts,
  sellers,
  users,
  type ChangeSource,
  type ProductDocument,
  type ReadModelChange,
} from '@resale/workers/read-models';
import { graphqlCodeOfStatus, notFound, toErrorBody } from '../errors.ts';
import { actorFrom, type Actor } from '../plugins/app/authentication.ts';
import { ChangeFeed } from './change-feed.ts';
import { requireActor, type CallerContext } from './context.ts';
import type {
  Change,
  SubscriptionMyBookingsChangedArgs,
  SubscriptionProductChangedArgs,
  SubscriptionProductSearchChangedArgs,
  SubscriptionProductsChangedArgs,
  SubscriptionResolvers,
} from './generated.ts';

/** Who may receive a feed's changes; 'self': the caller's own account, deleted or not. */
type Audience = 'user' | 'seller' | 'admin' | 'self';

interface Feed<A> {
  audience: Audience;
  /**
   * What the subscription follows: the change sources of the query its client re-runs (read from
   * the read models where they depend on a document, e.g. a product's seller).
   */
  sources(actor: Actor, args: A): readonly ChangeSource[] | Promise<readonly ChangeSource[]>;
  /** Which of the sources' changes the caller receives; all of them without it. */
  admits?(change: ReadModelChange, actor: Actor): boolean;
}

/** The argument of every subscription: the last position the client saw. */
type AfterArgs = Partial<SubscriptionMyBookingsChangedArgs>;

/** The `Change` a client receives: which read model moved, to which position, which documents. */
const toChange = (change: ReadModelChange): Change => ({
  topic: change.topic,
  position: change.position,
  ids: change.ids,
});

/**
 * The error a refused subscription ends with. It reaches graphql-ws without passing the error
 * formatter, so it carries its `extensions.code` itself (GraphQL copies an original error's
 * extensions), as refusals of queries do, and a server fault's message is the formatter's.
 */
export function subscriptionRefusal(error: unknown): Error {
  const body = toErrorBody(error);
  return Object.assign(new Error(body.message), {
    extensions: { code: graphqlCodeOfStatus(body.statusCode), statusCode: body.statusCode },
  });
}

function requireSubscriber(context: CallerContext, role?: 'admin' | 'seller'): Actor {
  try {
    return requireActor(context, role);
  } catch (error) {
    throw subscriptionRefusal(error);
  }
}

/**
 * The pub/sub topics a subscription listens to: each source's own, and for a keyed source its
 * model's rebuild notices too, which reach no key's topic (see `rebuiltTopic`), unless the model is
 * followed whole anyway.
 */
export function topicsFollowed(sources: readonly ChangeSource[]): string[] {
  const whole = new Set(sources.filter((s) => s.key === null).map((s) => s.topic));
  const keyed = new Set(sources.filter((s) => s.key !== null).map((s) => s.topic));
  return [
    ...sources.map(({ topic, key }) => changeTopic(topic, key)),
    ...[...keyed].filter((topic) => !whole.has(topic)).map(rebuiltTopic),
  ];
}

/**
 * Each subscription follows the change sources of the query its client re-runs (declared with the
 * query, in workers' read-model folders): a user's bookings and a seller's products by account (uid), a
 * brand's products by brand, the admin lists whole; product lists also follow the sellers, whose
 * verification they show; after an operator's replay, keyed ones hear of the swap as the whole
 * ones do. On (re)connect with `after`, one Change is sent first when the read
 * models have moved past it, so the client refetches what it missed. Every change delivered is
 * checked against the caller's current rights: a deleted or demoted user stops receiving at once.
 */
export function subscriptionResolvers(app: FastifyInstance) {
  /** Whether a user's rights now let them receive a change of this audience. */
  const allows = (user: User, audience: Audience): boolean => {
    // Their own account's deletion too: the page then signs out, saying why.
    if (audience === 'self') return true;
    if (user.status !== 'registered') return false;
    const now = actorFrom(user);
    if (audience === 'admin') return now.isAdmin;
    if (audience === 'seller') return now.isSeller;
    return true;
  };
  /**
   * Whether the caller may still receive a change, by their rights now (not at subscribe time).
   * In the embedded profile the user state is cached in memory (authentication.ts): a change
   * reaching 1,000 subscribers is then admitted without a read or a promise for any of them.
   */
  const stillAllowed = (ctx: CallerContext, audience: Audience): boolean | Promise<boolean> => {
    if (!ctx.actor) return false;
    const user = app.auth.loadUser(ctx.actor.uid);
    return user instanceof Promise
      ? user.then((loaded) => allows(loaded, audience))
      : allows(user, audience);
  };

  const feed = <A extends AfterArgs>(definition: Feed<A>) => ({
    subscribe: async (_root: unknown, args: A, ctx: CallerContext) => {
      const actor = requireSubscriber(
        ctx,
        definition.audience === 'user' || definition.audience === 'self'
          ? undefined
          : definition.audience,
      );
      let sources: readonly ChangeSource[];
      try {
        sources = await definition.sources(actor, args);
      } catch (error) {
        throw subscriptionRefusal(error);
      }
      const changes = new ChangeFeed<ReadModelChange>(() => stillAllowed(ctx, definition.audience));
      const onChange = (payload: unknown): void => {
        const change = payload as ReadModelChange;
        if (!definition.admits || definition.admits(change, actor)) changes.push(change);
      };
      try {
        for (const topic of topicsFollowed(sources))
          changes.stopsWith(await app.readModels.pubsub.subscribe(topic, onChange));
      } catch (error) {
        await changes.return();
        throw error;
      }
      const [first] = sources;
      if (typeof args.after === 'number' && first) {
        try {
          const reached = await app.readModels.store.checkpoint();
          if (reached > args.after)
            changes.push({ ...first, ids: [], position: reached } satisfies ReadModelChange);
        } catch (error) {
          // The subscription is refused: its pub/sub listeners must not outlive it.
          await changes.return();
          app.log.error({ err: error, sources }, 'a subscription could not read the checkpoint');
          throw subscriptionRefusal(error);
        }
      }
      return changes;
    },
    resolve: toChange,
  });

  // Typed from schema.gql (generated.ts): every field of Subscription, its arguments and answer.
  return {
    myBookingsChanged: feed<AfterArgs>({
      audience: 'user',
      sources: (actor) => buyerBookings.sources({ buyerUid: actor.uid }),
    }),
    reportedProductsChanged: feed<AfterArgs>({
      audience: 'admin',
      sources: () => reportedProducts.sources(),
    }),
    productsChanged: feed<SubscriptionProductsChangedArgs>({
      audience: 'user',
      sources: (_actor, { brand }) => productsByBrand.sources({ brand }),
    }),
    productChanged: feed<SubscriptionProductChangedArgs>({
      audience: 'user',
      sources: async (_actor, { id }) => {
        const found = await app.readModels.store.get<ProductDocument>('products', id);
        if (!found) throw notFound('This product does not exist');
        return productDetails.sources({ id, sellerUid: found.sellerUid });
      },
    }),
    productSearchChanged: feed<SubscriptionProductSearchChangedArgs>({
      audience: 'user',
      sources: (_actor, { brand }) =>
        searchProducts.sources({ search: brand ? { brand } : {}, page: { limit: 1 } }),
    }),
    meChanged: feed<AfterArgs>({
      audience: 'self',
      // A seller's record has the uid of its user: deleting it ends the account's rights too.
      sources: () => [...users.sources(), ...sellers.sources()],
      // The caller's own document only; a rebuild (no ids) may have changed it.
      admits: (change, actor) => change.ids.length === 0 || change.ids.includes(actor.uid),
    }),
    usersChanged: feed<AfterArgs>({
      audience: 'admin',
      sources: () => users.sources(),
    }),
    sellersChanged: feed<AfterArgs>({
      audience: 'admin',
      sources: () => sellers.sources(),
    }),
    myProductsChanged: feed<AfterArgs>({
      audience: 'seller',
      sources: (actor) => sellerProducts.sources({ sellerUid: actor.uid }),
    }),
    sellerBookingsChanged: feed<AfterArgs>({
      audience: 'seller',
      sources: (actor) => sellerBookings.sources({ sellerUid: actor.uid }),
    }),
    // The audit timeline's feed follows the log, not the read models: audit-resolvers.ts.
  } satisfies Required<Omit<SubscriptionResolvers<CallerContext>, 'auditTimelineChanged'>>;
}
