import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { changeTopic } from '@resale/workers';
import {
  readModelNames,
  type ChangeTopic,
  type ReadModelChange,
} from '@resale/workers/read-models';
import type { User } from '@resale/events';
import { requestIdOf } from '../../request-id.ts';

/** A read model an answer is made of, whole (`key` null) or one partition of it (a brand, an e-mail). */
export interface AnswerSource {
  readonly model: ChangeTopic;
  readonly key: string | null;
}

export interface CachedAnswerRequest {
  /**
   * What tells this answer apart from every other cached one: the route, its parameters and query
   * (without minPosition) and, for a private answer, the caller.
   */
  readonly key: string;
  readonly sources: readonly AnswerSource[];
  /** The request's `minPosition`: an answer made before it is not served. */
  readonly minPosition?: number | undefined;
}

/**
 * What one GraphQL answer read through the cache: the sources of every part, with the generations
 * each part was current at. While they all are, the whole answer is too (its other fields are the
 * parts' own properties), and it can be kept as one serialized answer.
 */
export class AnswerComposition {
  readonly names: string[] = [];
  readonly generations: number[] = [];
  /** False once a part was read past the cache, or made while a change arrived. */
  cacheable = true;
  /** When the oldest part would have left the cache (performance.now()): the whole goes then. */
  expiresAt = Number.POSITIVE_INFINITY;
}

export interface AnswerCache {
  /**
   * Sends the cached serialized answer when it is still current, otherwise computes, serializes
   * with the route's response schema, keeps and sends it. A kept answer is sent at once (the reply
   * is returned, not a promise of it).
   */
  send(
    reply: FastifyReply,
    request: CachedAnswerRequest,
    compute: () => Promise<unknown>,
  ): FastifyReply | Promise<FastifyReply>;
  /**
   * The same for a value (a GraphQL resolver's read): shared, so never to be changed. A resolver
   * of a composed answer passes its composition, which notes what the value was made of.
   */
  read<T extends object>(
    request: CachedAnswerRequest,
    compute: () => Promise<T>,
    composition?: AnswerComposition,
  ): Promise<T>;
  /** Sends the composed answer kept under `key` if every part of it is still current. */
  sendComposed(reply: FastifyReply, key: string): FastifyReply | undefined;
  /** Keeps a composed answer, if it can be: every part read through the cache, none changed since. */
  keepComposed(key: string, composition: AnswerComposition, body: string): void;
}

interface Entry {
  /** A serialized answer, or a resolver's value. */
  readonly value: object | string;
  /** A composed answer's source names (a plain answer's follow from its request). */
  readonly names?: readonly string[];
  /** Read-model position the answer reflects at least. */
  readonly position: number;
  /** Generations of its sources when it was made (same order as the sources). */
  readonly generations: readonly number[];
  readonly bytes: number;
}

/**
 * What the front answers a request line with (see `answerFront`): the kept answer it names, while
 * current, with the headers the app sent along with it the first time.
 */
interface FrontAlias {
  readonly entryKey: string;
  /** What a plain answer is made of; null for a composed (GraphQL) answer, which names its parts. */
  readonly sources: readonly AnswerSource[] | null;
  /** For a request with a token: the caller's kept user state the answer was made for. */
  readonly caller: User | undefined;
  /** Name, value, name, value...: the app's answer headers without its request id and length. */
  readonly headers: readonly string[];
}

const jsonType = 'application/json; charset=utf-8';
/** A lost change notification (Redis is best effort) leaves an answer stale at most this long. */
export const ANSWER_MAX_AGE_MS = 5_000;
const maxCachedBytes = 32 * 1024 * 1024;
/** Generations kept by name (read models and their keys); older ones are forgotten. */
const keptGenerations = 100_000;
const entryOverheadBytes = 256;
/** Request lines (with their Origin) the front knows; one per page of a brand, say. */
const keptFrontAliases = 10_000;
/** Headers of an answer that are the request's own, set again for each answer by the front. */
const perRequestHeaders = new Set(['content-length', 'x-request-id']);
/** What a kept value weighs, roughly: its JSON text, twice (JS strings are UTF-16). */
const approximateBytes = (value: object): number =>
  JSON.stringify(value).length * 2 + entryOverheadBytes;
/**
 * How a serialized answer is kept. node:http writes a string body in one write with the headers,
 * and a Buffer as a second chunk through the socket's writev, which costs more for a small answer
 * and less for a large one, which a string would have to encode again each time; the two cost the
 * same at a size of a few kilobytes.
 */
