import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type * as GraphQL from 'graphql';
import mercurius from 'mercurius';
import { Compile, type Validator } from 'typebox/compile';
import { readModelTypeDefs } from '@resale/workers/graphql-types';
import { graphqlCodeOfStatus, HttpProblem, toErrorBody } from '../errors.ts';
import { WholeAnswerParts } from '../plugins/app/answer-cache.ts';
import type { Actor } from '../plugins/app/authentication.ts';
import { addRouteHook } from '../plugins/app/route-hooks.ts';
import { ProductSearchQuery } from '../schemas/product-search.ts';
import type { CallerContext } from './context.ts';
import { auditResolvers } from './audit-resolvers.ts';
import { operationsResolvers } from './operations-resolvers.ts';
import graphiql from './graphiql.ts';
import { buildResolvers, cachedRootFields } from './resolvers.ts';
import { defineSubscriptionFields, serveSubscriptions } from './subscription-server.ts';
import { subscriptionResolvers } from './subscriptions.ts';

// Mercurius loads graphql as CommonJS; rules and errors must come from that same instance
// (graphql refuses to mix its ESM and CJS copies).
const { GraphQLError, Kind, Lexer, NoSchemaIntrospectionCustomRule, Source, TokenKind } =
  createRequire(import.meta.url)('graphql') as typeof GraphQL;

/** The gateway's schema: the read models' document types, and its queries and subscriptions. */
export const schema = [
  readModelTypeDefs,
  readFileSync(new URL('./schema.gql', import.meta.url), 'utf8'),
  readFileSync(new URL('./audit.gql', import.meta.url), 'utf8'),
  readFileSync(new URL('./operations.gql', import.meta.url), 'utf8'),
].join('\n');

/** No query of this schema needs more (GraphiQL gets the schema without a query: graphiql.ts). */
const QUERY_DEPTH_LIMIT = 7;
/** The web client uses none; GraphiQL users get a few. */
export const QUERY_ALIAS_LIMIT = 10;

/**
 * What a query may cost before it is parsed and validated. graphql-js's validation grows faster
 * than the text (overlapping fields are compared pairwise): a 60 kB query of repeated fields or
 * inline fragments held the event loop for most of a second. These bounds are checked first, in
 * that order, each cheaper than what it spares: the length at once, the tokens by the lexer
 * alone, the selections on the parsed document before any validation rule runs. The web client's
 * largest document is far below each (under 1,000 characters).
 */
export const QUERY_MAX_LENGTH = 8_000;
export const QUERY_MAX_TOKENS = 1_000;
/** Fields, fragment spreads and inline fragments, in every operation and fragment together. */
export const QUERY_MAX_SELECTIONS = 150;

/**
 * Why a query's text is refused before it is parsed, or undefined. A text that does not lex is
 * left to the parser, which says where.
 */
