import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { changeTopic } from '@resale/workers';
import { changeTopics, type ChangeSource, type ReadModelChange } from '@resale/workers/read-models';
import type { CachedCaller } from './authentication.ts';
import { requestIdOf } from '../../request-id.ts';

/**
 * What an answer is made of: a change topic, whole (`key` null) or one partition of it (a brand,
 * an e-mail), as the read models' queries declare them (`query.sources(args)`).
 */
export type AnswerSource = ChangeSource;

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
 * What one GraphQL answer read through the cache: the sources of every part, with the versions
 * each part was current at. While they all are, the whole answer is too (its other fields are the
 * parts' own properties), and it can be cached as one serialized whole answer.
 */
export class WholeAnswerParts {
  readonly sourceNames: string[] = [];
  readonly versions: number[] = [];
  /** False once a part was read past the cache, or made while a change arrived. */
  cacheable = true;
  /** When the oldest part would have left the cache (performance.now()): the whole goes then. */
  expiresAt = Number.POSITIVE_INFINITY;
}

export interface AnswerCache {
  /**
   * Sends the cached serialized answer when it is still current, otherwise computes, serializes
   * with the route's response schema, caches and sends it. A cached answer is sent at once (the
   * reply is returned, not a promise of it).
   */
  send(
    reply: FastifyReply,
    request: CachedAnswerRequest,
    compute: () => Promise<unknown>,
  ): FastifyReply | Promise<FastifyReply>;
  /**
   * The same for a value (a GraphQL resolver's read): shared, so never to be changed. A resolver
   * of a query whose whole answer may be cached passes its parts, which note what the value was
   * made of.
   */
  read<T extends object>(
    request: CachedAnswerRequest,
    compute: () => Promise<T>,
    parts?: WholeAnswerParts,
  ): Promise<T>;
  /** Sends the whole answer cached under `key` if every part of it is still current. */
  sendWholeAnswer(reply: FastifyReply, key: string): FastifyReply | undefined;
  /** Caches a whole answer, if it can be: every part read through the cache, none changed since. */
  cacheWholeAnswer(key: string, parts: WholeAnswerParts, body: string): void;
  /** What the cache holds now, expired answers not yet dropped included. */
  held(): { readonly answers: number; readonly bytes: number };
}

interface CacheEntry {
  /** A serialized answer, or a resolver's value. */
  readonly value: object | string;
  /** A whole answer's source names (a plain answer's follow from its request). */
  readonly sourceNames?: readonly string[];
  /** Read-model position the answer reflects at least. */
  readonly position: number;
  /** Versions of its sources when it was made (same order as the sources). */
  readonly versions: readonly number[];
  readonly bytes: number;
}

/**
 * What an early answer to a request line is (see `answerEarly`): the cache entry it names, while
 * current, with the headers the app sent along with it the first time.
 */
interface EarlyAnswer {
  readonly entryKey: string;
  /** What a plain answer is made of; null for a whole (GraphQL) answer, which names its parts. */
  readonly sources: readonly AnswerSource[] | null;
  /**
   * For a request with a token, to a route whose answer depends on its caller: the caller, with
   * the cached user state the answer was made for, and what the token's reads are counted under
   * (worked out once, here).
   */
  readonly caller: (CachedCaller & { readonly tokenKey: string | undefined }) | undefined;
  /** Name, value, name, value...: the app's answer headers without its request id and length. */
  readonly headers: readonly string[];
}

const jsonType = 'application/json; charset=utf-8';
/** A lost change notification (Redis is best effort) leaves an answer stale at most this long. */
export const ANSWER_MAX_AGE_MS = 5_000;
/** The shortest an answer is kept: its lifetime is drawn between this and ANSWER_MAX_AGE_MS. */
export const ANSWER_SHORTEST_LIFE_MS = ANSWER_MAX_AGE_MS / 2;
/**
 * Answers made together (every page of a category after a start or a change) would otherwise
 * expire together and be made again all at once, with every request queued behind them: at a
 * million listings a page takes long enough to make that this showed in the p99 of the reads.
 */
const answerLifetimeMs = (): number =>
  ANSWER_SHORTEST_LIFE_MS + Math.random() * (ANSWER_MAX_AGE_MS - ANSWER_SHORTEST_LIFE_MS);
const maxCachedBytes = 32 * 1024 * 1024;
/** Versions tracked by source name (read models and their keys); older ones are forgotten. */
const trackedVersionsMax = 100_000;
const entryOverheadBytes = 256;
/** Request lines (with their Origin) that can be answered early; one per page of a brand, say. */
const earlyAnswersMax = 10_000;
/** Headers of an answer that are the request's own, set again for each early answer. */
const perRequestHeaders = new Set(['content-length', 'x-request-id']);
/** What a cached value weighs, roughly: its JSON text, twice (JS strings are UTF-16). */
const approximateBytes = (value: object): number =>
  JSON.stringify(value).length * 2 + entryOverheadBytes;
/**
 * How a serialized answer is cached. node:http writes a string body in one write with the headers,
 * and a Buffer as a second chunk through the socket's writev, which costs more for a small answer
 * and less for a large one, which a string would have to encode again each time; the two cost the
 * same at a size of a few kilobytes.
 */
const cachedForm = (serialized: string): string | Buffer =>
  serialized.length <= 2_048 ? serialized : Buffer.from(serialized);

/**
 * Serialized answers of read routes, cached until a read model they are made of changes. Every
 * change notification of a model bumps a version (of the model, and of its key); an answer is
 * current while the versions it was made at are. One made while a change arrived is not cached. In
 * the embedded profile one made before a request's `minPosition` is not served; in the distributed
 * profile a request with `minPosition` is answered from the read store (its checkpoint is no
 * watermark there: workers apply streams concurrently, and Redis delivers notices late).
 */
async function answerCache(app: FastifyInstance): Promise<void> {
  // Versions come from one counter, so a bump always gives a value never seen before. Names
  // forgotten to bound memory (one per brand or e-mail that changed) answer the highest value
  // forgotten: an answer made before that can only look stale, never current.
  let lastVersion = 0;
  let forgottenUpTo = 0;
  // Bounded by size, one per name, as rate-limit.ts bounds its counts: no room allocated up front.
  const versions = new LRUCache<string, number>({
    maxSize: trackedVersionsMax,
    sizeCalculation: () => 1,
    dispose: (value, _name, reason) => {
      if (reason === 'evict') forgottenUpTo = Math.max(forgottenUpTo, value);
    },
  });
  const versionOf = (name: string): number => versions.get(name) ?? forgottenUpTo;
  const bump = (name: string): void => void versions.set(name, ++lastVersion);
  // A keyed answer also depends on the model's resets: changes without a key (a replay's swap
  // notice, a category) concern every partition.
  const sourceNamesOf = ({ topic, key }: AnswerSource): string[] =>
    key === null ? [`${topic}`] : [`${topic}\u0000${key}`, `${topic}\u0000reset`];
  const versionsOf = (sources: readonly AnswerSource[]): number[] =>
    sources.flatMap(sourceNamesOf).map(versionOf);
  /** Notes in `parts` that a part made of `sources` was current at `at`, for `ttlMs` more. */
  const addPart = (
    parts: WholeAnswerParts | undefined,
    sources: readonly AnswerSource[],
    at: readonly number[],
    ttlMs: number,
  ): void => {
    if (!parts) return;
    parts.sourceNames.push(...sources.flatMap(sourceNamesOf));
    parts.versions.push(...at);
    parts.expiresAt = Math.min(parts.expiresAt, performance.now() + ttlMs);
  };
  const same = (a: readonly number[], b: readonly number[]): boolean =>
    a.length === b.length && a.every((value, index) => value === b[index]);
  const positionsAreWatermarks = !app.config.distributed;

  const entries = new LRUCache<string, CacheEntry>({
    maxSize: maxCachedBytes,
    sizeCalculation: (entry) => entry.bytes,
    ttl: ANSWER_MAX_AGE_MS,
    // Ages read from the clock each time (lru-cache otherwise reuses one reading for 1 ms): a
    // whole GraphQL answer is cached for its oldest part's remaining life.
    ttlResolution: 0,
  });
  /*
   * lru-cache drops an expired answer only when it is asked for or when the size bound pushes it
   * out: under reads of many distinct pages (a million listings), the cache then sat at its bound
   * with answers no request could be given any more. Answers made are cached through `cache`,
   * which first drops the expired ones, once per shortest lifetime at most.
   */
  let purgedAt = performance.now();
  const cache = (key: string, entry: CacheEntry, ttl: number): void => {
    const now = performance.now();
    if (now - purgedAt >= ANSWER_SHORTEST_LIFE_MS) {
      purgedAt = now;
      entries.purgeStale();
    }
    entries.set(key, entry, { ttl });
  };

  /**
   * The value cached under `key` if it is still current for the request: synchronous, so that a
   * hit costs no promise. The distributed profile never serves a request with `minPosition`
   * from the cache (see above).
   */
  const cachedValue = (
    key: string,
    { sources, minPosition }: Pick<CachedAnswerRequest, 'sources' | 'minPosition'>,
    parts?: WholeAnswerParts,
  ): object | string | undefined => {
    if (minPosition !== undefined && !positionsAreWatermarks) return undefined;
    const entry = entries.get(key);
    if (
      !entry ||
      !same(entry.versions, versionsOf(sources)) ||
      (minPosition !== undefined && entry.position < minPosition)
    )
      return undefined;
    addPart(parts, sources, entry.versions, entries.getRemainingTTL(key));
    return entry.value;
  };

  /** A new value made and cached, unless a source changed meanwhile. */
  const madeValue = async <T extends object | string>(
    key: string,
    { sources, minPosition }: CachedAnswerRequest,
    make: () => Promise<T>,
    bytesOf: (value: T) => number,
    parts?: WholeAnswerParts,
  ): Promise<T> => {
    if (minPosition !== undefined && !positionsAreWatermarks) {
      if (parts) parts.cacheable = false;
      return make();
    }
    const before = versionsOf(sources);
    const position = await app.readModels.store.checkpoint();
    const value = await make();
    if (same(before, versionsOf(sources))) {
      const ttl = answerLifetimeMs();
      cache(key, { value, position, versions: before, bytes: bytesOf(value) }, ttl);
      addPart(parts, sources, before, ttl);
    } else if (parts) parts.cacheable = false;
    return value;
  };

  const unsubscribes = await Promise.all(
    changeTopics.map((topic) =>
      app.readModels.pubsub.subscribe(changeTopic(topic), (payload) => {
        const { key } = payload as ReadModelChange;
        bump(topic);
        if (typeof key === 'string') bump(`${topic}\u0000${key}`);
        else bump(`${topic}\u0000reset`);
      }),
    ),
  );
  app.addHook('onClose', async () => {
    await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe()));
    entries.clear();
  });

  /** A whole answer cached under `entryKey`, if every part of it is still current. */
  const currentWholeAnswer = (entryKey: string): object | string | undefined => {
    const entry = entries.get(entryKey);
    if (!entry?.sourceNames || !same(entry.versions, entry.sourceNames.map(versionOf)))
      return undefined;
    return entry.value;
  };

  /*
   * Early answers: a GET that the app answered from this cache before is answered again straight
   * from Node's request event, before Fastify's routing, hooks and reply (two thirds of the CPU of
   * such an answer). It is looked up by the request line, Origin and Authorization exactly as
   * received, and gets the cached answer, while current, with the headers the app sent along with
   * it (security headers, CORS for that Origin, content type) and a request id of its own. A
   * request line the app answered once passes the same validation again, and nothing else of the
   * request changes such an answer. A REST route that requires no caller (no `config.auth`) never
   * reads the token: its answer to a request with one is every such request's (the app's only
   * difference is the signed-in Cache-Control), kept once for all tokens, and counted against
   * each token's read limit. Otherwise, with a token, the app's checks (and a GraphQL answer)
   * depend on the caller's user state too: the answer is given early only while the token is one
   * verified before and unexpired and the caller's cached state is the very one the answer was
   * made for (any change to the user drops it; the distributed profile caches none, so its
   * signed-in reads of such routes always go to the app). GraphQL queries sent as GET (as the web
   * client does) are cached as whole answers. Requests with cookies, a body or a REST
   * `minPosition` always go to the app, as does every request once it is closing. It runs with
   * EARLY_ANSWERS=on only, whatever LOG_LEVEL: while the app logs requests (info and below), early
   * answers are logged with the same two lines (see `logEarlyAnswer`). Fastify's hooks they pass
   * by are the gateway's own, which they reproduce; `earlyAnswersGuard` refuses to start beside
   * any other.
   */
  const earlyAnswers = new LRUCache<string, EarlyAnswer>({ max: earlyAnswersMax });
  const headerLists = new Map<string, readonly string[]>();
  let earlyAnswersOn = app.config.EARLY_ANSWERS === 'on';
  /**
   * An early answer's key: the request line, Origin and Authorization, or for an answer the same
   * for every caller, whether an Authorization came (a header value never holds a NUL).
   */
  const earlyAnswerKeyOf = (
    url: string,
    { origin, authorization }: IncomingHttpHeaders,
    forEveryCaller = false,
  ): string => {
    if (origin === undefined && authorization === undefined) return url;
    const credentials =
      authorization === undefined ? '' : forEveryCaller ? '\u0000' : authorization;
    return `${url}\n${origin ?? ''}\n${credentials}`;
  };
  const mayAnswerEarly = (headers: IncomingHttpHeaders): boolean =>
    headers.cookie === undefined &&
    headers['transfer-encoding'] === undefined &&
    (headers['content-length'] === undefined || headers['content-length'] === '0');

  /** Notes what a GET answered from the cache was sent with, to answer it early next time. */
  const noteForEarlyAnswers = (
    reply: FastifyReply,
    entryKey: string,
    sources: readonly AnswerSource[] | null,
    minPosition?: number,
  ): void => {
    const { raw } = reply.request;
    if (!earlyAnswersOn || minPosition !== undefined) return;
    if (raw.method !== 'GET' || raw.url === undefined || !mayAnswerEarly(raw.headers)) return;
    // Only an answer Fastify has written whole (no onSend hook held it) shows its final headers.
    if (!reply.raw.headersSent || reply.statusCode !== 200) return;
    const { authorization } = raw.headers;
    const forEveryCaller = sources !== null && reply.request.routeOptions.config.auth === undefined;
    const caller =
      authorization === undefined || forEveryCaller
        ? undefined
        : app.auth.cachedCaller(authorization);
    if (authorization !== undefined && !forEveryCaller && caller === undefined) return;
    const earlyKey = earlyAnswerKeyOf(raw.url, raw.headers, forEveryCaller);
    // Made again for a caller whose state changed since (a new cached state object).
    if (earlyAnswers.peek(earlyKey)?.caller?.state === caller?.state && earlyAnswers.has(earlyKey))
      return;
    const headers: string[] = [];
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined || perRequestHeaders.has(name)) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one));
    }
    // Early answers share their header lists: a route's answers differ in them by Origin at most.
    const text = headers.join('\n');
    let shared = headerLists.get(text);
    if (!shared) {
      if (headerLists.size >= earlyAnswersMax) headerLists.clear();
      headerLists.set(text, (shared = headers));
    }
    earlyAnswers.set(earlyKey, {
      entryKey,
      sources,
      caller: caller && { ...caller, tokenKey: app.readLimits.tokenKeyOf(authorization) },
      headers: shared,
    });
  };

  /*
   * Fastify logs each request it routes at info: 'incoming request' with the request, 'request
   * completed' with the status and the time taken, both labelled with the request id. Early
   * answers write the same lines, through the app's logger (its serializers and redaction), so
   * that LOG_LEVEL decides what is logged and not who answers.
   */
  const requestIdLabel = app.initialConfig.requestIdLogLabel ?? 'reqId';
  const logsRequests = (): boolean =>
    app.initialConfig.disableRequestLogging !== true &&
    ['trace', 'debug', 'info'].includes(app.log.level);
  const logEarlyAnswer = (request: IncomingMessage, id: string): (() => void) => {
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

  /**
   * The client's address as the app's `request.ip` has it, for the read limits; undefined when
   * only the app can tell (a request through a trusted proxy names its client in
   * X-Forwarded-For, which the app reads as TRUST_PROXY says).
   */
  const trustsProxies = app.config.TRUST_PROXY !== false;
  const clientAddressOf = (request: IncomingMessage): string | undefined =>
    trustsProxies && request.headers['x-forwarded-for'] !== undefined
      ? undefined
      : request.socket.remoteAddress;

  /** Answers the request early if it can (see above); false hands it to the app. */
  const answerEarly = (request: IncomingMessage, response: ServerResponse): boolean => {
    if (!earlyAnswersOn || request.method !== 'GET' || request.url === undefined) return false;
    const { headers } = request;
    if (!mayAnswerEarly(headers)) return false;
    const early =
      earlyAnswers.get(earlyAnswerKeyOf(request.url, headers)) ??
      (headers.authorization === undefined
        ? undefined
        : earlyAnswers.get(earlyAnswerKeyOf(request.url, headers, true)));
    if (!early) return false;
    // The request's Authorization is the one noted (it is part of the key): its token was verified
    // then, so it stays valid until it expires, for as long as the caller's state is unchanged.
    const { caller } = early;
    if (
      caller &&
      (Date.now() >= caller.tokenExpiresAtMs ||
        app.auth.cachedUserState(caller.uid) !== caller.state)
    )
      return false;
    const body = early.sources
      ? cachedValue(early.entryKey, { sources: early.sources })
      : currentWholeAnswer(early.entryKey);
    if (typeof body !== 'string' && !Buffer.isBuffer(body)) return false;
    // Counted against the read limits as the app counts it; past them, the app refuses it.
    const address = clientAddressOf(request);
    const tokenKey = caller ? caller.tokenKey : app.readLimits.tokenKeyOf(headers.authorization);
    if (address === undefined || app.readLimits.takeCounted(address, tokenKey) > 0) return false;
    const id = requestIdOf(request);
    const completed = logsRequests() ? logEarlyAnswer(request, id) : undefined;
    const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
    response.writeHead(200, [
      ...early.headers,
      'x-request-id',
      id,
      'content-length',
      String(length),
    ]);
    response.end(body);
    completed?.();
    return true;
  };

  // Fastify's own listener stays the handler of everything not answered early.
  type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;
  const server = app.server;
  const [appListener, ...otherListeners] = server.listeners('request') as RequestListener[];
  if (earlyAnswersOn) {
    if (!appListener || otherListeners.length > 0)
      throw new Error(
        `EARLY_ANSWERS=on: the server has ${otherListeners.length + (appListener ? 1 : 0)} request listeners, and early answers can only come before Fastify's alone; set EARLY_ANSWERS=off`,
      );
    server.removeListener('request', appListener);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      if (!answerEarly(request, response)) appListener.call(server, request, response);
    });
  }
  app.addHook('preClose', () => {
    earlyAnswersOn = false;
  });

  app.decorate('answerCache', {
    send(reply, request, compute) {
      const key = `send\u0000${request.key}`;
      const cached = cachedValue(key, request);
      if (cached !== undefined) {
        reply.type(jsonType).send(cached);
        noteForEarlyAnswers(reply, key, request.sources, request.minPosition);
        return reply;
      }
      return madeValue(
        key,
        request,
        async () => {
          const serialized: unknown = reply.serialize(await compute());
          return cachedForm(typeof serialized === 'string' ? serialized : String(serialized));
        },
        (body) => body.length * (typeof body === 'string' ? 2 : 1) + entryOverheadBytes,
      ).then((body) => {
        reply.type(jsonType).send(body);
        noteForEarlyAnswers(reply, key, request.sources, request.minPosition);
        return reply;
      });
    },
    read<T extends object>(
      request: CachedAnswerRequest,
      compute: () => Promise<T>,
      parts?: WholeAnswerParts,
    ): Promise<T> {
      const key = `read\u0000${request.key}`;
      const cached = cachedValue(key, request, parts);
      // Values cached under `read` keys are resolvers' objects.
      if (cached !== undefined) return Promise.resolve(cached as T);
      return madeValue(key, request, compute, approximateBytes, parts);
    },
    sendWholeAnswer(reply, key) {
      const entryKey = `whole\u0000${key}`;
      const body = currentWholeAnswer(entryKey);
      if (body === undefined) return;
      reply.type(jsonType).send(body);
      noteForEarlyAnswers(reply, entryKey, null);
      return reply;
    },
    cacheWholeAnswer(key, { cacheable, sourceNames, versions, expiresAt }, body) {
      // Cached no longer than its oldest part would have been (a lost change notice's bound).
      const ttl = Math.floor(expiresAt - performance.now());
      if (!cacheable || sourceNames.length === 0 || ttl < 1) return;
      if (!same(versions, sourceNames.map(versionOf))) return;
      cache(
        `whole\u0000${key}`,
        {
          value: cachedForm(body),
          sourceNames,
          versions,
          // Served whatever the caller's minPosition: the key holds it, and each part met it.
          position: 0,
          bytes: (body.length + key.length) * 2 + entryOverheadBytes,
        },
        ttl,
      );
    },
    held: () => ({ answers: entries.size, bytes: entries.calculatedSize }),
  } satisfies AnswerCache);
}

