import { schema as schemaText } from '../src/graphql/index.ts';
import { createRequire } from 'node:module';
import type { InjectOptions } from 'fastify';
import type * as GraphQL from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RecordedEvent } from '@resale/events';
import {
  accessTokenOf,
  bearer,
  bookingOf,
  listingOf,
  listProduct,
  registerUser,
  seedCategories,
  signUpWithFirebase,
  uniqueEmail,
  type SignedInUser,
} from './helper.ts';
import {
  buildAppWithRouteCatalog,
  routeName,
  type CatalogRoute,
} from './security/route-catalog.ts';

const { buildSchema } = createRequire(import.meta.url)('graphql') as typeof GraphQL;

const adminEmail = uniqueEmail('admin');
const t = await buildAppWithRouteCatalog({ ADMIN_EMAILS: adminEmail });
const routes = [...t.routes].sort((a, b) => routeName(a).localeCompare(routeName(b)));
const guardedRoutes = routes.filter((route) => route.auth && route.auth !== 'firebase');
const firebaseRoutes = routes.filter((route) => route.auth === 'firebase');
const publicRoutes = routes.filter((route) => !route.auth);

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A token shaped like the gateway's own, signed with `secret` (or not at all). */
async function forgedAccessToken(
  subject: SignedInUser,
  options: { secret?: string; expiresAt?: number; alg?: 'none' },
): Promise<string> {
  const claims = {
    email: subject.email,
    sub: subject.uid,
    iss: 'resale-gateway',
    aud: 'resale-web',
    iat: nowSeconds() - 60,
    exp: options.expiresAt ?? nowSeconds() + 3600,
  };
  if (options.alg === 'none')
    return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(options.secret));
}

