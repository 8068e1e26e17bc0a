import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { QUERY_ALIAS_LIMIT, QUERY_MAX_LENGTH } from '../src/graphql/index.ts';
import { bearer, registerUser, uniqueEmail, type SignedInUser } from './helper.ts';
import {
  buildAppWithRouteCatalog,
  routeName,
  type CatalogRoute,
} from './security/route-catalog.ts';

const RATE_LIMIT_WRITES = 3;
const RATE_LIMIT_SIGN_IN = 2;
const adminEmail = uniqueEmail('admin');
const webOrigin = 'http://127.0.0.1:3000';

// Two gateways: one with tiny rate limits, one with limits out of the way of the other checks.
const limited = await buildAppWithRouteCatalog({
  RATE_LIMIT_WRITES: String(RATE_LIMIT_WRITES),
  RATE_LIMIT_SIGN_IN: String(RATE_LIMIT_SIGN_IN),
});
const t = await buildAppWithRouteCatalog({ ADMIN_EMAILS: adminEmail, WEB_ORIGIN: webOrigin });
const byName = (a: CatalogRoute, b: CatalogRoute) => routeName(a).localeCompare(routeName(b));
const isWrite = (route: CatalogRoute) =>
  ['POST', 'PUT', 'DELETE', 'PATCH'].includes(route.method) && route.url !== '/graphql';
/** Commands, and the sign-in calls (GET /jwt, POST /users): what an abuser repeats. */
const limitedRoutes = limited.routes
  .filter((route) => isWrite(route) || route.auth === 'firebase')
  .sort(byName);
const bodyRoutes = t.routes
  .filter((route) => isWrite(route) || (route.url === '/graphql' && route.method === 'POST'))
  .sort(byName);

const urlOf = (route: CatalogRoute) => route.url.replace(/:\w+/g, 'x');

afterAll(async () => {
  await Promise.all([limited.close(), t.close()]);
});

describe('rate limits', () => {
  it('every write and sign-in route has one', () => {
    expect(limitedRoutes.length).toBeGreaterThan(10);
    expect(limitedRoutes.filter((route) => !route.rateLimit).map(routeName)).toEqual([]);
  });

  it.each(limitedRoutes.map((route) => [routeName(route), route] as const))(
    '%s: past its limit, 429 with Retry-After, even without a token',
    async (_name, route) => {
      const head = await limited.app.eventStore.headPosition();
      const call = () =>
        limited.app.inject({
          method: route.method,
          url: urlOf(route),
          ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { payload: {} }),
        } as InjectOptions);
      const limit = route.auth === 'firebase' ? RATE_LIMIT_SIGN_IN : RATE_LIMIT_WRITES;
      const allowed = [];
      for (let i = 0; i < limit; i += 1) allowed.push((await call()).statusCode);
      expect(allowed.filter((status) => status === 429)).toEqual([]);
      const refused = await call();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      if (route.method !== 'HEAD')
        expect(refused.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
      expect(await limited.app.eventStore.headPosition()).toBe(head);
    },
  );
});

describe('bodies', () => {
  let users: Record<string, SignedInUser>;
  beforeAll(async () => {
    const [buyer, seller, admin] = await Promise.all([
      registerUser(t.app, 'buyer'),
      registerUser(t.app, 'seller'),
      registerUser(t.app, 'buyer', { email: adminEmail }),
    ]);
    users = { user: buyer!, seller: seller!, admin: admin!, firebase: buyer! };
  });

  /** The status and message of an error answer, REST or GraphQL. */
  const refusalOf = (body: {
    statusCode?: number;
    message?: string;
    errors?: { message: string; extensions?: { statusCode?: number } }[];
  }) => {
    const [graphqlError] = body.errors ?? [];
    return graphqlError
      ? { statusCode: graphqlError.extensions?.statusCode, message: graphqlError.message }
      : { statusCode: body.statusCode, message: body.message };
  };

  /** The caller the route is for, so that the body is what gets refused. */
  const headersFor = (route: CatalogRoute) => {
    const user = route.auth ? users[route.auth] : undefined;
    if (!user) return { 'content-type': 'application/json' };
    const token = route.auth === 'firebase' ? user.idToken : user.accessToken;
    return { ...bearer(token), 'content-type': 'application/json' };
  };

  it.each(bodyRoutes.map((route) => [routeName(route), route] as const))(
    '%s: a JSON body over 64 kB is refused with 413, malformed JSON with 400',
    async (_name, route) => {
      const head = await t.app.eventStore.headPosition();
      const send = (payload: string) =>
        t.app.inject({
          method: route.method,
          url: urlOf(route),
          headers: headersFor(route),
          payload,
        } as InjectOptions);
      const oversized = await send(JSON.stringify({ name: 'x'.repeat(70 * 1024) }));
      expect(oversized.statusCode).toBe(413);
      expect(refusalOf(oversized.json())).toEqual({
        statusCode: 413,
        message: 'The request body is too large',
      });
      const malformed = await send('{"name": "x", ');
      expect(malformed.statusCode).toBe(400);
      expect(refusalOf(malformed.json())).toEqual({
        statusCode: 400,
        message: 'The request body is not valid JSON',
      });
      expect(await t.app.eventStore.headPosition()).toBe(head);
    },
  );
});

