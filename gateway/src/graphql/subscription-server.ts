import { createRequire } from 'node:module';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type * as GraphQL from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { LRUCache } from 'lru-cache';
import type { CallerContext } from './context.ts';
import { createSharedSubscribe } from './shared-execution.ts';

// The same graphql instance as Mercurius's schema and graphql-ws (see index.ts).
const { GraphQLError, getOperationAST, parse, specifiedRules, validate } = createRequire(
  import.meta.url,
)('graphql') as typeof GraphQL;

/** A WebSocket message of this protocol is a small JSON text; the HTTP body limit is 64 kB. */
const MAX_MESSAGE_BYTES = 64 * 1024;
/** Distinct subscription documents kept parsed and validated (the web client sends six). */
const PREPARED_DOCUMENTS = 200;

export interface SubscriptionServerOptions {
  /** The GET route whose WebSocket upgrades are served: registered after this. */
  readonly path: string;
  /** Mercurius's schema, known once it is registered. */
  readonly schema: () => GraphQL.GraphQLSchema;
  /** Rules beside graphql-js's own, as for queries over HTTP. */
  readonly validationRules: readonly GraphQL.ValidationRule[];
  /** Browsers always send Origin: only these pages may connect. Clients without one may. */
  readonly allowedOrigins: ReadonlySet<string>;
  /** The caller of a connection's `authorization` parameter; a refused token closes it. */
  readonly callerOf: (authorization: unknown) => Promise<CallerContext>;
  readonly keepAliveMs: number;
  readonly production: boolean;
  /** Why a document's text is refused before it is parsed (its length, its tokens). */
  readonly textProblem: (source: string) => string | undefined;
  /** Why a parsed document is refused before it is validated (its selections). */
  readonly documentProblem: (document: GraphQL.DocumentNode) => string | undefined;
  /** A validation message as production words it (without the schema's names). */
  readonly withoutSuggestions: (message: string) => string;
}

/**
 * A Subscription field's resolvers: its events for a caller, and each event's value. Methods, so
 * that each field's own argument and event types fit (graphql-js has coerced the arguments).
 */
export interface SubscriptionField {
  subscribe(root: unknown, args: unknown, context: CallerContext): Promise<AsyncIterable<unknown>>;
  resolve(event: unknown): unknown;
}

/**
 * Puts the resolvers on the schema's Subscription fields (Mercurius does so only when it serves
 * subscriptions itself). Every field must have them, and no resolver may name a missing field.
 */
export function defineSubscriptionFields(
  schema: GraphQL.GraphQLSchema,
  resolvers: Readonly<Record<string, SubscriptionField>>,
): void {
  const fields = schema.getSubscriptionType()?.getFields() ?? {};
  const names = new Set([...Object.keys(fields), ...Object.keys(resolvers)]);
  for (const name of names) {
    const field = fields[name];
    const resolver = resolvers[name];
    if (!field || !resolver) throw new Error(`Subscription.${name} lacks its field or resolvers`);
    field.subscribe = resolver.subscribe;
    field.resolve = resolver.resolve;
  }
}

/** A document as parsed and validated once for every subscriber that sends its text. */
type Prepared =
  | { readonly document: GraphQL.DocumentNode; readonly errors?: undefined }
  | { readonly document?: undefined; readonly errors: readonly GraphQL.GraphQLError[] };

interface ConnectionExtra extends Record<PropertyKey, unknown> {
  caller: CallerContext;
}

/**
 * GraphQL subscriptions over WebSocket, the graphql-transport-ws protocol: graphql-ws's server on
 * the `ws` server of @fastify/websocket, so upgrades pass Fastify's hooks as any request does.
 * It is graphql-ws rather than Mercurius's own transport because graphql-ws lets the execution be
 * ours: each change is executed once for all its subscribers (shared-execution.ts), where
 * Mercurius executed it once per subscriber.
 *
 * Queries go over HTTP, where the answer cache is; here they are refused.
 */
export async function serveSubscriptions(
  app: FastifyInstance,
  options: SubscriptionServerOptions,
): Promise<void> {
  const rules = [...specifiedRules, ...options.validationRules];
  const prepared = new LRUCache<string, Prepared>({ max: PREPARED_DOCUMENTS });
  const prepare = (query: string): Prepared => {
    let entry = prepared.get(query);
    if (!entry) {
      try {
        const problem = options.textProblem(query);
        if (problem !== undefined) return { errors: [new GraphQLError(problem)] };
        const document = parse(query);
        const documentProblem = options.documentProblem(document);
        if (documentProblem !== undefined) return { errors: [new GraphQLError(documentProblem)] };
        const errors = validate(options.schema(), document, rules).map((error) =>
          options.production
            ? new GraphQLError(options.withoutSuggestions(error.message), { nodes: error.nodes })
            : error,
        );
        entry = errors.length > 0 ? { errors } : { document };
      } catch (error) {
        entry = {
          errors: [error instanceof GraphQLError ? error : new GraphQLError(String(error))],
        };
      }
      prepared.set(query, entry);
    }
    return entry;
  };

  // graphql-ws takes each connection from the `ws` server's 'connection' event, which
  // @fastify/websocket emits before it calls the route's wsHandler: that has nothing left to do.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (route.url === options.path && methods.includes('GET')) route.wsHandler = () => {};
  });
  await app.register(websocket, {
    options: {
      maxPayload: MAX_MESSAGE_BYTES,
      // Refused with 401 before the upgrade.
      verifyClient: ({ origin }: { origin: string | undefined }) =>
        !origin || options.allowedOrigins.has(origin),
    },
  });

  useServer<Record<string, unknown> | undefined, ConnectionExtra>(
    {
      isProd: options.production,
      // connectionParams: { authorization: 'Bearer <accessToken>' }; a refused token closes (4403).
      onConnect: async (ctx) => {
        const params = ctx.connectionParams ?? {};
        const caller = await options.callerOf(params['authorization'] ?? params['Authorization']);
        if (caller.authError) return false;
        ctx.extra.caller = caller;
        return true;
      },
      onSubscribe: (ctx, _id, payload) => {
        const { document, errors } = prepare(payload.query);
        if (errors) return errors;
        const operation = getOperationAST(document, payload.operationName);
        if (operation && operation.operation !== 'subscription')
          return [
            new GraphQLError(
              `Only subscriptions are served over WebSocket; send a ${operation.operation} over HTTP`,
            ),
          ];
        return {
          schema: options.schema(),
          document,
          operationName: payload.operationName ?? null,
          variableValues: payload.variables ?? null,
          contextValue: ctx.extra.caller ?? { actor: null, authError: null },
        };
      },
      subscribe: createSharedSubscribe(),
    },
    app.websocketServer,
    options.keepAliveMs,
  );
}
