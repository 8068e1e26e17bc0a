import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  bookProductAt,
  buildSeededMarket,
  getAs,
  listProductAt,
  registerUser,
  type SeededMarket,
  type SignedInUser,
} from './helper.ts';

interface ProductAnswer {
  _id: string;
  sellingPrice: number;
  condition: string;
  about: string;
  picture: string;
  status: string;
  priceHistory: { price: number; at: string }[];
  seller: { listings: number; completedSales: number };
}

const newPicture = '11111111-2222-4333-8444-555555555555.webp';

describe("listings that change: a seller's edits, withdrawals and sales elsewhere", () => {
  let t: SeededMarket;
  let other: SignedInUser;

  beforeAll(async () => {
    t = await buildSeededMarket();
    other = await registerUser(t.app, 'seller');
  });
  afterAll(() => t.close());

  const patch = (user: SignedInUser, productId: string, payload?: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: `/myProducts/${productId}`,
      headers: bearer(user.accessToken),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const move = (user: SignedInUser, productId: string, what: 'withdraw' | 'sold') =>
    t.app.inject({
      method: 'POST',
      url: `/myProducts/${productId}/${what}`,
      headers: bearer(user.accessToken),
    });
  const answerOf = (response: { statusCode: number; json: <T>() => T; body: string }) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ acknowledged: boolean; modifiedCount: number; position: number }>();
  };
  const page = async (user: SignedInUser, productId: string, minPosition: number) =>
    getAs(t.app, user, `/products/${productId}`, minPosition);
  const pageOf = async (user: SignedInUser, productId: string, minPosition: number) => {
    const response = await page(user, productId, minPosition);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProductAnswer>();
  };
  const eventsOf = async (productId: string) =>
    (await t.app.eventStore.readStream(`product-${productId}`)).map((event) => event.type);
  const ids = (items: { _id: string }[]) => items.map((item) => item._id);

  describe('PATCH /myProducts/{productId}', () => {
    it('a new price: one event, the new price everywhere, and the price history', async () => {
      const { productId } = await listProductAt(t.app, t.seller, { sellingPrice: 600 });
      const before = Date.now();
      const answer = answerOf(await patch(t.seller, productId, { sellingPrice: 550 }));
      expect(answer).toMatchObject({ acknowledged: true, modifiedCount: 1 });
      expect(await eventsOf(productId)).toEqual(['ProductListed', 'ProductPriceChanged']);
      const shown = await pageOf(t.buyer, productId, answer.position);
      expect(shown.sellingPrice).toBe(550);
      expect(shown.priceHistory.map((point) => point.price)).toEqual([600, 550]);
      expect(Date.parse(shown.priceHistory[1]?.at ?? '')).toBeGreaterThanOrEqual(before - 1_000);
      const listed = await getAs(t.app, t.buyer, '/allProducts/Samsung', answer.position);
      expect(listed.json<ProductAnswer[]>().find((p) => p._id === productId)?.sellingPrice).toBe(
        550,
      );
    });

    it('several fields: one event per changed field, in one append', async () => {
      const { productId } = await listProductAt(t.app, t.seller, { condition: 'Good' });
      const answer = answerOf(
        await patch(t.seller, productId, {
          sellingPrice: 500,
          condition: 'Fair',
          about: 'A new battery, screen replaced',
          picture: `http://127.0.0.1:5000/images/${newPicture}`,
        }),
      );
      expect(answer.modifiedCount).toBe(1);
      const events = await t.app.eventStore.readStream(`product-${productId}`);
      expect(events.map((event) => event.type)).toEqual([
        'ProductListed',
        'ProductPriceChanged',
        'ProductConditionChanged',
        'ProductDescriptionChanged',
        'ProductPictureChanged',
      ]);
      // One append: the four events share the request's correlation.
      expect(new Set(events.slice(1).map((event) => event.metadata.correlationId)).size).toBe(1);
      const shown = await pageOf(t.seller, productId, answer.position);
      expect(shown).toMatchObject({
        sellingPrice: 500,
        condition: 'Fair',
        about: 'A new battery, screen replaced',
      });
      expect(shown.picture).toMatch(new RegExp(`/images/${newPicture}$`));
    });

    it('a retried edit with its Idempotency-Key gets the first answer, and appends once', async () => {
      const { productId } = await listProductAt(t.app, t.seller, { sellingPrice: 600 });
      const send = () =>
        t.app.inject({
          method: 'PATCH',
          url: `/myProducts/${productId}`,
          headers: { ...bearer(t.seller.accessToken), 'idempotency-key': `edit-${productId}` },
          payload: { sellingPrice: 590 },
        });
      const first = await send();
      const again = await send();
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await eventsOf(productId)).toEqual(['ProductListed', 'ProductPriceChanged']);
    });

    it('changing nothing appends nothing', async () => {
      const { productId } = await listProductAt(t.app, t.seller, { sellingPrice: 600 });
      const answer = answerOf(
        await patch(t.seller, productId, { sellingPrice: 600, condition: 'Good' }),
      );
      expect(answer.modifiedCount).toBe(0);
      expect(await eventsOf(productId)).toEqual(['ProductListed']);
    });

    it('a new description is what the keyword search finds', async () => {
      const { productId } = await listProductAt(t.app, t.seller, { about: 'Plain description' });
      const answer = answerOf(await patch(t.seller, productId, { about: 'Zircon coloured back' }));
      const found = await getAs(t.app, t.buyer, '/products?q=zirc', answer.position);
      expect(ids(found.json<{ items: ProductAnswer[] }>().items)).toContain(productId);
    });

    it.each([
      [{}, 'Send at least one of sellingPrice, condition, about and picture to change', undefined],
      [{ sellingPrice: -1 }, 'sellingPrice must be >= 0', 'sellingPrice'],
      [{ condition: 'Mint' }, undefined, 'condition'],
      [{ about: '' }, 'about cannot be empty', 'about'],
      [
        { picture: 'https://img.example/a.png' },
        'picture must be an image uploaded to this marketplace (POST /images answers its URL)',
        'picture',
      ],
    ])('refuses %j with 400 and appends nothing', async (body, message, field) => {
      const { productId } = await listProductAt(t.app, t.seller);
      const response = await patch(t.seller, productId, body);
      expect(response.statusCode, response.body).toBe(400);
      if (message !== undefined) expect(response.json()).toMatchObject({ message });
      if (field !== undefined) expect(response.json()).toMatchObject({ field });
      expect(await eventsOf(productId)).toEqual(['ProductListed']);
    });

    it('drops fields it does not change: only the price changes', async () => {
      const { productId } = await listProductAt(t.app, t.seller);
      const answer = answerOf(
        await patch(t.seller, productId, { sellingPrice: 1, booked: true, sellerEmail: 'x@y.z' }),
      );
      expect(answer.modifiedCount).toBe(1);
      expect(await eventsOf(productId)).toEqual(['ProductListed', 'ProductPriceChanged']);
    });

    it('refuses an edit without a body with 400', async () => {
      const { productId } = await listProductAt(t.app, t.seller);
      expect((await patch(t.seller, productId)).statusCode).toBe(400);
    });

    it('only its seller edits it: another seller and a buyer get 403; an unknown one 404', async () => {
      const { productId } = await listProductAt(t.app, t.seller);
      const otherSeller = await patch(other, productId, { sellingPrice: 1 });
      expect(otherSeller.statusCode).toBe(403);
      expect(otherSeller.json()).toMatchObject({
        message: 'Only the seller of this product can edit it',
      });
      expect((await patch(t.buyer, productId, { sellingPrice: 1 })).statusCode).toBe(403);
      const unknown = await patch(t.seller, 'no-such-product', { sellingPrice: 1 });
      expect(unknown.statusCode).toBe(404);
      expect(await eventsOf(productId)).toEqual(['ProductListed']);
    });

    it('is refused while a booking is pending, and once sold', async () => {
      const { productId } = await listProductAt(t.app, t.seller);
      await bookProductAt(t.app, t.buyer, productId);
      const booked = await patch(t.seller, productId, { sellingPrice: 1 });
      expect(booked.statusCode).toBe(409);
      expect(booked.json()).toMatchObject({
        message: 'This product has a pending booking: answer it first',
      });
      const { productId: sold } = await listProductAt(t.app, t.seller);
      answerOf(await move(t.seller, sold, 'sold'));
      const afterSale = await patch(t.seller, sold, { sellingPrice: 1 });
      expect(afterSale.statusCode).toBe(409);
      expect(afterSale.json()).toMatchObject({ message: 'This product has been sold' });
    });

    it('is allowed while the product is taken off sale', async () => {
      const { productId } = await listProductAt(t.app, t.seller);
      answerOf(
        await t.app.inject({
          method: 'PUT',
          url: `/myProducts/${productId}/availability`,
          headers: bearer(t.seller.accessToken),
          payload: { available: false },
        }),
      );
      expect(
        answerOf(await patch(t.seller, productId, { about: 'Still mine' })).modifiedCount,
      ).toBe(1);
    });
  });

  describe('POST /myProducts/{productId}/withdraw', () => {
    it('takes it off every public list and its page, but not off its seller’s own list', async () => {
      const { productId } = await listProductAt(t.app, t.seller);
      // Advertised on the home page until it is withdrawn.
      const advertised = answerOf(
        await t.app.inject({
          method: 'PUT',
          url: `/myProducts/${productId}/advertise`,
          headers: bearer(t.seller.accessToken),
        }),
      );
      const onHome = await getAs(t.app, t.buyer, '/advertisedProducts', advertised.position);
      expect(ids(onHome.json<ProductAnswer[]>())).toContain(productId);
      const before = await pageOf(t.buyer, productId, advertised.position);
      const answer = answerOf(await move(t.seller, productId, 'withdraw'));
      expect(answer.modifiedCount).toBe(1);
      const at = answer.position;
      const refused = await page(t.buyer, productId, at);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ message: 'This product does not exist' });
      expect((await pageOf(t.seller, productId, at)).status).toBe('withdrawn');
      expect((await pageOf(t.admin, productId, at)).status).toBe('withdrawn');
      const category = await getAs(t.app, t.buyer, '/allProducts/Samsung', at);
      expect(ids(category.json<ProductAnswer[]>())).not.toContain(productId);
      const home = await getAs(t.app, t.buyer, '/advertisedProducts', at);
      expect(ids(home.json<ProductAnswer[]>())).not.toContain(productId);
      const search = await getAs(t.app, t.buyer, '/products?q=galaxy', at);
      expect(ids(search.json<{ items: ProductAnswer[] }>().items)).not.toContain(productId);
      const own = await getAs(t.app, t.seller, `/myProducts/${t.seller.email}`, at);
      expect(own.json<ProductAnswer[]>().find((p) => p._id === productId)?.status).toBe(
        'withdrawn',
      );
      // No longer on sale: one listing fewer on the seller's pages.
      const { productId: another, position } = await listProductAt(t.app, t.seller);
      const counted = await pageOf(t.buyer, another, position);
      expect(counted.seller.listings).toBe(before.seller.listings);
    });

    it('is final: withdrawing again changes nothing; editing, booking or selling it is refused', async () => {
      const { productId } = await listProductAt(t.app, t.seller);
      answerOf(await move(t.seller, productId, 'withdraw'));
      expect(answerOf(await move(t.seller, productId, 'withdraw')).modifiedCount).toBe(0);
      const withdrawn = { message: 'This product has been withdrawn by its seller' };
      const edit = await patch(t.seller, productId, { sellingPrice: 1 });
      expect(edit.statusCode).toBe(409);
      expect(edit.json()).toMatchObject(withdrawn);
      const sold = await move(t.seller, productId, 'sold');
      expect(sold.statusCode).toBe(409);
      expect(sold.json()).toMatchObject(withdrawn);
      const booking = await t.app.inject({
        method: 'POST',
        url: '/bookings',
        headers: bearer(t.buyer.accessToken),
        payload: {
          productId,
          buyerName: t.buyer.name,
          email: t.buyer.email,
          phone: '',
          address: '',
        },
      });
      expect(booking.statusCode).toBe(409);
      expect(booking.json()).toMatchObject(withdrawn);
    });
  });

  describe('POST /myProducts/{productId}/sold', () => {
    it("marks it sold: out of the public lists, shown sold, among the seller's sales", async () => {
      const seller = await registerUser(t.app, 'seller', { name: 'Sells elsewhere' });
      const { productId } = await listProductAt(t.app, seller);
      const { productId: kept } = await listProductAt(t.app, seller);
      const answer = answerOf(await move(seller, productId, 'sold'));
      expect(answer.modifiedCount).toBe(1);
      const shown = await pageOf(t.buyer, productId, answer.position);
      expect(shown.status).toBe('sold');
      expect(shown.seller).toMatchObject({ listings: 1, completedSales: 1 });
      const category = await getAs(t.app, t.buyer, '/allProducts/Samsung', answer.position);
      expect(ids(category.json<ProductAnswer[]>())).not.toContain(productId);
      expect(ids(category.json<ProductAnswer[]>())).toContain(kept);
      expect(answerOf(await move(seller, productId, 'sold')).modifiedCount).toBe(0);
      const withdraw = await move(seller, productId, 'withdraw');
      expect(withdraw.statusCode).toBe(409);
      expect(withdraw.json()).toMatchObject({ message: 'This product has been sold' });
    });

    it.each(['withdraw', 'sold'] as const)(
      '%s is refused while a booking is pending, and to anyone but its seller',
      async (what) => {
        const { productId } = await listProductAt(t.app, t.seller);
        const notMine = await move(other, productId, what);
        expect(notMine.statusCode).toBe(403);
        await bookProductAt(t.app, t.buyer, productId);
        const pending = await move(t.seller, productId, what);
        expect(pending.statusCode).toBe(409);
        expect(pending.json()).toMatchObject({
          message: 'This product has a pending booking: answer it first',
        });
        expect(await eventsOf(productId)).toEqual(['ProductListed', 'ProductBooked']);
      },
    );
  });

  it('a seller whose account an admin deleted can no longer edit, withdraw or mark sold', async () => {
    const leaving = await registerUser(t.app, 'seller');
    const { productId } = await listProductAt(t.app, leaving);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/users/${leaving.uid}`,
      headers: bearer(t.admin.accessToken),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await patch(leaving, productId, { sellingPrice: 1 })).statusCode).toBe(403);
    expect((await move(leaving, productId, 'withdraw')).statusCode).toBe(403);
    expect((await move(leaving, productId, 'sold')).statusCode).toBe(403);
    expect(await eventsOf(productId)).toEqual(['ProductListed']);
  });
});