describe('GraphQL queries that cost more than they look', () => {
  const post = (query: string) =>
    t.app.inject({ method: 'POST', url: '/graphql', payload: { query } });
  /** `{ __schema { types { fields { type { ofType { ... { name } } } } } } }`, `depth` levels deep. */
  const introspectionOfDepth = (depth: number) => {
    const levels = ['__schema', 'types', 'fields', 'type', ...Array(depth - 5).fill('ofType')];
    return `{ ${levels.join(' { ')} { name }${' }'.repeat(levels.length)}`;
  };
  const errorsOf = (answer: { json: () => unknown }) =>
    ((answer.json() as { errors?: { message: string }[] }).errors ?? []).map((e) => e.message);

  it('a query deeper than 7 is refused; 7 levels are answered', async () => {
    const atLimit = await post(introspectionOfDepth(7));
    expect(errorsOf(atLimit)).toEqual([]);
    const tooDeep = await post(introspectionOfDepth(12));
    expect(tooDeep.statusCode).toBe(400);
    expect(errorsOf(tooDeep).join()).toMatch(/depth/);
  });

  it('too deep over GET as well', async () => {
    const answer = await t.app.inject({
      url: `/graphql?query=${encodeURIComponent(introspectionOfDepth(12))}`,
    });
    expect(answer.statusCode).toBe(400);
    expect(errorsOf(answer).join()).toMatch(/depth/);
  });

  it(`at most ${QUERY_ALIAS_LIMIT} aliases: the same list cannot be asked for a thousand times`, async () => {
    const aliased = (count: number) =>
      `{ ${Array.from({ length: count }, (_, i) => `a${i}: categories { title }`).join(' ')} }`;
    const atLimit = await post(aliased(QUERY_ALIAS_LIMIT));
    expect(errorsOf(atLimit)).toEqual([]);
    const refused = await post(aliased(QUERY_ALIAS_LIMIT + 1));
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused)).toEqual([`A query may use at most ${QUERY_ALIAS_LIMIT} aliases`]);
    // A thousand are refused sooner, before they are parsed, by the bound on a query's length.
    const thousand = await post(aliased(1_000));
    expect(thousand.statusCode).toBe(400);
    expect(errorsOf(thousand)).toEqual([
      `A query may be at most ${QUERY_MAX_LENGTH} characters long`,
    ]);
  });

  it.each([
    'false',
    '0',
    '-1',
    ' null',
    '"{ categories }"',
    '{}',
    '[]',
    '{"kind":"Document","definitions":[]}',
  ])(
    'a query that is JSON, not GraphQL (%s: a ready-made syntax tree), is refused with 400',
    async (source) => {
      for (const answer of [
        await post(source),
        await t.app.inject({ url: `/graphql?query=${encodeURIComponent(source)}` }),
      ]) {
        expect(answer.statusCode).toBe(400);
        expect(errorsOf(answer)).toEqual(['query must be a GraphQL document']);
      }
    },
  );

  it('a query over the 64 kB body limit is refused with 413', async () => {
    const huge = `{ ${'categories { title } '.repeat(4_000)} }`;
    expect((await post(huge)).statusCode).toBe(413);
  });
});

describe('WebSocket (graphql-ws) from web pages of other origins', () => {
  let url: string;
  beforeAll(async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/graphql`;
  });

  /** The HTTP status of the upgrade: 101 when the socket opened. */
  const upgradeStatus = (origin: string | undefined): Promise<number> =>
    new Promise((resolve, reject) => {
      const socket = new WebSocket(url, 'graphql-transport-ws', origin ? { origin } : {});
      socket.on('open', () => {
        socket.close();
        resolve(101);
      });
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('error', reject);
    });

  it.each([
    ['a foreign site', 'http://evil.example'],
    ['a look-alike of the web origin', 'http://127.0.0.1:3000.evil.example'],
    ['another port of the same host', 'http://127.0.0.1:3001'],
    ['the web origin over another scheme', 'https://127.0.0.1:3000'],
    ['a sandboxed frame or file: page', 'null'],
  ])('refuses %s (%s)', async (_kind, origin) => {
    expect(await upgradeStatus(origin)).toBe(401);
  });

  it("accepts the web client's origin, and clients that send none (not a browser)", async () => {
    expect(await upgradeStatus(webOrigin)).toBe(101);
    expect(await upgradeStatus(undefined)).toBe(101);
  });
});