/** An ID token as the Auth emulator issues them (unsigned), with the given claims changed. */
function emulatorIdToken(subject: SignedInUser, changes: Record<string, unknown>): string {
  const claims = {
    iss: 'https://securetoken.google.com/demo-resale',
    aud: 'demo-resale',
    auth_time: nowSeconds() - 60,
    user_id: subject.uid,
    sub: subject.uid,
    iat: nowSeconds() - 60,
    exp: nowSeconds() + 3600,
    email: subject.email,
    email_verified: false,
    firebase: { identities: { email: [subject.email] }, sign_in_provider: 'password' },
    ...changes,
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
}

interface GraphqlAnswer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

describe('authorization: every route and GraphQL operation × every kind of caller', () => {
  let buyer: SignedInUser;
  let otherBuyer: SignedInUser;
  let seller: SignedInUser;
  let otherSeller: SignedInUser;
  let admin: SignedInUser;
  let deleted: SignedInUser;
  let unregistered: { uid: string; email: string; idToken: string; accessToken: string };
  /** Access-token-like credentials that must never pass, by name. */
  let badAccessTokens: Record<string, string> = {};
  let buyersBooking: { bookingId: string; productId: string };
  let sellersProduct: string;

  beforeAll(async () => {
    await seedCategories(t.app);
    [buyer, otherBuyer, seller, otherSeller, admin, deleted] = await Promise.all([
      registerUser(t.app, 'buyer'),
      registerUser(t.app, 'buyer'),
      registerUser(t.app, 'seller'),
      registerUser(t.app, 'seller'),
      registerUser(t.app, 'buyer', { email: adminEmail }),
      registerUser(t.app, 'seller'),
    ]);
    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/users/${deleted.uid}`,
      headers: bearer(admin.accessToken),
    });
    expect(removal.statusCode).toBe(200);
    // Signed in with Firebase, has an access token (GET /jwt works before POST /users), never
    // registered.
    const account = await signUpWithFirebase();
    unregistered = { ...account, accessToken: await accessTokenOf(t.app, account) };
    const secret = t.app.config.ACCESS_TOKEN_SECRET;
    badAccessTokens = {
      'an expired access token': await forgedAccessToken(admin, {
        secret,
        expiresAt: nowSeconds() - 1,
      }),
      'an access token signed with another key': await forgedAccessToken(admin, {
        secret: 'x'.repeat(48),
      }),
      'an unsigned access token (alg none)': await forgedAccessToken(admin, { alg: 'none' }),
      'a Firebase ID token instead of an access token': admin.idToken,
    };
    sellersProduct = await listProduct(t.app, seller);
    const productId = await listProduct(t.app, seller);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/bookings',
      headers: bearer(buyer.accessToken),
      payload: bookingOf(buyer, productId),
    });
    buyersBooking = { bookingId: booked.json<{ insertedId: string }>().insertedId, productId };
    await t.app.readModels.waitFor(await t.app.eventStore.headPosition());
  });
  afterAll(() => t.close());

  /** Any request to the route: refusals by credentials come before the input is even read. */
  const anyRequestTo = (route: CatalogRoute, headers: Record<string, string>): InjectOptions => {
    let url = route.url.replace(/:\w+/g, 'x').replace('*', 'x');
    if (!url.startsWith('/')) url = `/${url}`;
    const sendsBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
    return {
      method: route.method,
      url,
      headers,
      ...(sendsBody ? { payload: {} } : {}),
    } as InjectOptions;
  };

  const readStreams = async (...streamIds: string[]): Promise<RecordedEvent[][]> =>
    Promise.all(streamIds.map((id) => t.app.eventStore.readStream(id)));

  describe('credentials that are not a valid access token of an active user', () => {
    it('guard routes exist: the catalog knows the signed-in, seller, admin and Firebase routes', () => {
      expect(guardedRoutes.length).toBeGreaterThan(15);
      expect(firebaseRoutes.map(routeName).sort()).toEqual([
        'GET /jwt',
        'HEAD /jwt',
        'POST /users',
      ]);
    });

    it.each(guardedRoutes.map((route) => [routeName(route), route] as const))(
      '%s: 401 for anonymous, expired, wrong-key, unsigned and Firebase tokens; 403 for deleted or unregistered users',
      async (_name, route) => {
        const head = await t.app.eventStore.headPosition();
        const statusWith = async (headers: Record<string, string>) =>
          (await t.app.inject(anyRequestTo(route, headers))).statusCode;
        const actual: Record<string, number> = { anonymous: await statusWith({}) };
        for (const [name, token] of Object.entries(badAccessTokens))
          actual[name] = await statusWith(bearer(token));
        actual['a deleted user'] = await statusWith(bearer(deleted.accessToken));
        actual['an unregistered account'] = await statusWith(bearer(unregistered.accessToken));
        expect(actual).toEqual({
          anonymous: 401,
          ...Object.fromEntries(Object.keys(badAccessTokens).map((name) => [name, 401])),
          'a deleted user': 403,
          'an unregistered account': 403,
        });
        expect(await t.app.eventStore.headPosition()).toBe(head);
      },
    );

    it.each(firebaseRoutes.map((route) => [routeName(route), route] as const))(
      '%s: 401 for an access token, an expired or foreign-project Firebase ID token',
      async (_name, route) => {
        const head = await t.app.eventStore.headPosition();
        const statusWith = async (token: string) =>
          (await t.app.inject(anyRequestTo(route, bearer(token)))).statusCode;
        expect({
          'an access token': await statusWith(buyer.accessToken),
          'an expired ID token': await statusWith(
            emulatorIdToken(buyer, { iat: nowSeconds() - 7200, exp: nowSeconds() - 3600 }),
          ),
          'an ID token of another project': await statusWith(
            emulatorIdToken(buyer, {
              aud: 'another-project',
              iss: 'https://securetoken.google.com/another-project',
            }),
          ),
        }).toEqual({
          'an access token': 401,
          'an expired ID token': 401,
          'an ID token of another project': 401,
        });
        expect(await t.app.eventStore.headPosition()).toBe(head);
      },
    );

    it('a deleted user gets no new access token and cannot register again', async () => {
      const head = await t.app.eventStore.headPosition();
      const jwt = await t.app.inject({
        url: `/jwt?email=${encodeURIComponent(deleted.email)}`,
        headers: bearer(deleted.idToken),
      });
      // Their sign-in account was erased with them: its ID tokens are no longer valid.
      expect(jwt.statusCode).toBe(401);
      const again = await t.app.inject({
        method: 'POST',
        url: '/users',
        headers: bearer(deleted.idToken),
        payload: { name: deleted.name, email: deleted.email, role: 'seller' },
      });
      expect(again.statusCode).toBe(401);
      expect(await t.app.eventStore.headPosition()).toBe(head);
    });

    it.each(publicRoutes.map((route) => [routeName(route), route] as const))(
      '%s (public): any credential is answered as for an anonymous caller',
      async (_name, route) => {
        const anonymous = await t.app.inject(anyRequestTo(route, {}));
        const withCredentials = await Promise.all(
          [...Object.values(badAccessTokens), deleted.accessToken, buyer.accessToken].map((token) =>
            t.app.inject(anyRequestTo(route, bearer(token))),
          ),
        );
        expect(withCredentials.map((answer) => answer.statusCode)).toEqual(
          withCredentials.map(() => anonymous.statusCode),
        );
      },
    );
  });

  describe('per object: nobody sees or changes what belongs to another user', () => {
    it("a buyer never sees another buyer's bookings (by e-mail, by GraphQL, by a borrowed cursor)", async () => {
      const mine = await t.app.inject({
        url: `/bookings?email=${buyer.email}`,
        headers: bearer(buyer.accessToken),
      });
      expect(mine.json()).toContainEqual(expect.objectContaining({ _id: buyersBooking.bookingId }));
      const theirs = await t.app.inject({
        url: `/bookings?email=${encodeURIComponent(buyer.email.toUpperCase())}`,
        headers: bearer(otherBuyer.accessToken),
      });
      expect(theirs.statusCode).toBe(403);
      const graphql = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: bearer(otherBuyer.accessToken),
        payload: { query: '{ myBookings { _id email } }' },
      });
      expect(graphql.json<GraphqlAnswer>().data?.myBookings).toEqual([]);
      // A second booking gives the buyer a paging cursor; it opens nothing of theirs to another.
      const productId = await listProduct(t.app, seller);
      const second = await t.app.inject({
        method: 'POST',
        url: '/bookings',
        headers: bearer(buyer.accessToken),
        payload: bookingOf(buyer, productId),
      });
      const position = second.json<{ position: number }>().position;
      const page = await t.app.inject({
        url: `/bookings?email=${buyer.email}&limit=1&minPosition=${position}`,
        headers: bearer(buyer.accessToken),
      });
      const cursor = page.json<{ nextCursor: string }>().nextCursor;
      expect(cursor).toEqual(expect.any(String));
      const borrowed = await t.app.inject({
        url: `/bookings?email=${otherBuyer.email}&after=${encodeURIComponent(cursor)}`,
        headers: bearer(otherBuyer.accessToken),
      });
      expect(borrowed.statusCode === 400 || borrowed.json<{ items: [] }>().items.length === 0).toBe(
        true,
      );
    });

    it("a seller never sees another seller's products as their own", async () => {
      const theirs = await t.app.inject({
        url: `/myProducts/${seller.email}`,
        headers: bearer(otherSeller.accessToken),
      });
      expect(theirs.statusCode).toBe(403);
      const graphql = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: bearer(otherSeller.accessToken),
        payload: { query: '{ myProducts { _id sellerEmail } }' },
      });
      expect(graphql.json<GraphqlAnswer>().data?.myProducts).toEqual([]);
    });

    it.each([
      ['advertise', undefined],
      ['availability', { available: false }],
    ] as const)(
      "another seller cannot %s a seller's product: 403, and nothing changes",
      async (action, payload) => {
        const [before] = await readStreams(`product-${sellersProduct}`);
        for (const intruder of [otherSeller, buyer, admin]) {
          const answer = await t.app.inject({
            method: 'PUT',
            url: `/myProducts/${sellersProduct}/${action}`,
            headers: bearer(intruder.accessToken),
            ...(payload ? { payload } : {}),
          });
          expect(answer.statusCode).toBe(403);
        }
        const [after] = await readStreams(`product-${sellersProduct}`);
        expect(after).toEqual(before);
        const listed = await t.app.inject({
          url: `/myProducts/${seller.email}`,
          headers: bearer(seller.accessToken),
        });
        expect(listed.json()).toContainEqual(
          expect.objectContaining({ _id: sellersProduct, advertised: false, available: true }),
        );
      },
    );

    it('nobody books in the name of another, nor their own product', async () => {
      const productId = await listProduct(t.app, seller);
      const [before] = await readStreams(`product-${productId}`);
      const inAnothersName = await t.app.inject({
        method: 'POST',
        url: '/bookings',
        headers: bearer(otherBuyer.accessToken),
        payload: bookingOf(buyer, productId),
      });
      expect(inAnothersName.statusCode).toBe(403);
      const ownProduct = await t.app.inject({
        method: 'POST',
        url: '/bookings',
        headers: bearer(seller.accessToken),
        payload: bookingOf(seller, productId),
      });
      expect(ownProduct.statusCode).toBe(403);
      expect((await readStreams(`product-${productId}`))[0]).toEqual(before);
    });

    it("an Idempotency-Key never replays another user's answer", async () => {
      const key = `shared-${buyer.uid}`;
      const [first, second] = [await listProduct(t.app, seller), await listProduct(t.app, seller)];
      const mine = await t.app.inject({
        method: 'POST',
        url: '/bookings',
        headers: { ...bearer(buyer.accessToken), 'idempotency-key': key },
        payload: bookingOf(buyer, first),
      });
      expect(mine.statusCode).toBe(201);
      const theirs = await t.app.inject({
        method: 'POST',
        url: '/bookings',
        headers: { ...bearer(otherBuyer.accessToken), 'idempotency-key': key },
        payload: bookingOf(otherBuyer, second),
      });
      expect(theirs.statusCode).toBe(201);
      expect(theirs.headers['idempotent-replayed']).toBeUndefined();
      expect(theirs.json().insertedId).not.toBe(mine.json().insertedId);
    });

    it('only an admin deletes or promotes users, and not one of them is changed otherwise', async () => {
      const target = await registerUser(t.app, 'buyer');
      const [before] = await readStreams(`user-${target.uid}`);
      for (const intruder of [buyer, seller, otherSeller]) {
        for (const request of [
          { method: 'DELETE', url: `/users/${target.uid}` },
          { method: 'PUT', url: `/users/admin/${target.uid}` },
        ] as const)
          expect(
            (await t.app.inject({ ...request, headers: bearer(intruder.accessToken) })).statusCode,
          ).toBe(403);
      }
      expect((await readStreams(`user-${target.uid}`))[0]).toEqual(before);
      expect(
        (await t.app.inject({ url: '/me', headers: bearer(target.accessToken) })).json(),
      ).toMatchObject({
        role: 'buyer',
        isAdmin: false,
      });
    });

    it('only an admin sees the operations page or starts a replay; a refused one starts none', async () => {
      for (const caller of [buyer, seller, otherSeller]) {
        const headers = bearer(caller.accessToken);
        const seen = await t.app.inject({ method: 'GET', url: '/admin/operations', headers });
        const started = await t.app.inject({
          method: 'POST',
          url: '/admin/operations/replays',
          headers,
          payload: { name: 'users' },
        });
        expect([seen.statusCode, started.statusCode]).toEqual([403, 403]);
      }
      const shown = await t.app.inject({
        method: 'GET',
        url: '/admin/operations',
        headers: bearer(admin.accessToken),
      });
      expect(shown.json<{ replay: unknown }>().replay).toBeNull();
    });
  });

  describe('mass assignment: fields a caller may not set are never stored', () => {
    it('POST /users: no admin role, no admin flag, no other uid', async () => {
      const account = await signUpWithFirebase();
      const head = await t.app.eventStore.headPosition();
      const [adminBefore] = await readStreams(`user-${admin.uid}`);
      const asAdmin = await t.app.inject({
        method: 'POST',
        url: '/users',
        headers: bearer(account.idToken),
        payload: { name: 'Mallory', email: account.email, role: 'admin' },
      });
      expect(asAdmin.statusCode).toBe(400);
      expect(await t.app.eventStore.headPosition()).toBe(head);
      const withExtras = await t.app.inject({
        method: 'POST',
        url: '/users',
        headers: bearer(account.idToken),
        payload: {
          name: 'Mallory',
          email: account.email,
          role: 'buyer',
          isAdmin: true,
          grantAdmin: true,
          uid: admin.uid,
          _id: admin.uid,
        },
      });
      expect(withExtras.statusCode).toBe(201);
      expect(withExtras.json().insertedId).toBe(account.uid);
      const [events] = await readStreams(`user-${account.uid}`);
      expect(events?.map((event) => event.data)).toEqual([
        { uid: account.uid, name: 'Mallory', email: account.email, role: 'buyer' },
      ]);
      const me = await t.app.inject({
        url: '/me',
        headers: bearer(await accessTokenOf(t.app, account)),
      });
      expect(me.json()).toMatchObject({ uid: account.uid, role: 'buyer', isAdmin: false });
      expect((await readStreams(`user-${admin.uid}`))[0]).toEqual(adminBefore);
    });

    it('POST /myProducts: the server alone sets id, post time, seller and states', async () => {
      const chosenId = 'chosen-by-the-client';
      const answer = await t.app.inject({
        method: 'POST',
        url: '/myProducts',
        headers: bearer(seller.accessToken),
        payload: listingOf(seller, {
          _id: chosenId,
          productId: chosenId,
          postTime: '2000-01-01T00:00:00.000Z',
          sellerUid: otherSeller.uid,
          booked: true,
          reported: true,
          advertised: true,
          available: false,
          sellerVerified: true,
        }),
      });
      expect(answer.statusCode).toBe(201);
      const { insertedId, position } = answer.json<{ insertedId: string; position: number }>();
      expect(insertedId).not.toBe(chosenId);
      expect((await readStreams(`product-${chosenId}`))[0]).toEqual([]);
      const [events] = await readStreams(`product-${insertedId}`);
      expect(events).toHaveLength(1);
      expect(events?.[0]?.data).toMatchObject({ productId: insertedId, sellerUid: seller.uid });
      expect((events?.[0]?.data as { postTime: string }).postTime).not.toBe(
        '2000-01-01T00:00:00.000Z',
      );
      const listed = await t.app.inject({
        url: `/myProducts/${seller.email}?minPosition=${position}`,
        headers: bearer(seller.accessToken),
      });
      expect(listed.json()).toContainEqual(
        expect.objectContaining({
          _id: insertedId,
          booked: false,
          reported: false,
          advertised: false,
          available: true,
          sellerVerified: false,
        }),
      );
    });

    it("POST /myProducts: no listing under another seller's e-mail", async () => {
      const head = await t.app.eventStore.headPosition();
      const answer = await t.app.inject({
        method: 'POST',
        url: '/myProducts',
        headers: bearer(seller.accessToken),
        payload: listingOf(seller, { sellerEmail: otherSeller.email, email: otherSeller.email }),
      });
      expect(answer.statusCode).toBe(403);
      expect(await t.app.eventStore.headPosition()).toBe(head);
    });

    it("POST /bookings: the listing's price, brand and name are booked, in the caller's name", async () => {
      const productId = await listProduct(t.app, seller, { sellingPrice: 600, Brand: 'Samsung' });
      const answer = await t.app.inject({
        method: 'POST',
        url: '/bookings',
        headers: bearer(buyer.accessToken),
        payload: {
          ...bookingOf(buyer, productId),
          sellingPrice: 1,
          Brand: 'Oppo',
          productName: 'Free phone',
          buyerUid: otherBuyer.uid,
          bookingId: 'chosen-by-the-client',
          _id: 'chosen-by-the-client',
        },
      });
      expect(answer.statusCode).toBe(201);
      const { insertedId } = answer.json<{ insertedId: string }>();
      expect(insertedId).not.toBe('chosen-by-the-client');
      const [placed] = await readStreams(`booking-${insertedId}`);
      expect(placed?.[0]?.data).toMatchObject({
        bookingId: insertedId,
        productId,
        sellingPrice: 600,
        Brand: 'Samsung',
        productName: 'Galaxy S21',
        buyerUid: buyer.uid,
        email: buyer.email,
      });
    });

    it('PUT availability: only `available` is read', async () => {
      const productId = await listProduct(t.app, seller);
      const answer = await t.app.inject({
        method: 'PUT',
        url: `/myProducts/${productId}/availability`,
        headers: bearer(seller.accessToken),
        payload: {
          available: true,
          booked: true,
          advertised: true,
          sellerEmail: otherSeller.email,
        },
      });
      expect(answer.statusCode).toBe(200);
      // Already available: nothing to append, whatever else the body says.
      expect(answer.json().modifiedCount).toBe(0);
      expect((await readStreams(`product-${productId}`))[0]).toHaveLength(1);
    });
  });

  describe('GraphQL operations, taken from the schema', () => {
    const schema = buildSchema(schemaText);
    type Audience = 'public' | 'me' | 'user' | 'seller' | 'admin';
    /** Who each operation is for; a new operation fails the suite until it is listed here. */
    const audiences: Record<string, Audience> = {
      'query categories': 'public',
      'query category': 'public',
      'query products': 'public',
      'query searchProducts': 'public',
      'query advertisedProducts': 'public',
      'query product': 'user',
      'query me': 'me',
      'query myBookings': 'user',
      'query myProducts': 'seller',
      'query sellerBookings': 'seller',
      'query users': 'admin',
      'query sellers': 'admin',
      'query reportedProducts': 'admin',
      'query auditTimeline': 'admin',
      'query listingAsOf': 'admin',
      'query operations': 'admin',
      'subscription myBookingsChanged': 'user',
      'subscription meChanged': 'user',
      'subscription productsChanged': 'user',
      'subscription productChanged': 'user',
      'subscription productSearchChanged': 'user',
      'subscription myProductsChanged': 'seller',
      'subscription sellerBookingsChanged': 'seller',
      'subscription reportedProductsChanged': 'admin',
      'subscription usersChanged': 'admin',
      'subscription sellersChanged': 'admin',
      'subscription auditTimelineChanged': 'admin',
    };
    const argumentValues: Record<string, string> = {
      id: '"samsung"',
      brand: '"Samsung"',
      search: '{}',
    };
    /** Where a field's argument names a product: the seller's, once listed (see `sourceOf`). */
    const productArgument = '"<a product>"';
    const fieldArgumentValues: Record<string, Record<string, string>> = {
      product: { id: productArgument },
      productChanged: { id: productArgument },
      auditTimeline: { stream: `"product-${productArgument.slice(1, -1)}"` },
      listingAsOf: { productId: productArgument, position: '1' },
      auditTimelineChanged: { streams: `["product-${productArgument.slice(1, -1)}"]` },
    };
    const sourceOf = (operation: { source: string }): string =>
      operation.source.replaceAll(productArgument.slice(1, -1), sellersProduct);
    beforeAll(async () => {
      await t.app.readModels.waitFor(await t.app.eventStore.headPosition());
    });
    const operations = (['query', 'subscription'] as const).flatMap((kind) => {
      const type = kind === 'query' ? schema.getQueryType() : schema.getSubscriptionType();
      return Object.values(type?.getFields() ?? {}).map((field) => {
        const values = { ...argumentValues, ...fieldArgumentValues[field.name] };
        const args = field.args
          .filter((arg) => values[arg.name])
          .map((arg) => `${arg.name}: ${values[arg.name]}`);
        if (kind === 'subscription') args.push('after: -1');
        return {
          name: `${kind} ${field.name}`,
          kind,
          field: field.name,
          source: `${kind} { ${field.name}${args.length ? `(${args.join(', ')})` : ''} { __typename } }`,
        };
      });
    });

    type CallerName =
      | 'anonymous'
      | 'buyer'
      | 'seller'
      | 'admin'
      | 'a deleted user'
      | 'an unregistered account'
      | 'a bad token';
    const callerNames: CallerName[] = [
      'anonymous',
      'buyer',
      'seller',
      'admin',
      'a deleted user',
      'an unregistered account',
      'a bad token',
    ];
    /** 'ok' (data), 'null' (me of nobody), or the refusal's code. */
    const expected = (audience: Audience, caller: CallerName): string => {
      if (audience === 'public') return 'ok';
      if (caller === 'a bad token') return 'UNAUTHENTICATED';
      if (caller === 'a deleted user' || caller === 'an unregistered account') return 'FORBIDDEN';
      if (caller === 'anonymous') return audience === 'me' ? 'null' : 'UNAUTHENTICATED';
      if (audience === 'seller') return caller === 'seller' ? 'ok' : 'FORBIDDEN';
      if (audience === 'admin') return caller === 'admin' ? 'ok' : 'FORBIDDEN';
      return 'ok';
    };
    /** Over WebSocket a refused token closes the connection. */
    const expectedOverWebSocket = (audience: Audience, caller: CallerName): string => {
      if (['a bad token', 'a deleted user', 'an unregistered account'].includes(caller))
        return 'closed';
      return expected(audience, caller);
    };

    const tokensOf = (caller: CallerName): (string | undefined)[] =>
      ({
        anonymous: [undefined],
        buyer: [buyer.accessToken],
        seller: [seller.accessToken],
        admin: [admin.accessToken],
        'a deleted user': [deleted.accessToken],
        'an unregistered account': [unregistered.accessToken],
        'a bad token': Object.values(badAccessTokens),
      })[caller];

    const outcomeOf = (answer: GraphqlAnswer, field: string): string => {
      if (answer.errors?.length)
        return answer.errors[0]?.extensions?.code ?? answer.errors[0]!.message;
      return answer.data?.[field] === null ? 'null' : 'ok';
    };

    it('every operation of the schema has an audience', () => {
      expect(operations.map((operation) => operation.name).sort()).toEqual(
        Object.keys(audiences).sort(),
      );
    });

    it.each(operations.filter((o) => o.kind === 'query').map((o) => [o.name, o] as const))(
      '%s over HTTP',
      async (_name, operation) => {
        const audience = audiences[operation.name]!;
        const actual: Record<string, string[]> = {};
        const wanted: Record<string, string[]> = {};
        for (const caller of callerNames) {
          const tokens = tokensOf(caller);
          actual[caller] = await Promise.all(
            tokens.map(async (token) => {
              const response = await t.app.inject({
                method: 'POST',
                url: '/graphql',
                headers: token ? bearer(token) : {},
                payload: { query: sourceOf(operation) },
              });
              return outcomeOf(response.json<GraphqlAnswer>(), operation.field);
            }),
          );
          wanted[caller] = tokens.map(() => expected(audience, caller));
        }
        expect(actual).toEqual(wanted);
      },
    );

    describe('subscriptions over graphql-ws', () => {
      let url: string;
      const clients: Client[] = [];
      beforeAll(async () => {
        const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
        url = `${address.replace('http', 'ws')}/graphql`;
      });
      afterAll(async () => {
        await Promise.all(clients.map((client) => client.dispose()));
      });

      /** The first thing the server says to this subscription: data, a refusal or a close. */
      const firstAnswer = async (
        token: string | undefined,
        source: string,
        field: string,
      ): Promise<string> => {
        const client = createClient({
          url,
          webSocketImpl: WebSocket,
          connectionParams: token ? { authorization: `Bearer ${token}` } : {},
          retryAttempts: 0,
          lazy: true,
        });
        clients.push(client);
        const iterator = client.iterate({ query: source });
        try {
          const { value } = await iterator.next();
          return outcomeOf(value as GraphqlAnswer, field);
        } catch (error) {
          if (Array.isArray(error))
            return (error as GraphqlAnswer['errors'])![0]?.extensions?.code ?? 'error';
          return 'closed';
        } finally {
          await iterator.return?.();
          await client.dispose();
        }
      };

      it.each(operations.filter((o) => o.kind === 'subscription').map((o) => [o.name, o] as const))(
        '%s',
        async (_name, operation) => {
          const audience = audiences[operation.name]!;
          const actual: Record<string, string[]> = {};
          const wanted: Record<string, string[]> = {};
          for (const caller of callerNames) {
            const tokens = tokensOf(caller);
            actual[caller] = await Promise.all(
              tokens.map((token) => firstAnswer(token, sourceOf(operation), operation.field)),
            );
            wanted[caller] = tokens.map(() => expectedOverWebSocket(audience, caller));
          }
          expect(actual).toEqual(wanted);
        },
      );
    });
  });
});