const keptForm = (serialized: string): string | Buffer =>
  serialized.length <= 2_048 ? serialized : Buffer.from(serialized);

/**
 * Serialized answers of read routes, kept until a read model they are made of changes. Every change
 * notification of a model bumps a generation (of the model, and of its key); an answer is current
 * while the generations it was made at are. One made while a change arrived is not kept. In the
 * embedded profile one made before a request's `minPosition` is not served; in the distributed
 * profile a request with `minPosition` is answered from the read store (its checkpoint is no
 * watermark there: workers apply streams concurrently, and Redis delivers notices late).
 */
async function answerCache(app: FastifyInstance): Promise<void> {
  // Generations come from one counter, so a bump always gives a value never seen before. Names
  // forgotten to bound memory (one per brand or e-mail that changed) answer the highest value
  // forgotten: an answer made before that can only look stale, never current.
  let lastGeneration = 0;
  let forgottenUpTo = 0;
  const generations = new LRUCache<string, number>({
    max: keptGenerations,
    dispose: (value, _name, reason) => {
      if (reason === 'evict') forgottenUpTo = Math.max(forgottenUpTo, value);
    },
  });
  const generationOf = (name: string): number => generations.get(name) ?? forgottenUpTo;
  const bump = (name: string): void => void generations.set(name, ++lastGeneration);
  // A keyed answer also depends on the model's resets: changes without a key (a replay's swap
  // notice, a category) concern every partition.
  const namesOf = ({ model, key }: AnswerSource): string[] =>
    key === null ? [`${model}`] : [`${model}\u0000${key}`, `${model}\u0000reset`];
  const generationsOf = (sources: readonly AnswerSource[]): number[] =>
    sources.flatMap(namesOf).map(generationOf);
  /** Notes in a composition that a part made of `sources` was current at `at`, for `ttlMs` more. */
  const compose = (
    composition: AnswerComposition | undefined,
    sources: readonly AnswerSource[],
    at: readonly number[],
    ttlMs: number,
  ): void => {
    if (!composition) return;
    composition.names.push(...sources.flatMap(namesOf));
    composition.generations.push(...at);
    composition.expiresAt = Math.min(composition.expiresAt, performance.now() + ttlMs);
  };
  const same = (a: readonly number[], b: readonly number[]): boolean =>
    a.length === b.length && a.every((value, index) => value === b[index]);
  const positionsAreWatermarks = !app.config.distributed;

  const entries = new LRUCache<string, Entry>({
    maxSize: maxCachedBytes,
    sizeCalculation: (entry) => entry.bytes,
    ttl: ANSWER_MAX_AGE_MS,
    // Ages read from the clock each time (lru-cache otherwise reuses one reading for 1 ms): a
    // whole GraphQL answer is kept for its oldest part's remaining life.
    ttlResolution: 0,
  });

  /**
   * The value kept under `key` if it is still current for the request: synchronous, so that a
   * hit costs no promise. The distributed profile never serves a request with `minPosition`
   * from the cache (see above).
   */
  const keptValue = (
    key: string,
    { sources, minPosition }: Pick<CachedAnswerRequest, 'sources' | 'minPosition'>,
    composition?: AnswerComposition,
  ): object | string | undefined => {
    if (minPosition !== undefined && !positionsAreWatermarks) return undefined;
    const entry = entries.get(key);
    if (
      !entry ||
      !same(entry.generations, generationsOf(sources)) ||
      (minPosition !== undefined && entry.position < minPosition)
    )
      return undefined;
    compose(composition, sources, entry.generations, entries.getRemainingTTL(key));
    return entry.value;
  };

  /** A new value made and kept, unless a source changed meanwhile. */
  const madeValue = async <T extends object | string>(
    key: string,
    { sources, minPosition }: CachedAnswerRequest,
    make: () => Promise<T>,
    bytesOf: (value: T) => number,
    composition?: AnswerComposition,
  ): Promise<T> => {
    if (minPosition !== undefined && !positionsAreWatermarks) {
      if (composition) composition.cacheable = false;
      return make();
    }
    const before = generationsOf(sources);
    const position = await app.readModels.store.checkpoint();
    const value = await make();
    if (same(before, generationsOf(sources))) {
      entries.set(key, { value, position, generations: before, bytes: bytesOf(value) });
      compose(composition, sources, before, ANSWER_MAX_AGE_MS);
    } else if (composition) composition.cacheable = false;
    return value;
  };

  const models: ChangeTopic[] = [...readModelNames, 'sellerProducts'];
  const unsubscribes = await Promise.all(
    models.map((model) =>
      app.readModels.pubsub.subscribe(changeTopic(model), (payload) => {
        const { key } = payload as ReadModelChange;
        bump(model);
        if (typeof key === 'string') bump(`${model}\u0000${key}`);
        else bump(`${model}\u0000reset`);
      }),
    ),
  );
  app.addHook('onClose', async () => {
    await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe()));
    entries.clear();
  });

  /** A composed answer kept under `entryKey`, if every part of it is still current. */
  const currentComposed = (entryKey: string): object | string | undefined => {
    const entry = entries.get(entryKey);
    if (!entry?.names || !same(entry.generations, entry.names.map(generationOf))) return undefined;
    return entry.value;
  };

  /*
   * The front: a GET that the app answered from this cache before is answered again straight from
   * Node's request event, without Fastify's routing, hooks and reply (two thirds of the CPU of such
   * an answer). It is keyed by the request line, Origin and Authorization exactly as received, and
   * sends the kept answer, while current, with the headers the app sent along with it (security
   * headers, CORS for that Origin, content type) and a request id of its own. A request line the
   * app answered once passes the same validation again, and nothing else of the request changes
   * such an answer. With a token, the app's checks (and a GraphQL answer) depend on the caller's
   * user state too: the front serves the answer only while the token is one verified before and
   * unexpired and the caller's kept state is the very one the answer was made for (any change to
   * the user drops it; the distributed profile keeps none, so its signed-in reads always go to the
   * app). GraphQL queries sent as GET (as the web client does) are kept whole, as composed answers.
   * Requests with cookies, a body or a REST `minPosition` always go to the app, as does every
   * request once it is closing. It runs with ANSWER_FRONT=on only, whatever LOG_LEVEL: while the
   * app logs requests (info and below), the front logs those it answers with the same two lines
   * (see `logFront`). Fastify's hooks it passes by are the gateway's own, which it reproduces;
   * `answerFrontGuard` refuses to start beside any other.
   */
  const frontAliases = new LRUCache<string, FrontAlias>({ max: keptFrontAliases });
  const headerLists = new Map<string, readonly string[]>();
  let frontOpen = app.config.ANSWER_FRONT === 'on';
  const frontKeyOf = (url: string, { origin, authorization }: IncomingHttpHeaders): string =>
    origin === undefined && authorization === undefined
      ? url
      : `${url}\n${origin ?? ''}\n${authorization ?? ''}`;
  const mayUseFront = (headers: IncomingHttpHeaders): boolean =>
    headers.cookie === undefined &&
    headers['transfer-encoding'] === undefined &&
    (headers['content-length'] === undefined || headers['content-length'] === '0');

  /** Notes what a GET answered from the cache was sent with, for the front. */
  const noteForFront = (
    reply: FastifyReply,
    entryKey: string,
    sources: readonly AnswerSource[] | null,
    minPosition?: number,
  ): void => {
    const { raw } = reply.request;
    if (!frontOpen || minPosition !== undefined) return;
    if (raw.method !== 'GET' || raw.url === undefined || !mayUseFront(raw.headers)) return;
    // Only an answer Fastify has written whole (no onSend hook held it) shows its final headers.
    if (!reply.raw.headersSent || reply.statusCode !== 200) return;
    const { authorization } = raw.headers;
    const caller =
      authorization === undefined ? undefined : app.auth.keptCallerState(authorization);
    if (authorization !== undefined && caller === undefined) return;
    const frontKey = frontKeyOf(raw.url, raw.headers);
    // Made again for a caller whose state changed since (a new kept state object).
    if (frontAliases.peek(frontKey)?.caller === caller && frontAliases.has(frontKey)) return;
    const headers: string[] = [];
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined || perRequestHeaders.has(name)) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one));
    }
    // Aliases share their header lists: a route's answers differ in them by Origin at most.
    const text = headers.join('\n');
    let shared = headerLists.get(text);
    if (!shared) {
      if (headerLists.size >= keptFrontAliases) headerLists.clear();
      headerLists.set(text, (shared = headers));
    }
    frontAliases.set(frontKey, { entryKey, sources, caller, headers: shared });
  };

  /*
   * Fastify logs each request it routes at info: 'incoming request' with the request, 'request
   * completed' with the status and the time taken, both labelled with the request id. The front
   * writes the same lines for the requests it answers, through the app's logger (its serializers
   * and redaction), so that LOG_LEVEL decides what is logged and not who answers.
   */
  const requestIdLabel = app.initialConfig.requestIdLogLabel ?? 'reqId';
  const logsRequests = (): boolean =>
    app.initialConfig.disableRequestLogging !== true &&
    ['trace', 'debug', 'info'].includes(app.log.level);
  const logFront = (request: IncomingMessage, id: string): (() => void) => {
    const started = performance.now();
    const { headers, socket } = request;
    // What Fastify's request serializer reads of a request.
    const req = {
      method: request.method,
      url: request.url,
      headers,
      host: headers.host,
      ip: socket.remoteAddress,
      socket,
    };
    app.log.info({ [requestIdLabel]: id, req }, 'incoming request');
    return () =>
      app.log.info(
        {
          [requestIdLabel]: id,
          res: { statusCode: 200 },
          responseTime: performance.now() - started,
        },
        'request completed',
      );
  };

  /** Answers the request if the front can (see above); false hands it to the app. */
  const answerFront = (request: IncomingMessage, response: ServerResponse): boolean => {
    if (!frontOpen || request.method !== 'GET' || request.url === undefined) return false;
    const { headers } = request;
    if (!mayUseFront(headers)) return false;
    const alias = frontAliases.get(frontKeyOf(request.url, headers));
    if (!alias) return false;
    if (alias.caller && app.auth.keptCallerState(headers.authorization) !== alias.caller)
      return false;
    const body = alias.sources
      ? keptValue(alias.entryKey, { sources: alias.sources })
      : currentComposed(alias.entryKey);
    if (typeof body !== 'string' && !Buffer.isBuffer(body)) return false;
    const id = requestIdOf(request);
    const completed = logsRequests() ? logFront(request, id) : undefined;
    const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
    response.writeHead(200, [
      ...alias.headers,
      'x-request-id',
      id,
      'content-length',
      String(length),
    ]);
    response.end(body);
    completed?.();
    return true;
  };

  // Fastify's own listener stays the handler of everything the front does not answer.
  type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;
  const server = app.server;
  const [appListener, ...otherListeners] = server.listeners('request') as RequestListener[];
  if (frontOpen) {
    if (!appListener || otherListeners.length > 0)
      throw new Error(
        `ANSWER_FRONT=on: the server has ${otherListeners.length + (appListener ? 1 : 0)} request listeners, and the answer front can only stand in front of Fastify's alone; set ANSWER_FRONT=off`,
      );
    server.removeListener('request', appListener);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      if (!answerFront(request, response)) appListener.call(server, request, response);
    });
  }
  app.addHook('preClose', () => {
    frontOpen = false;
  });

  app.decorate('answerCache', {
    send(reply, request, compute) {
      const key = `send\u0000${request.key}`;
      const kept = keptValue(key, request);
      if (kept !== undefined) {
        reply.type(jsonType).send(kept);
        noteForFront(reply, key, request.sources, request.minPosition);
        return reply;
      }
      return madeValue(
        key,
        request,
        async () => {
          const serialized: unknown = reply.serialize(await compute());
          return keptForm(typeof serialized === 'string' ? serialized : String(serialized));
        },
        (body) => body.length * (typeof body === 'string' ? 2 : 1) + entryOverheadBytes,
      ).then((body) => {
        reply.type(jsonType).send(body);
        noteForFront(reply, key, request.sources, request.minPosition);
        return reply;
      });
    },
    read<T extends object>(
      request: CachedAnswerRequest,
      compute: () => Promise<T>,
      composition?: AnswerComposition,
    ): Promise<T> {
      const key = `read\u0000${request.key}`;
      const kept = keptValue(key, request, composition);
      // Values kept under `read` keys are resolvers' objects.
      if (kept !== undefined) return Promise.resolve(kept as T);
      return madeValue(key, request, compute, approximateBytes, composition);
    },
    sendComposed(reply, key) {
      const entryKey = `composed\u0000${key}`;
      const body = currentComposed(entryKey);
      if (body === undefined) return;
      reply.type(jsonType).send(body);
      noteForFront(reply, entryKey, null);
      return reply;
    },
    keepComposed(key, { cacheable, names, generations, expiresAt }, body) {
      // Kept no longer than its oldest part would have been (a lost change notice's bound).
      const ttl = Math.floor(expiresAt - performance.now());
      if (!cacheable || names.length === 0 || ttl < 1) return;
      if (!same(generations, names.map(generationOf))) return;
      entries.set(
        `composed\u0000${key}`,
        {
          value: keptForm(body),
          names,
          generations,
          // Served whatever the caller's minPosition: the key holds it, and each part met it.
          position: 0,
          bytes: (body.length + key.length) * 2 + entryOverheadBytes,
        },
        { ttl },
      );
    },
  } satisfies AnswerCache);
}

