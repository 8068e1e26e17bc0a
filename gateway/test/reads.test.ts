import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildSeededMarket,
  bookingOf,
  getAs,
  listingOf,
  listProduct,
  listProductAt,
  registerUser,
  type SignedInUser,
  type SeededMarket,
} from './helper.ts';

describe('reads from the read models, with read-your-writes', () => {
  let t: SeededMarket;
  let seller: SignedInUser;
  let buyer: SignedInUser;
  let admin: SignedInUser;
  let seeded: number;

  beforeAll(async () => {
    t = await buildSeededMarket({ seller: 'Sam', buyer: 'Bea' });
    ({ seller, buyer, admin, seeded } = t);
  });
  afterAll(() => t.close());

  describe('categories', () => {
    it('lists the categories in creation order, also for the add-product form', async () => {
      const response = await getAs(t.app, undefined, '/categories', seeded);
      expect(response.statusCode).toBe(200);
      expect(response.json().map((c: { title: string }) => c.title)).toEqual([
        'Samsung',
        'Oppo',
        'Iphone',
      ]);
      expect((await getAs(t.app, undefined, '/addProductCategory')).json()).toEqual(
        response.json(),
      );
    });

    it('answers one category, and 404 for an unknown id', async () => {
      const response = await getAs(t.app, undefined, '/singlecategories/oppo', seeded);
      expect(response.json()).toEqual({
        _id: 'oppo',
        title: 'Oppo',
        image: 'http://127.0.0.1:5000/images/oppo.png',
      });
      expect((await getAs(t.app, undefined, '/singlecategories/nokia')).statusCode).toBe(404);
    });
  });

  describe('products', () => {
    it("a new listing shows in its brand and in the seller's products right after the command", async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/myProducts',
        headers: bearer(seller.accessToken),
        payload: {
          productName: 'Reno 8',
          sellerName: seller.name,
          condition: 'Fair',
          email: seller.email,
          Brand: 'Oppo',
          picture: 'http://127.0.0.1:5000/images/reno.png',
          address: 'Sylhet',
          about: 'Works fine',
          sellerEmail: seller.email,
          phone: '017',
          buyingPrice: 400,
          sellingPrice: 250,
          year: 2,
        },
      });
      const { insertedId, position } = response.json<{ insertedId: string; position: number }>();
      const brand = await getAs(t.app, buyer, '/allProducts/Oppo', position);
      expect(brand.json()).toEqual([
        expect.objectContaining({
          _id: insertedId,
          productName: 'Reno 8',
          booked: false,
          reported: false,
          sellerVerified: false,
        }),
      ]);
      expect(brand.json()[0]).not.toHaveProperty('sellerUid');
      const mine = await getAs(t.app, seller, `/myProducts/${seller.email}`, position);
      expect(mine.json().map((p: { _id: string }) => p._id)).toContain(insertedId);
    });

    it("pages a brand's products with limit and after", async () => {
      for (let i = 0; i < 3; i++) await listProduct(t.app, seller, { Brand: 'Iphone' });
      const head = await t.app.eventStore.headPosition();
      const first = await getAs(t.app, buyer, '/allProducts/Iphone?limit=2', head);
      const page = first.json<{ items: unknown[]; nextCursor: string }>();
      expect(page.items).toHaveLength(2);
      const rest = await getAs(
        t.app,
        buyer,
        `/allProducts/Iphone?limit=2&after=${encodeURIComponent(page.nextCursor)}`,
      );
      expect(rest.json()).toMatchObject({ items: [expect.anything()], nextCursor: null });
      const bad = await getAs(t.app, buyer, '/allProducts/Iphone?limit=2&after=garbage');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ field: 'after' });
    });

    it("a seller's verification shows on every product of theirs at once, cached or not", async () => {
      const vera = await registerUser(t.app, 'seller', { name: 'Vera' });
      const { productId, position } = await listProductAt(t.app, vera, { Brand: 'Iphone' });
      const verifiedOf = async (minPosition?: number) =>
        (await getAs(t.app, buyer, '/allProducts/Iphone', minPosition))
          .json<{ _id: string; sellerVerified: boolean }[]>()
          .find((product) => product._id === productId)?.sellerVerified;
      // Read twice: the second answer comes from the cache.
      expect(await verifiedOf(position)).toBe(false);
      expect(await verifiedOf(position)).toBe(false);
      const verified = await t.app.inject({
        method: 'PUT',
        url: `/users/sellers/${encodeURIComponent(vera.email)}`,
        headers: bearer(admin.accessToken),
      });
      expect(verified.json()).toMatchObject({ modifiedCount: 1 });
      // Once the read models have it, the cached brand page is no longer served: it was made
      // of the sellers as well (asked without minPosition, which would bypass the cache).
      await getAs(t.app, admin, '/sellers', verified.json<{ position: number }>().position);
      expect(await verifiedOf()).toBe(true);
    });

    it('a booked product says so; a deleted reported product disappears', async () => {
      const productId = await listProduct(t.app, seller, { Brand: 'Samsung' });
      const booked = await t.app.inject({
        method: 'POST',
        url: '/bookings',
        headers: bearer(buyer.accessToken),
        payload: bookingOf(buyer, productId),
      });
      const after = await getAs(t.app, buyer, '/allProducts/Samsung', booked.json().position);
      expect(after.json()).toContainEqual(
        expect.objectContaining({ _id: productId, booked: true }),
      );

      const reportedId = await listProduct(t.app, seller, { Brand: 'Samsung' });
      const reported = await t.app.inject({
        method: 'PUT',
        url: `/allProducts/${reportedId}`,
        headers: bearer(buyer.accessToken),
      });
      const list = await getAs(t.app, admin, '/reportedProducts', reported.json().position);
      expect(list.json()).toContainEqual(
        expect.objectContaining({ _id: reportedId, reported: true }),
      );
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/reportedProducts/${reportedId}`,
        headers: bearer(admin.accessToken),
      });
      const { position } = deleted.json<{ position: number }>();
      const brand = await getAs(t.app, buyer, '/allProducts/Samsung', position);
      expect(brand.json().map((p: { _id: string }) => p._id)).not.toContain(reportedId);
      const reportedAfter = await getAs(t.app, admin, '/reportedProducts', position);
      expect(reportedAfter.json().map((p: { _id: string }) => p._id)).not.toContain(reportedId);
    });

    it('refuses a listing in a brand that is not a category', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/myProducts',
        headers: bearer(seller.accessToken),
        payload: { ...listingOf(seller), Brand: 'Nokia' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        field: 'Brand',
        message: 'Choose one of the categories: Samsung, Oppo, Iphone',
      });
    });

    it('advertised, available products show on the home page', async () => {
      const productId = await listProduct(t.app, seller);
      const advertised = await t.app.inject({
        method: 'PUT',
        url: `/myProducts/${productId}/advertise`,
        headers: bearer(seller.accessToken),
      });
      const home = await getAs(t.app, undefined, '/advertisedProducts', advertised.json().position);
      expect(home.json().map((p: { _id: string }) => p._id)).toContain(productId);
    });

    it('a seller sees only their own products', async () => {
      const response = await getAs(t.app, seller, `/myProducts/${buyer.email}`);
      expect(response.statusCode).toBe(403);
    });
  });

  describe('bookings', () => {
    it('"My orders" shows a booking right after it was placed (read your writes)', async () => {
      const productId = await listProduct(t.app, seller, {
        productName: 'Pixel',
        sellingPrice: 321,
      });
      const booked = await t.app.inject({
        method: 'POST',
        url: '/bookings',
        headers: bearer(buyer.accessToken),
        payload: bookingOf(buyer, productId),
      });
      const { insertedId, position } = booked.json<{ insertedId: string; position: number }>();
      const orders = await getAs(t.app, buyer, `/bookings?email=${buyer.email}`, position);
      expect(orders.headers['x-read-models-behind']).toBeUndefined();
      expect(orders.json()).toContainEqual({
        _id: insertedId,
        productId,
        productName: 'Pixel',
        Brand: 'Samsung',
        buyerName: buyer.name,
        email: buyer.email,
        phone: '+8801800000000',
        address: 'Chattogram',
        sellingPrice: 321,
        status: 'pending',
        expiresAt: expect.any(String) as unknown,
        sellerEmail: seller.email,
        cancelReason: null,
      });
    });

    it("nobody reads another user's bookings", async () => {
      const response = await getAs(t.app, seller, `/bookings?email=${buyer.email}`);
      expect(response.statusCode).toBe(403);
      expect((await getAs(t.app, undefined, `/bookings?email=${buyer.email}`)).statusCode).toBe(
        401,
      );
    });

    it('a read past the log waits at most ~2 s and says the read models are behind', async () => {
      const started = Date.now();
      const response = await getAs(t.app, buyer, `/bookings?email=${buyer.email}`, 1_000_000);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-read-models-behind']).toBe('true');
      expect(Date.now() - started).toBeLessThan(3_000);
    });
  });

  describe('users and sellers', () => {
    it('answers role lookups by e-mail', async () => {
      const head = await t.app.eventStore.headPosition();
      const isAdmin = await getAs(t.app, undefined, `/users/admin/${admin.email}`, head);
      expect(isAdmin.json()).toEqual({ isAdmin: true });
      expect((await getAs(t.app, undefined, `/users/admin/${buyer.email}`)).json()).toEqual({
        isAdmin: false,
      });
      expect((await getAs(t.app, undefined, `/users/sellers/${seller.email}`)).json()).toEqual({
        isSeller: true,
      });
      expect((await getAs(t.app, undefined, `/users/sellers/nobody@x.test`)).json()).toEqual({
        isSeller: false,
      });
    });

    it('lists users and sellers to admins', async () => {
      const head = await t.app.eventStore.headPosition();
      const users = await getAs(t.app, admin, '/users', head);
      expect(users.json()).toContainEqual({
        _id: buyer.uid,
        name: buyer.name,
        email: buyer.email,
        role: 'buyer',
      });
      const sellers = await getAs(t.app, admin, '/sellers');
      expect(sellers.json()).toContainEqual({
        _id: seller.uid,
        name: seller.name,
        email: seller.email,
        sellerEmail: seller.email,
        verified: false,
      });
    });

    it('admins verify and delete sellers', async () => {
      const other = await registerUser(t.app, 'seller');
      const head = await t.app.eventStore.headPosition();
      await getAs(t.app, admin, '/sellers', head);
      const verified = await t.app.inject({
        method: 'PUT',
        url: `/users/sellers/${other.email}`,
        headers: bearer(admin.accessToken),
      });
      expect(verified.json()).toMatchObject({ modifiedCount: 1 });
      const sellers = await getAs(t.app, admin, '/sellers', verified.json().position);
      expect(sellers.json()).toContainEqual(
        expect.objectContaining({ _id: other.uid, verified: true }),
      );
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/sellers/${other.uid}`,
        headers: bearer(admin.accessToken),
      });
      expect(deleted.json()).toMatchObject({ deletedCount: 1 });
      const after = await getAs(t.app, admin, '/sellers', deleted.json().position);
      expect(after.json().map((s: { _id: string }) => s._id)).not.toContain(other.uid);
      const unknown = await t.app.inject({
        method: 'PUT',
        url: '/users/sellers/nobody@example.test',
        headers: bearer(admin.accessToken),
      });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('operations', () => {
    it('/healthz answers while /readyz reports every adapter and the projection lag', async () => {
      expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
      const ready = await t.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({
        status: 'ready',
        checks: {
          eventStore: { ok: true },
          readModels: { ok: true, kind: 'embedded', lag: expect.any(Number) },
        },
      });
    });
  });
});
