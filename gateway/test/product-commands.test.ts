import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  bookingOf,
  buildTestApp,
  listingOf,
  listProduct,
  registerUser,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
} from './helper.ts';

describe('product commands', () => {
  let t: TestApp;
  let seller: SignedInUser;
  let otherSeller: SignedInUser;
  let buyer: SignedInUser;
  let admin: SignedInUser;
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: adminEmail });
    [seller, otherSeller, buyer, admin] = await Promise.all([
      registerUser(t.app, 'seller', { name: 'Sam Seller' }),
      registerUser(t.app, 'seller'),
      registerUser(t.app, 'buyer', { name: 'Bea Buyer' }),
      registerUser(t.app, 'buyer', { email: adminEmail }),
    ]);
  });
  afterAll(() => t.close());

  const put = (user: SignedInUser, url: string, payload?: object) =>
    t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(user.accessToken),
      ...(payload ? { payload } : {}),
    });
  const book = (user: SignedInUser, productId: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/bookings',
      headers: { ...bearer(user.accessToken), ...headers },
      payload: bookingOf(user, productId),
    });

  describe('POST /myProducts', () => {
    it('lists the product with the id, post time and seller set by the server', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/myProducts',
        headers: bearer(seller.accessToken),
        payload: listingOf(seller, {
          postTime: '1999-01-01T00:00:00Z',
          sellerUid: 'forged',
          hack: 1,
        }),
      });
      expect(response.statusCode).toBe(201);
      const { insertedId, position } = response.json<{ insertedId: string; position: number }>();
      const [listed] = await t.app.eventStore.readStream(`product-${insertedId}`);
      expect(listed?.position).toBe(position);
      expect(listed?.data).toMatchObject({ productId: insertedId, sellerUid: seller.uid });
      expect(listed?.data).not.toHaveProperty('hack');
      expect((listed?.data as { postTime: string }).postTime).not.toBe('1999-01-01T00:00:00Z');
    });

    it('stores the picture by name, given the URL the upload answered or the bare name', async () => {
      const name = '00000000-0000-4000-8000-000000000000.png';
      for (const picture of [`${t.app.config.PUBLIC_URL}/images/${name}`, name]) {
        const productId = await listProduct(t.app, seller, { picture });
        const [listed] = await t.app.eventStore.readStream(`product-${productId}`);
        expect(listed).toMatchObject({ schemaVersion: 2, data: { picture: name } });
      }
    });

    it('refuses a picture that is not an image uploaded to this marketplace', async () => {
      for (const picture of [
        'https://img.example/s21.jpg',
        'http://elsewhere.example:5000/images/00000000-0000-4000-8000-000000000000.png',
        '../events.sqlite3',
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/myProducts',
          headers: bearer(seller.accessToken),
          payload: listingOf(seller, { picture }),
        });
        expect(response.statusCode, picture).toBe(400);
        expect(response.json()).toMatchObject({
          field: 'picture',
          message:
            'picture must be an image uploaded to this marketplace (POST /images answers its URL)',
        });
      }
    });

    it("refuses a listing under another seller's e-mail", async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/myProducts',
        headers: bearer(seller.accessToken),
        payload: listingOf(seller, { sellerEmail: otherSeller.email }),
      });
      expect(response.statusCode).toBe(403);
    });

    it('is for sellers only', async () => {
      const asBuyer = await t.app.inject({
        method: 'POST',
        url: '/myProducts',
        headers: bearer(buyer.accessToken),
        payload: listingOf(buyer),
      });
      expect(asBuyer.statusCode).toBe(403);
      const anonymous = await t.app.inject({ method: 'POST', url: '/myProducts', payload: {} });
      expect(anonymous.statusCode).toBe(401);
    });

    it.each([
      ['phone', undefined, 'phone is required'],
      ['picture', undefined, 'img is required'],
      ['Brand', undefined, 'category is required'],
      ['productName', '', 'name is required'],
      ['about', '', 'about is required'],
      ['sellingPrice', undefined, 'sellingPrice is required'],
    ])(
      "answers 400 when %s is missing or empty, with the form's message",
      async (field, value, message) => {
        const payload: Record<string, unknown> = listingOf(seller);
        if (value === undefined) delete payload[field];
        else payload[field] = value;
        const response = await t.app.inject({
          method: 'POST',
          url: '/myProducts',
          headers: bearer(seller.accessToken),
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ message, field });
      },
    );

    it('answers 400 naming the field for a wrong type or an unknown condition', async () => {
      for (const [field, value] of [
        ['sellingPrice', 'cheap'],
        ['condition', 'Broken'],
      ] as const) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/myProducts',
          headers: bearer(seller.accessToken),
          payload: listingOf(seller, { [field]: value }),
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ field });
      }
    });
  });

  describe('POST /bookings', () => {
    it("books a product in the buyer's name, at the listing's price", async () => {
      const productId = await listProduct(t.app, seller, { sellingPrice: 600 });
      const response = await t.app.inject({
        method: 'POST',
        url: '/bookings',
        headers: bearer(buyer.accessToken),
        payload: { ...bookingOf(buyer, productId), sellingPrice: 1 },
      });
      expect(response.statusCode).toBe(201);
      const { insertedId, position } = response.json<{ insertedId: string; position: number }>();
      const [placed] = await t.app.eventStore.readStream(`booking-${insertedId}`);
      expect(placed?.type).toBe('BookingPlaced');
      expect(placed?.position).toBe(position);
      expect(placed?.data).toMatchObject({ productId, sellingPrice: 600, buyerUid: buyer.uid });
    });

    it('books a product once: of concurrent bookings exactly one wins, the others get 409', async () => {
      const productId = await listProduct(t.app, seller);
      const buyers = await Promise.all([1, 2, 3, 4].map(() => registerUser(t.app, 'buyer')));
      const answers = await Promise.all(buyers.map((b) => book(b, productId)));
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([201, 409, 409, 409]);
      const lost = answers.find((a) => a.statusCode === 409);
      expect(lost?.json()).toMatchObject({ message: 'This product is already booked' });
      const history = await t.app.eventStore.readStream(`product-${productId}`);
      expect(history.filter((e) => e.type === 'ProductBooked')).toHaveLength(1);
    });

    it("refuses booking in someone else's name", async () => {
      const productId = await listProduct(t.app, seller);
      const response = await t.app.inject({
        method: 'POST',
        url: '/bookings',
        headers: bearer(buyer.accessToken),
        payload: { ...bookingOf(buyer, productId), email: otherSeller.email },
      });
      expect(response.statusCode).toBe(403);
    });

    it('refuses a seller booking their own product, and answers 404 for an unknown product', async () => {
      const productId = await listProduct(t.app, seller);
      expect((await book(seller, productId)).statusCode).toBe(403);
      expect((await book(buyer, 'no-such-product')).statusCode).toBe(404);
    });

    it('leaves phone and address unchecked, as the booking form does', async () => {
      const productId = await listProduct(t.app, seller);
      const response = await t.app.inject({
        method: 'POST',
        url: '/bookings',
        headers: bearer(buyer.accessToken),
        payload: { productId, buyerName: buyer.name, email: buyer.email },
      });
      expect(response.statusCode).toBe(201);
    });
  });

  describe('reporting, advertising, availability, deleting reported products', () => {
    it('a signed-in user reports a product once, saying why; 404 for an unknown one', async () => {
      const productId = await listProduct(t.app, seller);
      const first = await put(buyer, `/allProducts/${productId}`, {
        reason: 'other',
        details: 'The box photo is not this phone',
      });
      expect(first.json()).toEqual({
        acknowledged: true,
        modifiedCount: 1,
        position: expect.any(Number),
      });
      const [, reported] = await t.app.eventStore.readStream(`product-${productId}`);
      expect(reported).toMatchObject({
        type: 'ProductReported',
        schemaVersion: 2,
        data: {
          reporterUid: buyer.uid,
          reporterName: 'Bea Buyer',
          reason: 'other',
          details: 'The box photo is not this phone',
        },
      });
      const again = await put(buyer, `/allProducts/${productId}`, { reason: 'wrong-price' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        message: 'You have already reported this listing: an admin will review your report',
      });
      expect((await put(buyer, '/allProducts/nothing-here')).statusCode).toBe(404);
    });

    it("a report without a payload (the spec's call) has the reason 'not-given'", async () => {
      const productId = await listProduct(t.app, seller);
      expect((await put(buyer, `/allProducts/${productId}`)).statusCode).toBe(200);
      const [, reported] = await t.app.eventStore.readStream(`product-${productId}`);
      expect(reported?.data).toMatchObject({ reason: 'not-given', details: null });
    });

    it('refuses a reason not on the list, and other without its short text', async () => {
      const productId = await listProduct(t.app, seller);
      const unknown = await put(buyer, `/allProducts/${productId}`, { reason: 'ugly' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ message: expect.stringContaining('reason') });
      const tooLong = await put(buyer, `/allProducts/${productId}`, {
        reason: 'other',
        details: 'x'.repeat(201),
      });
      expect(tooLong.statusCode).toBe(400);
      const bare = await put(buyer, `/allProducts/${productId}`, { reason: 'other' });
      expect(bare.statusCode).toBe(400);
      expect(bare.json()).toMatchObject({ message: expect.stringContaining('Say in a few words') });
    });

    it('only its seller advertises a product or changes its availability', async () => {
      const productId = await listProduct(t.app, seller);
      expect((await put(otherSeller, `/myProducts/${productId}/advertise`)).statusCode).toBe(403);
      expect((await put(seller, `/myProducts/${productId}/advertise`)).json()).toMatchObject({
        modifiedCount: 1,
      });
      const off = await put(otherSeller, `/myProducts/${productId}/availability`, {
        available: false,
      });
      expect(off.statusCode).toBe(403);
      expect(
        (await put(seller, `/myProducts/${productId}/availability`, { available: false })).json(),
      ).toMatchObject({ modifiedCount: 1 });
      expect((await book(buyer, productId)).statusCode).toBe(409);
      const missing = await put(seller, `/myProducts/${productId}/availability`, {});
      expect(missing.json()).toMatchObject({ statusCode: 400, message: 'available is required' });
    });

    it('admins delete reported products only', async () => {
      const productId = await listProduct(t.app, seller);
      const remove = (user: SignedInUser) =>
        t.app.inject({
          method: 'DELETE',
          url: `/reportedProducts/${productId}`,
          headers: bearer(user.accessToken),
        });
      expect((await remove(admin)).statusCode).toBe(409);
      await put(buyer, `/allProducts/${productId}`);
      expect((await remove(buyer)).statusCode).toBe(403);
      expect((await remove(admin)).json()).toEqual({
        acknowledged: true,
        deletedCount: 1,
        position: expect.any(Number),
      });
      expect((await book(buyer, productId)).statusCode).toBe(409);
    });
  });
});