/** The hooks of a request's way through Fastify's routing: the front passes all of them by. */
const requestHookNames = [
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
  'onError',
  'onTimeout',
  'onRequestAbort',
] as const;
type RequestHookName = (typeof requestHookNames)[number];
type Hook = (...args: never[]) => unknown;

/**
 * The request hooks that apply to every route of `app`, with their names: those added to it and
 * those it inherited, including any added to a parent since (Fastify passes them down). No public
 * call lists them: they are read where Fastify keeps them, under its `fastify.hooks` symbol.
 * Undefined if that is gone (a Fastify that keeps them otherwise).
 */
export function requestHooksOf(app: FastifyInstance): Map<Hook, RequestHookName> | undefined {
  let hooks: Partial<Record<string, unknown>> | undefined;
  for (let object: object | null = app; object && !hooks; object = Object.getPrototypeOf(object)) {
    const symbol = Object.getOwnPropertySymbols(object).find(
      (candidate) => candidate.description === 'fastify.hooks',
    );
    if (symbol) hooks = (object as Record<symbol, Partial<Record<string, unknown>>>)[symbol];
  }
  if (!hooks) return undefined;
  const found = new Map<Hook, RequestHookName>();
  for (const name of requestHookNames) {
    const list = hooks[name];
    if (Array.isArray(list)) for (const hook of list as Hook[]) found.set(hook, name);
  }
  return found;
}

