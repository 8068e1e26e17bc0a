import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import {
  AUDIT_PAGE_MAX,
  AUDIT_PAGE_SIZE,
  auditSearchOf,
  auditService,
  checkLogPosition,
  isStreamId,
} from '../admin-audit.ts';
import { HttpProblem } from '../errors.ts';
import { actorFrom } from '../plugins/app/authentication.ts';
import type { StreamEvent } from '../stream-histories.ts';
import { ChangeFeed } from './change-feed.ts';
import { requireActor, type CallerContext } from './context.ts';
import type {
  Change,
  QueryResolvers,
  SubscriptionAuditTimelineChangedArgs,
  SubscriptionResolvers,
} from './generated.ts';
import { subscriptionRefusal } from './subscriptions.ts';

/** Streams one live timeline may follow: a user's two, with room for a few more. */
const STREAMS_MAX = 10;
const idPattern = /^[A-Za-z0-9_-]{1,128}$/;
const eventTypePattern = /^[A-Za-z]{1,64}$/;

const refuse = (message: string, field: string) => new HttpProblem(400, message, field);

/** GraphQL arguments bounded as REST bounds the same values (routes/audit.ts). */
function checkText(value: string | null | undefined, field: string, max: number): void {
  if (value != null && (value.length === 0 || value.length > max))
    throw refuse(`${field} must be 1-${max} characters long`, field);
}
function checkPosition(value: number | null | undefined, field: string): void {
  if (value != null) checkLogPosition(value, field);
}

/**
 * The audit's GraphQL fields (audit.gql): admins only, with the same answers as REST. The live
 * timeline follows the log (StreamHistories), so every new event of its streams is announced.
 */
export function auditResolvers(app: FastifyInstance) {
  const audit = auditService(app);

  const Query = {
    auditTimeline: async (_root, args, ctx) => {
      requireActor(ctx, 'admin');
      checkText(args.q, 'q', 200);
      checkText(args.email, 'email', 320);
      if (args.email != null && !args.email.includes('@'))
        throw refuse('email must be an e-mail address', 'email');
      checkText(args.actor, 'actor', 320);
      checkPosition(args.after, 'after');
      const types = args.types ?? [];
      if (types.length > 50 || !types.every((type) => eventTypePattern.test(type)))
        throw refuse('types must be at most 50 event type names', 'types');
      const limit = args.limit ?? AUDIT_PAGE_SIZE;
      // The log has the event already; the actors' names come from the users read model.
      if (args.minPosition != null) {
        checkPosition(args.minPosition, 'minPosition');
        await app.readModels.waitFor(args.minPosition);
      }
      if (!Number.isInteger(limit) || limit < 1 || limit > AUDIT_PAGE_MAX)
        throw refuse(`limit must be 1-${AUDIT_PAGE_MAX}`, 'limit');
      return audit.timeline({
        search: auditSearchOf(args),
        types,
        actor: args.actor ?? undefined,
        after: args.after ?? undefined,
        limit,
      });
    },
    listingAsOf: async (_root, args, ctx) => {
      requireActor(ctx, 'admin');
      if (!idPattern.test(args.productId)) throw refuse('productId is not an id', 'productId');
      checkPosition(args.position, 'position');
      return audit.listingAsOf(args.productId, args.position);
    },
  } satisfies Pick<QueryResolvers<MercuriusContext>, 'auditTimeline' | 'listingAsOf'>;

  /** Whether the caller is still an admin now: a demoted or deleted one stops receiving. */
  const stillAdmin = async (ctx: CallerContext): Promise<boolean> => {
    if (!ctx.actor) return false;
    const user = await app.auth.loadUser(ctx.actor.uid);
    return user.status === 'registered' && actorFrom(user).isAdmin;
  };

  const Subscription = {
    auditTimelineChanged: {
      subscribe: async (
        _root: unknown,
        args: SubscriptionAuditTimelineChangedArgs,
        ctx: CallerContext,
      ) => {
        try {
          requireActor(ctx, 'admin');
          const { streams, after } = args;
          if (streams.length === 0 || streams.length > STREAMS_MAX)
            throw refuse(`streams must name 1-${STREAMS_MAX} streams`, 'streams');
          if (!streams.every(isStreamId))
            throw refuse('streams must be stream ids (product-, user-, seller-, ...)', 'streams');
          if (after != null && !Number.isFinite(after))
            throw refuse('after is not a number', 'after');
        } catch (error) {
          throw subscriptionRefusal(error);
        }
        const changes = new ChangeFeed<StreamEvent>(() => stillAdmin(ctx));
        changes.stopsWith(
          await audit.histories.watch(args.streams, (event) => changes.push(event)),
        );
        // Caught up on (re)connect: the streams' newest event, when the client has not seen it.
        if (typeof args.after === 'number') {
          const seen = args.after;
          const newest = (
            await Promise.all(args.streams.map((id) => audit.histories.readStream(id)))
          )
            .map((events) => events.at(-1))
            .filter((event) => event !== undefined && event.position > seen)
            .sort((a, b) => (a?.position ?? 0) - (b?.position ?? 0))
            .at(-1);
          if (newest) changes.push({ streamId: newest.streamId, position: newest.position });
        }
        return changes;
      },
      resolve: (event: StreamEvent): Change => ({
        topic: 'audit',
        position: event.position,
        ids: [event.streamId],
      }),
    },
  } satisfies Pick<SubscriptionResolvers<CallerContext>, 'auditTimelineChanged'>;

  return { Query, Subscription };
}