/** The hooks of a request's way through Fastify's routing: early answers pass all of them by. */
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
 * With EARLY_ANSWERS=on, refuses to start (app.ready() and listen() fail) beside a request hook of
 * the app that the gateway did not register: early answers would pass it by, and an audit or a
 * kill switch would miss those requests. Registered last by the gateway (app.ts), with the hooks
 * that were on the app before it: those and any added after it are not the gateway's. The
 * gateway's own are those early answers reproduce: the request id (an early answer makes its
 * own), the security headers and CORS (sent again as the app sent them for that request line and
 * Origin), and @fastify/websocket's (they concern WebSocket upgrades, which never reach the
 * request event). Route hooks (authentication, minPosition, GraphQL's) are the conditions of early
 * answers themselves, see above.
 */
async function guardEarlyAnswers(
  app: FastifyInstance,
  { hooksBefore }: { hooksBefore: ReadonlyMap<Hook, RequestHookName> | undefined },
): Promise<void> {
  if (app.config.EARLY_ANSWERS !== 'on') return;
  const now = requestHooksOf(app);
  if (!now || !hooksBefore)
    throw new Error(
      "EARLY_ANSWERS=on: cannot list the app's request hooks in this Fastify, so early answers could pass some by; set EARLY_ANSWERS=off",
    );
  const gatewayHooks = new Set([...now.keys()].filter((hook) => !hooksBefore.has(hook)));
  app.addHook('onReady', async () => {
    const passedBy = [...(requestHooksOf(app) ?? [])].filter(([hook]) => !gatewayHooks.has(hook));
    if (passedBy.length === 0) return;
    const named = passedBy.map(([hook, name]) => `${name} ${hook.name || '(anonymous)'}`);
    throw new Error(
      `EARLY_ANSWERS=on answers repeated GETs before Fastify's routing and hooks, so these request hooks of the app, not the gateway's, would miss those requests: ${named.join(', ')}. Set EARLY_ANSWERS=off to run every request through them.`,
    );
  });
}

export const earlyAnswersGuard = fp(guardEarlyAnswers, {
  name: 'early-answers-guard',
  dependencies: ['config', 'answer-cache'],
});

declare module 'fastify' {
  interface FastifyInstance {
    answerCache: AnswerCache;
  }
}

export default fp(answerCache, {
  name: 'answer-cache',
  dependencies: ['read-models', 'authentication', 'rate-limit'],
});
