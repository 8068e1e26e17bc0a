import { readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@resale/events';
import {
  bookingOf,
  listingOf,
  listProduct,
  registerUser,
  seedCategories,
  uniqueEmail,
  type SignedInUser,
} from './helper.ts';
import {
  headerText,
  hostileBody,
  hostileContentType,
  hostileParam,
  hostileQuery,
  malformedJsonText,
  mongoOperators,
  pollutionKeys,
  toJsonText,
  type HostileJson,
} from './security/hostile-arbitraries.ts';
import {
  buildAppWithRouteCatalog,
  routeName,
  type CatalogRoute,
} from './security/route-catalog.ts';

/** Inputs tried in all, spread over the routes; ~60 s on two busy cores. */
const TOTAL_INPUTS = Number(process.env.HOSTILE_INPUTS ?? 4_000);
const seed = Number(process.env.HOSTILE_SEED ?? Date.now() % 1_000_000);

const adminEmail = uniqueEmail('admin');
// Built before the tests are collected: one test per route the app registered.
const t = await buildAppWithRouteCatalog({ ADMIN_EMAILS: adminEmail });
const routes = [...t.routes].sort((a, b) => routeName(a).localeCompare(routeName(b)));
const runsPerRoute = Math.ceil(TOTAL_INPUTS / routes.length);

const callers = ['anonymous', 'buyer', 'seller', 'admin', 'firebase', 'garbage', 'basic'] as const;
type Caller = (typeof callers)[number];

const intendedCallerOf = (route: CatalogRoute): Caller =>
  route.auth === 'admin' || route.auth === 'seller' || route.auth === 'firebase'
    ? route.auth
    : 'buyer';

const plain = (value: unknown): HostileJson => {
  if (value === null || typeof value !== 'object') return value as HostileJson;
  if (Array.isArray(value)) return { array: value.map(plain) };
  return { entries: Object.entries(value).map(([key, item]) => [key, plain(item)] as const) };
};

const hostileKeys = new Set<string>([...pollutionKeys, ...mongoOperators]);

/** Keys that must never reach the log: pollution keys and anything operator-like. */
function hostileKeysIn(value: unknown, found: string[] = []): string[] {
  if (value === null || typeof value !== 'object') return found;
  for (const key of Object.keys(value)) {
    if (hostileKeys.has(key) || key.startsWith('$')) found.push(key);
    hostileKeysIn((value as Record<string, unknown>)[key], found);
  }
  return found;
}

describe(`hostile input on every route (fast-check, seed ${seed}, ${runsPerRoute} inputs per route)`, () => {
  let buyer: SignedInUser;
  let seller: SignedInUser;
  let admin: SignedInUser;
  let productId: string;
  const statuses = new Map<number, number>();
  let tried = 0;
  /** Hostile-looking inputs that were valid after all, and appended. */
  const acceptedWrites: string[] = [];
  const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
  const imagesDir = path.join(t.dataDir, 'images');
  let imagesBefore: string[] = [];
  let imagesAccepted = 0;

  beforeAll(async () => {
    await seedCategories(t.app);
    [buyer, seller, admin] = await Promise.all([
      registerUser(t.app, 'buyer'),
      registerUser(t.app, 'seller'),
      registerUser(t.app, 'buyer', { email: adminEmail }),
    ]);
    productId = await listProduct(t.app, seller);
    imagesBefore = readdirSync(imagesDir);
  });
  afterAll(async () => {
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
    console.info(
      `hostile input (seed ${seed}): ${tried} inputs on ${routes.length} routes; ${byStatus.join(', ')}; ` +
        `${acceptedWrites.length} valid after all and appended (${[...new Set(acceptedWrites)].join(', ')})`,
    );
    await t.close();
  });

  const authorizationOf = (caller: Caller): Record<string, string> =>
    ({
      anonymous: {},
      buyer: { authorization: `Bearer ${buyer.accessToken}` },
      seller: { authorization: `Bearer ${seller.accessToken}` },
      admin: { authorization: `Bearer ${admin.accessToken}` },
      firebase: { authorization: `Bearer ${buyer.idToken}` },
      garbage: { authorization: 'Bearer eyJhbGciOiJub25lIn0.e30.' },
      basic: { authorization: 'Basic YWRtaW46YWRtaW4=' },
    })[caller];

  /** A valid body for the route, the starting point of the hostile ones. */
  const validBodyOf = (route: CatalogRoute): Record<string, HostileJson> => {
    const valid: Record<string, Record<string, unknown>> = {
      'POST /bookings': bookingOf(buyer, productId),
      'POST /myProducts': listingOf(seller),
      'POST /users': { name: buyer.name, email: buyer.email, role: 'buyer' },
      'PUT /myProducts/:productId/availability': { available: false },
      'PATCH /myProducts/:productId': { sellingPrice: 500, about: 'A new battery' },
      'POST /graphql': { query: '{ categories { title } me { role } }', variables: {} },
    };
    const body =
      valid[routeName(route)] ?? Object.fromEntries(route.bodyFields.map((field) => [field, 'x']));
    return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, plain(value)]));
  };

  const hostileRequest = (route: CatalogRoute) =>
    fc.record({
      // Mostly the caller the route is for, so that inputs get past authentication.
      caller: fc.oneof(
        { weight: 3, arbitrary: fc.constant(intendedCallerOf(route)) },
        { weight: 2, arbitrary: fc.constantFrom(...callers) },
      ),
      params: fc.array(hostileParam, {
        minLength: route.params.length,
        maxLength: route.params.length,
      }),
      query: fc.oneof(fc.constant(''), hostileQuery(route.queryFields)),
      body: fc.oneof(
        { weight: 5, arbitrary: hostileBody(validBodyOf(route)).map(toJsonText) },
        { weight: 1, arbitrary: malformedJsonText },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
      contentType: hostileContentType,
      idempotencyKey: fc.option(headerText, { nil: undefined }),
      requestId: fc.option(headerText, { nil: undefined }),
    });

  it('walks every route the app registered, the documented ones included', () => {
    const walked = new Set(routes.map((route) => routeName(route).replace(/:(\w+)/g, '{$1}')));
    const documented = Object.entries(
      (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths,
    ).flatMap(([url, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${url}`),
    );
    expect(documented.length).toBeGreaterThan(25);
    expect(documented.filter((route) => !walked.has(route))).toEqual([]);
  });

  it.each(routes.map((route) => [routeName(route), route] as const))(
    '%s: never 5xx, refusals are JSON and leave the event log unchanged',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(hostileRequest(route), async (input) => {
          let url = route.url;
          for (const [i, name] of route.params.entries())
            url = url.replace(name === '*' ? '*' : `:${name}`, input.params[i]!);
          // `OPTIONS *` (the CORS preflight) matches any path.
          if (!url.startsWith('/')) url = `/${url}`;
          if (input.query) url += `?${input.query}`;
          const sendsBody = input.body !== undefined && !['GET', 'HEAD'].includes(route.method);
          const headers: Record<string, string> = {
            ...authorizationOf(input.caller),
            ...(sendsBody ? { 'content-type': input.contentType } : {}),
            ...(input.idempotencyKey === undefined
              ? {}
              : { 'idempotency-key': input.idempotencyKey }),
            ...(input.requestId === undefined ? {} : { 'x-request-id': input.requestId }),
          };
          const before = await t.app.eventStore.headPosition();
          const response = await t.app.inject({
            method: route.method,
            url,
            headers,
            ...(sendsBody ? { payload: input.body } : {}),
          } as InjectOptions);
          tried += 1;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (response.statusCode < 300 && (await t.app.eventStore.headPosition()) !== before)
            acceptedWrites.push(routeName(route));
          if (route.url === '/images' && response.statusCode === 201) imagesAccepted += 1;

          expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(await t.app.eventStore.headPosition()).toBe(before);
            if (route.method !== 'HEAD') {
              expect(response.headers['content-type']).toMatch(/^application\/json/);
              const body = response.json<Record<string, unknown>>();
              expect(
                typeof body.message === 'string' || Array.isArray(body.errors),
                response.body.slice(0, 300),
              ).toBe(true);
            }
          }
        }),
        { numRuns: runsPerRoute, seed, endOnFailure: true },
      );
    },
    60_000,
  );

  it('stored no pollution key or Mongo operator in the event log', async () => {
    const log: RecordedEvent[] = [];
    for (;;) {
      const page = await t.app.eventStore.readAll({ after: log.at(-1)?.position ?? 0, limit: 500 });
      if (page.length === 0) break;
      log.push(...page);
    }
    expect(log.flatMap((event) => hostileKeysIn([event.data, event.metadata]))).toEqual([]);
  });

  it('left Object.prototype unpolluted', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    const probe = {} as Record<string, unknown>;
    expect([probe.polluted, probe.isAdmin, probe.role]).toEqual([undefined, undefined, undefined]);
  });

  it('stored no image for a refused upload', () => {
    expect(readdirSync(imagesDir).length - imagesBefore.length).toBe(imagesAccepted);
  });
});
