import { createRequire } from 'node:module';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type * as GraphQL from 'graphql';
import { MessageType, stringifyMessage } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { LRUCache } from 'lru-cache';
import type { CallerContext } from './context.ts';
import { createSharedSubscribe } from './shared-execution.ts';

// The same graphql instance as Mercurius's schema and graphql-ws (see index.ts).
const { GraphQLError, getArgumentValues, getOperationAST, Kind, parse, specifiedRules, validate } =
  createRequire(import.meta.url)('graphql') as typeof GraphQL;

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
  /** Subscriptions one connection may hold at once. */
  readonly subscriptionsPerConnection: number;
  /** Subscriptions one signed-in caller may hold at once, over all their connections. */
  readonly subscriptionsPerCaller: number;
  /** Why a root field's argument value is refused (REST's bound on the same value), or undefined. */
  readonly argumentProblem: (name: string, value: unknown) => string | undefined;
  /** How often a connection holding subscriptions is sent the heartbeat; default the setting. */
  readonly heartbeatMs?: number;
  /** The position the heartbeat carries: the read models'; default the read store's checkpoint. */
  readonly latestPosition?: () => Promise<number>;
  /** Where every later notice reached this gateway; default the read models' notice reception. */
  readonly receivedAfter?: () => number;
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
  /** The signed-in caller whose subscriptions the connection's count towards (subscriptionsPerCaller). */
  callerKey?: string;
}

/** The subscriptions a connection holds: graphql-ws keeps each until it ends, pending ones too. */
interface HeldSubscriptions {
  readonly subscriptions: Readonly<Record<string, unknown>>;
}
const heldBy = (connection: HeldSubscriptions): number =>
  Object.keys(connection.subscriptions).length;

/** What the heartbeat needs of a connection: its socket, and whether it holds subscriptions. */
interface LiveConnection extends HeldSubscriptions {
  readonly acknowledged: boolean;
  readonly extra: { readonly socket: { readonly readyState: number; send(data: string): void } };
}

/** ws's WebSocket.OPEN. */
const SOCKET_OPEN = 1;

/**
 * Every `heartbeatMs`, sends each connection that holds a subscription a graphql-ws ping whose
 * payload is `{ position, receivedAfter }`: the read models' latest position, and the position
 * after which every change notice reached this gateway. A live list that last saw a position
 * before `receivedAfter` may have missed a notice (lost between the projector and this gateway)
 * and catches up; the others, however far the log has moved, missed nothing. One read of the
 * position per beat, for every connection.
 */
function startHeartbeat(
  connections: ReadonlySet<LiveConnection>,
  heartbeatMs: number,
  latestPosition: () => Promise<number>,
  receivedAfter: () => number,
  onError: (error: unknown) => void,
): () => void {
  let beating = false;
  const beat = async (): Promise<void> => {
    const live = [...connections].filter(
      (connection) =>
        connection.acknowledged &&
        heldBy(connection) > 0 &&
        connection.extra.socket.readyState === SOCKET_OPEN,
    );
    if (live.length === 0) return;
    const message = stringifyMessage({
      type: MessageType.Ping,
      payload: { position: await latestPosition(), receivedAfter: receivedAfter() },
    });
    for (const connection of live)
      if (connection.extra.socket.readyState === SOCKET_OPEN) connection.extra.socket.send(message);
  };
  const timer = setInterval(() => {
    if (beating) return;
    beating = true;
    beat()
      .catch(onError)
      .finally(() => (beating = false));
  }, heartbeatMs);
  timer.unref();
  return () => clearInterval(timer);
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

  /** The connections of each caller, to count what they hold together. */
  const connectionsOf = new Map<string, Set<HeldSubscriptions>>();
  /** Every connection let in, for the heartbeat. */
  const liveConnections = new Set<LiveConnection>();
  const stopHeartbeat = startHeartbeat(
    liveConnections,
    options.heartbeatMs ?? app.config.SUBSCRIPTION_HEARTBEAT_MS,
    options.latestPosition ?? (() => app.readModels.store.checkpoint()),
    options.receivedAfter ?? (() => app.readModels.reception.receivedAfter()),
    (error) => app.log.warn({ err: error }, 'the subscriptions heartbeat could not be sent'),
  );
  app.addHook('onClose', async () => stopHeartbeat());

  /** Why the root fields' arguments of an operation are refused, or undefined. */
  const argumentsProblem = (
    document: GraphQL.DocumentNode,
    operationName: string | null | undefined,
    variables: Readonly<Record<string, unknown>> | null | undefined,
  ): string | undefined => {
    const operation = getOperationAST(document, operationName);
    const fields = options.schema().getSubscriptionType()?.getFields() ?? {};
    for (const selection of operation?.selectionSet.selections ?? []) {
      const field = selection.kind === Kind.FIELD ? fields[selection.name.value] : undefined;
      if (!field || selection.kind !== Kind.FIELD) continue;
      let values: Record<string, unknown>;
      try {
        values = getArgumentValues(field, selection, variables ?? {});
      } catch {
        // Values of the wrong type: the execution says which, in graphql-js's words.
        continue;
      }
      for (const [name, value] of Object.entries(values)) {
        const problem = value === null ? undefined : options.argumentProblem(name, value);
        if (problem !== undefined) return problem;
      }
    }
    return undefined;
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
        liveConnections.add(ctx);
        // Signed out, nothing can be held: every feed is for signed-in callers (subscriptions.ts).
        if (!caller.actor) return true;
        const callerKey = `account:${caller.actor.uid}`;
        ctx.extra.callerKey = callerKey;
        let connections = connectionsOf.get(callerKey);
        if (!connections) connectionsOf.set(callerKey, (connections = new Set()));
        connections.add(ctx);
        return true;
      },
      onClose: (ctx) => {
        liveConnections.delete(ctx);
        const { callerKey } = ctx.extra;
        if (callerKey === undefined) return;
        const connections = connectionsOf.get(callerKey);
        connections?.delete(ctx);
        if (connections?.size === 0) connectionsOf.delete(callerKey);
      },
      onSubscribe: (ctx, _id, payload) => {
        // graphql-ws already holds this one (pending) among the connection's.
        if (heldBy(ctx) > options.subscriptionsPerConnection)
          return [
            new GraphQLError(
              `A connection may hold at most ${options.subscriptionsPerConnection} subscriptions at once; complete one first`,
            ),
          ];
        let held = 0;
        const { callerKey } = ctx.extra;
        for (const connection of callerKey === undefined
          ? [ctx]
          : (connectionsOf.get(callerKey) ?? []))
          held += heldBy(connection);
        if (held > options.subscriptionsPerCaller)
          return [
            new GraphQLError(
              `You may hold at most ${options.subscriptionsPerCaller} subscriptions at once over all your connections; complete one first`,
            ),
          ];
        const { document, errors } = prepare(payload.query);
        if (errors) return errors;
        const operation = getOperationAST(document, payload.operationName);
        if (operation && operation.operation !== 'subscription')
          return [
            new GraphQLError(
              `Only subscriptions are served over WebSocket; send a ${operation.operation} over HTTP`,
            ),
          ];
        const problem = argumentsProblem(document, payload.operationName, payload.variables);
        if (problem !== undefined) return [new GraphQLError(problem)];
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