/**
 * With ANSWER_FRONT=on, refuses to start (app.ready() and listen() fail) beside a request hook of
 * the app that the gateway did not register: the front would pass it by, and an audit or a kill
 * switch would miss the requests it answers. Registered last by the gateway (app.ts), with the
 * hooks that were on the app before it: those and any added after it are not the gateway's.
 * The gateway's own are those the front reproduces: the request id (the front makes its own),
 * the security headers and CORS (sent again as the app sent them for that request line and
 * Origin), and @fastify/websocket's (they concern WebSocket upgrades, which never reach the
 * request event). Route hooks (authentication, minPosition, GraphQL's) are the front's own
 * conditions, see above.
 */
async function guardAnswerFront(
  app: FastifyInstance,
  { hooksBefore }: { hooksBefore: ReadonlyMap<Hook, RequestHookName> | undefined },
): Promise<void> {
  if (app.config.ANSWER_FRONT !== 'on') return;
  const now = requestHooksOf(app);
  if (!now || !hooksBefore)
    throw new Error(
      "ANSWER_FRONT=on: cannot list the app's request hooks in this Fastify, so the answer front could pass some by; set ANSWER_FRONT=off",
    );
  const gatewayHooks = new Set([...now.keys()].filter((hook) => !hooksBefore.has(hook)));
  app.addHook('onReady', async () => {
    const passedBy = [...(requestHooksOf(app) ?? [])].filter(([hook]) => !gatewayHooks.has(hook));
    if (passedBy.length === 0) return;
    const named = passedBy.map(([hook, name]) => `${name} ${hook.name || '(anonymous)'}`);
    throw new Error(
      `ANSWER_FRONT=on answers repeated GETs before Fastify's routing and hooks, so these request hooks of the app, not the gateway's, would miss those requests: ${named.join(', ')}. Set ANSWER_FRONT=off to run every request through them.`,
    );
  });
}

export const answerFrontGuard = fp(guardAnswerFront, {
  name: 'answer-front-guard',
  dependencies: ['config', 'answer-cache'],
});

declare module 'fastify' {
  interface FastifyInstance {
    answerCache: AnswerCache;
  }
}

export default fp(answerCache, {
  name: 'answer-cache',
  dependencies: ['read-models', 'authentication'],
});