export function queryTextProblem(source: string): string | undefined {
  if (source.length > QUERY_MAX_LENGTH)
    return `A query may be at most ${QUERY_MAX_LENGTH} characters long`;
  const lexer = new Lexer(new Source(source));
  try {
    let tokens = 0;
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      tokens += 1;
      if (tokens > QUERY_MAX_TOKENS)
        return `A query may have at most ${QUERY_MAX_TOKENS} tokens (names, values and punctuation)`;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** Why a parsed document is refused before it is validated, or undefined. */
export function documentProblem(document: GraphQL.DocumentNode): string | undefined {
  let selections = 0;
  const pending: GraphQL.SelectionSetNode[] = [];
  for (const definition of document.definitions)
    if ('selectionSet' in definition && definition.selectionSet)
      pending.push(definition.selectionSet);
  for (let set = pending.pop(); set; set = pending.pop()) {
    selections += set.selections.length;
    if (selections > QUERY_MAX_SELECTIONS)
      return `A query may have at most ${QUERY_MAX_SELECTIONS} fields and fragments`;
    for (const selection of set.selections)
      if (selection.kind !== Kind.FRAGMENT_SPREAD && selection.selectionSet)
        pending.push(selection.selectionSet);
  }
  return undefined;
}

/**
 * Subscription arguments bounded as REST bounds the same value: a brand, as GET /products and
 * /allProducts/{categoryTitle} take it. (`after` is a number.)
 */
const argumentValidators: ReadonlyMap<string, Validator> = new Map([
  ['brand', Compile(ProductSearchQuery.properties.brand)],
]);
const argumentProblem = (name: string, value: unknown): string | undefined => {
  const validator = argumentValidators.get(name);
  if (!validator || validator.Check(value)) return undefined;
  const [error] = validator.Errors(value);
  return `${name} ${error?.message ?? 'is not valid'}`;
};

/**
 * graphql-js words some validation errors with a guess at what was meant ("Did you mean
 * "email"?"): with introspection off, production must not hand out the schema's names that way.
 */
const withoutSuggestions = (message: string): string =>
  message.replace(/ Did you mean [^?]*\?$/s, '');

/**
 * Each alias runs its field once more (a read, and with `minPosition` a wait): without a limit a
 * 64 kB query could ask for the same list thousands of times.
 */
const aliasLimit = (context: GraphQL.ValidationContext): GraphQL.ASTVisitor => {
  let aliases = 0;
  return {
    Field(node) {
      if (!node.alias || node.alias.value === node.name.value) return;
      aliases += 1;
      if (aliases === QUERY_ALIAS_LIMIT + 1)
        context.reportError(
          new GraphQLError(`A query may use at most ${QUERY_ALIAS_LIMIT} aliases`, { nodes: node }),
        );
    },
  };
};

/**
 * What a JSON text can start with: a string, number, array, literal, or an object that is empty or
 * has a quoted key (a GraphQL document's `{` is followed by a field name).
 */
const mayBeJson = /^\s*(?:["[\d-]|true|false|null|\{\s*["}])/;

/**
 * Whether every operation of a document asks only for root fields read through the cache. Its
 * fragments are what its operations spread: a root selection is looked for through them (the web
 * client's queries spread their fields from fragments), and what they select below a root field is
 * that field's own answer.
 */
function onlyCachedRootFields(document: GraphQL.DocumentNode): boolean {
  const fragments = new Map<string, GraphQL.FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === 'FragmentDefinition') fragments.set(definition.name.value, definition);
  // Each fragment is looked through once. Validation has refused a document whose fragments
  // spread themselves; one met again while being looked through counts as uncached anyway.
  const fragmentIsCachedOnly = new Map<string, boolean>();
  const cachedOnly = (selections: readonly GraphQL.SelectionNode[]): boolean =>
    selections.every((selection) => {
      if (selection.kind === 'Field')
        return cachedRootFields.has(selection.name.value) || selection.name.value === '__typename';
      if (selection.kind === 'InlineFragment') return cachedOnly(selection.selectionSet.selections);
      const name = selection.name.value;
      const known = fragmentIsCachedOnly.get(name);
      if (known !== undefined) return known;
      const fragment = fragments.get(name);
      fragmentIsCachedOnly.set(name, false);
      const result = fragment !== undefined && cachedOnly(fragment.selectionSet.selections);
      fragmentIsCachedOnly.set(name, result);
      return result;
    });
  return document.definitions.every(
    (definition) =>
      definition.kind === 'FragmentDefinition' ||
      (definition.kind === 'OperationDefinition' &&
        definition.operation === 'query' &&
        cachedOnly(definition.selectionSet.selections)),
  );
}

/** Who an answer is for, as far as any resolver can tell callers apart. */
const callerKey = (actor: Actor | null): string =>
  actor ? `${actor.uid}\u0000${actor.email}\u0000${actor.role}` : '';

/** An HTTP query's caller, and what its whole answer is cached under (none: not cached). */
interface GraphqlCall {
  readonly caller: CallerContext;
  readonly wholeAnswerKey: string | undefined;
  readonly wholeAnswerParts: WholeAnswerParts;
}

declare module 'fastify' {
  interface FastifyRequest {
    graphqlCall: GraphqlCall | null;
  }
}

