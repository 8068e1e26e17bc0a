import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  bookingOf,
  buildTestApp,
  listingOf,
  listProduct,
  listProductAt,
  registerUser,
  seedCategories,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
} from './helper.ts';
import { wholePng } from './image-fixtures.ts';

type CallerName = 'anonymous' | 'buyer' | 'seller' | 'admin' | 'another buyer';
const callers: CallerName[] = ['anonymous', 'buyer', 'seller', 'admin', 'another buyer'];

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As OpenAPI names it. */
  path: string;
  /** The request this caller makes (fresh fixtures where a first call would change the outcome). */
  request: (caller: SignedInUser | undefined) => Promise<Omit<InjectOptions, 'method'>>;
  /** Expected status for: anonymous, buyer, seller, admin, another buyer. */
  expected: [number, number, number, number, number];
  /** Sends the Firebase ID token instead of the access token. */
  firebase?: boolean;
}

/**
 * Every route of the API × every kind of caller → the status it must answer. "buyer" owns the
 * bookings and "seller" the products the rows are about; "another buyer" is anyone else.
 */
describe('permission matrix: every route × {anonymous, buyer, seller, admin, another buyer}', () => {
  let t: TestApp;
  const users = {} as Record<Exclude<CallerName, 'anonymous'>, SignedInUser>;
  let lister: SignedInUser;
  let image: string;
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: adminEmail });
    await seedCategories(t.app);
    [users.buyer, users.seller, users.admin, users['another buyer'], lister] = await Promise.all([
      registerUser(t.app, 'buyer'),
      registerUser(t.app, 'seller'),
      registerUser(t.app, 'buyer', { email: adminEmail }),
      registerUser(t.app, 'buyer'),
      registerUser(t.app, 'seller'),
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/images',
      headers: {
        ...bearer(users.seller.accessToken),
        'content-type': 'multipart/form-data; boundary=b',
      },
      payload: Buffer.concat([
        Buffer.from(
          '--b\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n',
        ),
        wholePng,
        Buffer.from('\r\n--b--\r\n'),
      ]),
    });
    image = new URL(upload.json<{ data: { url: string } }>().data.url).pathname;
  });
  afterAll(() => t.close());

  const fixed = (options: Omit<InjectOptions, 'method'>) => async () => options;
  /** A pending booking by "buyer" of a product of "seller": its id. */
  const pendingBooking = async (): Promise<string> => {
    const productId = await listProduct(t.app, users.seller);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/bookings',
      headers: bearer(users.buyer.accessToken),
      payload: bookingOf(users.buyer, productId),
    });
    return booked.json<{ insertedId: string }>().insertedId;
  };
  const reportedProduct = async () => {
    const productId = await listProduct(t.app, lister);
    await t.app.inject({
      method: 'PUT',
      url: `/allProducts/${productId}`,
      headers: bearer(users.buyer.accessToken),
    });
    return productId;
  };
  const asAdmin = (url: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: bearer(users.admin.accessToken),
      ...(payload ? { payload } : {}),
    });
  /** A reported product of `owner` whose case the admin holds, hidden first if asked: its id. */
  const claimedCase = async ({ hidden = false, owner = lister } = {}) => {
    const productId = await listProduct(t.app, owner);
    await t.app.inject({
      method: 'PUT',
      url: `/allProducts/${productId}`,
      headers: bearer(users.buyer.accessToken),
      payload: { reason: 'stolen-or-blocked' },
    });
    await asAdmin(`/reportedProducts/${productId}/claim`);
    if (hidden) {
      await asAdmin(`/reportedProducts/${productId}/hide`, { reason: 'Blocked IMEI' });
      await asAdmin(`/reportedProducts/${productId}/claim`);
    }
    return productId;
  };
  const pngPart = Buffer.concat([
    Buffer.from('--b\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n'),
    wholePng,
    Buffer.from('\r\n--b--\r\n'),
  ]);

  const rows: Row[] = [
    {
      method: 'GET',
      path: '/healthz',
      request: fixed({ url: '/healthz' }),
      expected: [200, 200, 200, 200, 200],
    },
    {
      method: 'GET',
      path: '/readyz',
      request: fixed({ url: '/readyz' }),
      expected: [200, 200, 200, 200, 200],
    },
    {
      method: 'GET',
      path: '/categories',
      request: fixed({ url: '/categories' }),
      expected: [200, 200, 200, 200, 200],
    },
    {
      method: 'GET',
      path: '/addProductCategory',
      request: fixed({ url: '/addProductCategory' }),
      expected: [200, 200, 200, 200, 200],
    },
    {
      method: 'GET',
      path: '/singlecategories/{id}',
      request: fixed({ url: '/singlecategories/samsung' }),
      expected: [200, 200, 200, 200, 200],
    },
    {
      method: 'GET',
      path: '/allProducts/{categoryTitle}',
      request: fixed({ url: '/allProducts/Samsung' }),
      expected: [200, 200, 200, 200, 200],
    },
    {
      method: 'GET',
      path: '/products',
      request: fixed({ url: '/products?q=galaxy&available=true&sort=priceAsc' }),
      expected: [200, 200, 200, 200, 200],
    },
    {
      method: 'GET',
      path: '/products/{productId}',
      request: async () => {
        const { productId, position } = await listProductAt(t.app, users.seller);
        return { url: `/products/${productId}?minPosition=${position}` };
      },
      expected: [401, 200, 200, 200, 200],
    },
    {
      method: 'GET',
      path: '/products/{productId}',
      // Taken off sale: its seller's and the admins' only.
      request: async () => {
        const productId = await listProduct(t.app, users.seller);
        const offSale = await t.app.inject({
          method: 'PUT',
          url: `/myProducts/${productId}/availability`,
          headers: bearer(users.seller.accessToken),
          payload: { available: false },
        });
        const { position } = offSale.json<{ position: number }>();
        return { url: `/products/${productId}?minPosition=${position}` };
      },
      expected: [401, 404, 200, 200, 404],
    },
    {
      method: 'GET',
      path: '/advertisedProducts',
      request: fixed({ url: '/advertisedProducts' }),
      expected: [200, 200, 200, 200, 200],
    },
    {
      method: 'PUT',
      path: '/allProducts/{productId}',
      request: async () => ({ url: `/allProducts/${await listProduct(t.app, lister)}` }),
      expected: [401, 200, 200, 200, 200],
    },
    {
      method: 'POST',
      path: '/bookings',
      // Each caller books a fresh product in their own name.
      request: async (caller) => ({
        url: '/bookings',
        payload: bookingOf(caller ?? users.buyer, await listProduct(t.app, lister)),
      }),
      expected: [401, 201, 201, 201, 201],
    },
    {
      method: 'POST',
      path: '/bookings',
      // ... and only in their own name.
      request: async () => ({
        url: '/bookings',
        payload: bookingOf(users.buyer, await listProduct(t.app, lister)),
      }),
      expected: [401, 201, 403, 403, 403],
    },
    {
      method: 'GET',
      path: '/bookings',
      request: async () => ({ url: `/bookings?email=${users.buyer.email}` }),
      expected: [401, 200, 403, 403, 403],
    },
    {
      method: 'GET',
      path: '/bookings/received',
      request: fixed({ url: '/bookings/received' }),
      expected: [401, 403, 200, 403, 403],
    },
    // A fresh pending booking of the seller's product by the buyer for each caller: only its
    // seller answers it, only its buyer cancels it.
    ...(['accept', 'decline', 'cancel'] as const).map((move): Row => ({
      method: 'POST',
      path: `/bookings/{bookingId}/${move}`,
      request: async () => ({ url: `/bookings/${await pendingBooking()}/${move}` }),
      expected: move === 'cancel' ? [401, 200, 403, 403, 403] : [401, 403, 200, 403, 403],
    })),
    {
      method: 'GET',
      path: '/jwt',
      firebase: true,
      request: async () => ({ url: `/jwt?email=${users.buyer.email}` }),
      expected: [401, 200, 403, 403, 403],
    },
    {
      method: 'POST',
      path: '/users',
      firebase: true,
      request: async () => ({
        url: '/users',
        payload: { name: users.buyer.name, email: users.buyer.email, role: 'buyer' },
      }),
      expected: [401, 201, 403, 403, 403],
    },
    {
      method: 'GET',
      path: '/me',
      request: fixed({ url: '/me' }),
      expected: [401, 200, 200, 200, 200],
    },
    {
      method: 'GET',
      path: '/users/admin/{email}',
      request: async () => ({ url: `/users/admin/${users.admin.email}` }),
      expected: [200, 200, 200, 200, 200],
    },
    {
      method: 'PUT',
      path: '/users/admin/{userId}',
      request: async () => ({ url: `/users/admin/${(await registerUser(t.app, 'buyer')).uid}` }),
      expected: [401, 403, 403, 200, 403],
    },
    {
      method: 'GET',
      path: '/users',
      request: fixed({ url: '/users' }),
      expected: [401, 403, 403, 200, 403],
    },
    {
      method: 'DELETE',
      path: '/users/{id}',
      request: async () => ({ url: `/users/${(await registerUser(t.app, 'buyer')).uid}` }),
      expected: [401, 403, 403, 200, 403],
    },
    {
      method: 'GET',
      path: '/users/sellers/{email}',
      request: async () => ({ url: `/users/sellers/${users.seller.email}` }),
      expected: [200, 200, 200, 200, 200],
    },
    {
      method: 'PUT',
      path: '/users/sellers/{sellerEmail}',
      request: async () => {
        const head = await t.app.eventStore.headPosition();
        await t.app.readModels.waitFor(head);
        return { url: `/users/sellers/${lister.email}` };
      },
      expected: [401, 403, 403, 200, 403],
    },
    {
      method: 'GET',
      path: '/sellers',
      request: fixed({ url: '/sellers' }),
      expected: [401, 403, 403, 200, 403],
    },
    {
      method: 'DELETE',
      path: '/sellers/{id}',
      request: async () => ({ url: `/sellers/${(await registerUser(t.app, 'seller')).uid}` }),
      expected: [401, 403, 403, 200, 403],
    },
    {
      method: 'POST',
      path: '/myProducts',
      // Each caller lists under their own e-mail: only sellers may.
      request: async (caller) => ({
        url: '/myProducts',
        payload: listingOf(caller ?? users.seller),
      }),
      expected: [401, 403, 201, 403, 403],
    },
    {
      method: 'POST',
      path: '/myProducts',
      // ... and never under another seller's.
      request: async () => ({ url: '/myProducts', payload: listingOf(lister) }),
      expected: [401, 403, 403, 403, 403],
    },
    {
      method: 'GET',
      path: '/myProducts/{email}',
      request: async () => ({ url: `/myProducts/${users.seller.email}` }),
      expected: [401, 403, 200, 403, 403],
    },
    {
      method: 'PUT',
      path: '/myProducts/{productId}/advertise',
      request: async () => ({
        url: `/myProducts/${await listProduct(t.app, users.seller)}/advertise`,
      }),
      expected: [401, 403, 200, 403, 403],
    },
    {
      method: 'PUT',
      path: '/myProducts/{productId}/advertise',
      // Another seller's product: refused even to a seller.
      request: async () => ({ url: `/myProducts/${await listProduct(t.app, lister)}/advertise` }),
      expected: [401, 403, 403, 403, 403],
    },
    {
      method: 'PUT',
      path: '/myProducts/{productId}/availability',
      request: async () => ({
        url: `/myProducts/${await listProduct(t.app, users.seller)}/availability`,
        payload: { available: false },
      }),
      expected: [401, 403, 200, 403, 403],
    },
    {
      method: 'PATCH',
      path: '/myProducts/{productId}',
      request: async () => ({
        url: `/myProducts/${await listProduct(t.app, users.seller)}`,
        payload: { sellingPrice: 550 },
      }),
      expected: [401, 403, 200, 403, 403],
    },
    {
      method: 'PATCH',
      path: '/myProducts/{productId}',
      // Another seller's product: refused even to a seller.
      request: async () => ({
        url: `/myProducts/${await listProduct(t.app, lister)}`,
        payload: { sellingPrice: 550 },
      }),
      expected: [401, 403, 403, 403, 403],
    },
    ...(['withdraw', 'sold'] as const).flatMap((move): Row[] => [
      {
        method: 'POST',
        path: `/myProducts/{productId}/${move}`,
        request: async () => ({
          url: `/myProducts/${await listProduct(t.app, users.seller)}/${move}`,
        }),
        expected: [401, 403, 200, 403, 403],
      },
      {
        method: 'POST',
        path: `/myProducts/{productId}/${move}`,
        // Another seller's product: refused even to a seller.
        request: async () => ({ url: `/myProducts/${await listProduct(t.app, lister)}/${move}` }),
        expected: [401, 403, 403, 403, 403],
      },
    ]),
    {
      method: 'GET',
      path: '/reportedProducts',
      request: fixed({ url: '/reportedProducts' }),
      expected: [401, 403, 403, 200, 403],
    },
    {
      method: 'DELETE',
      path: '/reportedProducts/{productId}',
      request: async () => ({ url: `/reportedProducts/${await reportedProduct()}` }),
      expected: [401, 403, 403, 200, 403],
    },
    {
      method: 'POST',
      path: '/reportedProducts/{productId}/claim',
      request: async () => ({ url: `/reportedProducts/${await reportedProduct()}/claim` }),
      expected: [401, 403, 403, 200, 403],
    },
    {
      method: 'POST',
      path: '/reportedProducts/{productId}/release',
      request: async () => ({ url: `/reportedProducts/${await claimedCase()}/release` }),
      expected: [401, 403, 403, 200, 403],
    },
    ...(['dismiss', 'hide'] as const).map((action): Row => ({
      method: 'POST',
      path: `/reportedProducts/{productId}/${action}`,
      request: async () => ({
        url: `/reportedProducts/${await claimedCase()}/${action}`,
        payload: { reason: 'Checked' },
      }),
      expected: [401, 403, 403, 200, 403],
    })),
    {
      method: 'POST',
      path: '/reportedProducts/{productId}/restore',
      request: async () => ({
        url: `/reportedProducts/${await claimedCase({ hidden: true })}/restore`,
        payload: { reason: 'Seller fixed it' },
      }),
      expected: [401, 403, 403, 200, 403],
    },
    {
      method: 'POST',
      path: '/myProducts/{productId}/review',
      // The seller's own hidden listing: only they ask for its review.
      request: async () => ({
        url: `/myProducts/${await claimedCase({ hidden: true, owner: users.seller })}/review`,
        payload: { note: 'Fixed the description' },
      }),
      expected: [401, 403, 200, 403, 403],
    },
    {
      method: 'GET',
      path: '/admin/audit',
      // The seller's own listing's timeline: the admins' only, not even its seller's.
      request: async () => ({
        url: `/admin/audit?stream=product-${await listProduct(t.app, users.seller)}`,
      }),
      expected: [401, 403, 403, 200, 403],
    },
    {
      method: 'GET',
      path: '/admin/products/{productId}/as-of/{position}',
      request: async () => {
        const { productId, position } = await listProductAt(t.app, users.seller);
        return { url: `/admin/products/${productId}/as-of/${position}` };
      },
      expected: [401, 403, 403, 200, 403],
    },
    {
      method: 'GET',
      path: '/admin/operations',
      request: fixed({ url: '/admin/operations' }),
      expected: [401, 403, 403, 200, 403],
    },
    {
      method: 'POST',
      path: '/admin/operations/replays',
      request: fixed({ url: '/admin/operations/replays', payload: { name: 'categories' } }),
      expected: [401, 403, 403, 202, 403],
    },
    {
      method: 'POST',
      path: '/images',
      request: fixed({
        url: '/images',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        payload: pngPart,
      }),
      expected: [401, 201, 201, 201, 201],
    },
    {
      method: 'GET',
      path: '/images/{name}',
      request: async () => ({ url: image }),
      expected: [200, 200, 200, 200, 200],
    },
  ];

  it('covers every route the API documents', async () => {
    const documented = Object.entries(
      (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths,
    )
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      )
      // GraphQL checks permissions per field: graphql.test.ts and subscriptions.test.ts.
      .filter((route) => !route.endsWith(' /graphql'));
    const covered = new Set(rows.map((row) => `${row.method} ${row.path}`));
    expect(documented.filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !documented.includes(route))).toEqual([]);
  });

  it.each(rows.map((row, index) => [`${row.method} ${row.path}`, index] as const))(
    '%s',
    async (_name, index) => {
      const row = rows[index]!;
      const actual: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const [i, name] of callers.entries()) {
        const caller = name === 'anonymous' ? undefined : users[name];
        const options = await row.request(caller);
        const token = caller && (row.firebase ? caller.idToken : caller.accessToken);
        const response = await t.app.inject({
          ...options,
          method: row.method,
          headers: { ...(options.headers ?? {}), ...(token ? bearer(token) : {}) },
        } as InjectOptions);
        actual[name] = response.statusCode;
        expected[name] = row.expected[i]!;
      }
      expect(actual).toEqual(expected);
    },
  );
});