/**
 * GraphQL at /graphql (queries over the read models, subscriptions over graphql-ws), GraphiQL at
 * /graphiql. Production turns GraphiQL and introspection off.
 *
 * Whole answers are cached: a query whose root fields all read through the answer cache is answered
 * from the bytes of its last answer while every part of it is current, for the same caller (as
 * verified now: uid, e-mail and role) and the same body. Parsing, execution and serialization are
 * most of a GraphQL read's cost; the web client sends the same few queries again and again.
 */
async function graphql(app: FastifyInstance): Promise<void> {
  const production = app.config.NODE_ENV === 'production';
  const allowedOrigins = new Set([...app.config.WEB_ORIGIN, app.config.PUBLIC_URL]);
  const validationRules = production ? [NoSchemaIntrospectionCustomRule, aliasLimit] : [aliasLimit];

  /** Resolves the caller of a token, keeping a refusal for the resolvers that need a caller. */
  const callerOf = async (authorization: unknown): Promise<CallerContext> => {
    try {
      const header = typeof authorization === 'string' ? authorization : undefined;
      return { actor: await app.auth.optionalActorOf(header), authError: null };
    } catch (error) {
      return { actor: null, authError: error as Error };
    }
  };

  // A query over HTTP (POST, or GET as the web client sends queries): the caller is verified once,
  // before the query is executed; a cached whole answer that is still current is sent from here,
  // and a new one is cached on its way out. A GET's query is its URL, a POST's its body.
  const beforeExecution: preHandlerHookHandler = async (request, reply) => {
    // The WebSocket upgrade of subscriptions shares the GET route.
    if (request.headers.upgrade !== undefined) return;
    const caller = await callerOf(request.headers.authorization);
    const body: unknown = request.body;
    const query =
      request.method === 'GET'
        ? request.url
        : typeof body === 'object' && body !== null
          ? JSON.stringify(body)
          : undefined;
    // A text too long to be a query is refused before parsing (preParsing): no key is made of it.
    const wholeAnswerKey =
      caller.authError || query === undefined || query.length > QUERY_MAX_LENGTH * 2
        ? undefined
        : `${callerKey(caller.actor)}\u0000${query}`;
    const cached =
      wholeAnswerKey === undefined
        ? undefined
        : app.answerCache.sendWholeAnswer(reply, wholeAnswerKey);
    request.graphqlCall = {
      caller,
      wholeAnswerKey: cached ? undefined : wholeAnswerKey,
      wholeAnswerParts: new WholeAnswerParts(),
    };
    return cached;
  };
  const afterExecution = (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: null, payload: unknown) => void,
  ): void => {
    const call = request.graphqlCall;
    if (
      call?.wholeAnswerKey !== undefined &&
      reply.statusCode === 200 &&
      typeof payload === 'string'
    )
      app.answerCache.cacheWholeAnswer(call.wholeAnswerKey, call.wholeAnswerParts, payload);
    done(null, payload);
  };
  app.decorateRequest('graphqlCall', null);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (route.url !== '/graphql' || !(methods.includes('POST') || methods.includes('GET'))) return;
    addRouteHook(route, 'preHandler', beforeExecution);
    addRouteHook(route, 'onSend', afterExecution);
  });

  // Before Mercurius: the WebSocket upgrade of its GET route is served there.
  await serveSubscriptions(app, {
    path: '/graphql',
    schema: () => app.graphql.schema,
    validationRules,
    allowedOrigins,
    callerOf,
    keepAliveMs: 30_000,
    production,
    textProblem: queryTextProblem,
    documentProblem,
    withoutSuggestions,
    subscriptionsPerConnection: app.config.SUBSCRIPTIONS_PER_CONNECTION,
    subscriptionsPerCaller: app.config.SUBSCRIPTIONS_PER_CALLER,
    argumentProblem,
  });

  await app.register(mercurius, {
    schema,
    resolvers: buildResolvers(app),
    path: '/graphql',
    // Mercurius's GraphiQL loads its scripts from a CDN: the gateway serves its own (below).
    graphiql: false,
    queryDepth: QUERY_DEPTH_LIMIT,
    // Checked by the preParsing hook below with a message of its own; this is the parser's stop.
    graphql: { parseOptions: { maxTokens: QUERY_MAX_TOKENS + 1 } },
    // A query seen before runs as a function compiled for it (graphql-jit) instead of through
    // graphql-js's interpreter: the web client sends the same few queries again and again.
    jit: 1,
    validationRules,
    context: (request) => {
      const call = request.graphqlCall;
      return call
        ? { ...call.caller, wholeAnswerParts: call.wholeAnswerParts }
        : callerOf(request.headers.authorization);
    },
    errorFormatter: (execution, context) => {
      // Refusals keep their message and get a code; anything unexpected says nothing. GraphQL's
      // own errors (syntax, validation, depth) pass as they are.
      let status: number | undefined;
      const errors = execution.errors.map((error) => {
        const original = error.originalError;
        if (!original || Array.isArray((original as { errors?: unknown }).errors)) return error;
        const body = toErrorBody(original);
        status ??= body.statusCode;
        if (body.statusCode >= 500) app.log.error({ err: original }, 'graphql resolver failed');
        const refusal = new GraphQLError(body.message, {
          nodes: error.nodes ?? null,
          source: error.source ?? null,
          positions: error.positions ?? null,
          path: error.path ?? null,
          extensions: { code: graphqlCodeOfStatus(body.statusCode), statusCode: body.statusCode },
        });
        // A compiled query (graphql-jit) reports its errors' locations without their nodes.
        if (!refusal.locations && error.locations)
          Object.assign(refusal, { locations: error.locations });
        return refusal;
      });
      const defaultFormat = mercurius.defaultErrorFormatter({ ...execution, errors }, context);
      const formatted = production
        ? {
            ...defaultFormat,
            response: {
              ...defaultFormat.response,
              errors: defaultFormat.response.errors?.map((error) =>
                Object.assign(error, { message: withoutSuggestions(error.message) }),
              ),
            },
          }
        : defaultFormat;
      // A refusal of the request itself (body too large, not JSON: nothing was executed, there
      // is no `data`) keeps its HTTP status; a resolver's refusal is answered 200 with its error.
      if (!('data' in execution) && status !== undefined)
        return { ...formatted, statusCode: status };
      return formatted;
    },
  });

  const audit = auditResolvers(app);
  app.graphql.defineResolvers({ Query: audit.Query });
  app.graphql.defineResolvers({ Query: operationsResolvers(app) });
  defineSubscriptionFields(app.graphql.schema, {
    ...subscriptionResolvers(app),
    ...audit.Subscription,
  });

  if (!production) await app.register(graphiql);

  // A cached whole answer must be made of cached reads only, and be no refusal.
  app.graphql.addHook('preExecution', async (_schema, document, context) => {
    if (context.wholeAnswerParts && !onlyCachedRootFields(document))
      context.wholeAnswerParts.cacheable = false;
  });
  app.graphql.addHook('onResolution', async (execution, context) => {
    if (context.wholeAnswerParts && execution.errors?.length)
      context.wholeAnswerParts.cacheable = false;
  });

  // Mercurius reads a query that does not parse as GraphQL but does as JSON as a ready-made
  // syntax tree (a gateway feature): `false` or `{}` then fail inside graphql-js as a 500. No text
  // is both GraphQL and JSON, and no client of this API sends trees.
  // Only text that can start a JSON value is tried: a failed JSON.parse of every GraphQL query (an
  // exception per request) cost more than running the compiled query.
  app.graphql.addHook('preParsing', async (_schema, source) => {
    const problem = queryTextProblem(source);
    if (problem !== undefined) throw new HttpProblem(400, problem, 'query');
    if (!mayBeJson.test(source)) return;
    let json = true;
    try {
      JSON.parse(source);
    } catch {
      json = false;
    }
    if (json) throw new HttpProblem(400, 'query must be a GraphQL document', 'query');
  });
  // Mercurius calls it on a document it has not validated before, before any validation rule.
  app.graphql.addHook('preValidation', async (_schema, document) => {
    const problem = documentProblem(document);
    if (problem !== undefined) throw new HttpProblem(400, problem, 'query');
  });
}

export default fp(graphql, {
  name: 'graphql',
  dependencies: ['read-models', 'authentication', 'answer-cache'],
});
