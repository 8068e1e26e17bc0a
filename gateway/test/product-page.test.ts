import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeTopic } from '@resale/workers';
import {
  bearer,
  bookProductAt,
  buildSeededMarket,
  changeNotices,
  getAs,
  listProductAt,
  registerUser,
  type SeededMarket,
  type SignedInUser,
} from './helper.ts';

interface PageAnswer {
  _id: string;
  productName: string;
  picture: string;
  sellingPrice: number;
  sellerVerified: boolean;
  status: string;
  priceHistory: { price: number; at: string }[];
  seller: {
    name: string;
    verified: boolean;
    memberSince: string | null;
    listings: number;
    completedSales: number;
  };
}

describe('GET /products/:productId, a product’s page', () => {
  let t: SeededMarket;
  let seller: SignedInUser;
  let registeredBetween: [number, number];

  beforeAll(async () => {
    t = await buildSeededMarket({ buyer: 'Bea' });
    const before = Date.now();
    seller = await registerUser(t.app, 'seller', { name: 'Page Seller' });
    registeredBetween = [before, Date.now()];
  });
  afterAll(() => t.close());

  const page = (user: SignedInUser | undefined, productId: string, minPosition?: number) =>
    getAs(t.app, user, `/products/${productId}`, minPosition);
  const pageOf = async (user: SignedInUser, productId: string, minPosition?: number) => {
    const answer = await page(user, productId, minPosition);
    expect(answer.statusCode).toBe(200);
    return answer.json<PageAnswer>();
  };
  const post = (user: SignedInUser, url: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method: url.endsWith('availability') ? 'PUT' : 'POST',
      url,
      headers: bearer(user.accessToken),
      ...(payload ? { payload } : {}),
    });
  const positionOf = (answer: { json: <T>() => T }) => answer.json<{ position: number }>().position;

  it('answers the product as lists do, with its status, prices and seller', async () => {
    const { productId, position } = await listProductAt(t.app, seller, { sellingPrice: 450 });
    const answer = await pageOf(t.buyer, productId, position);
    // The seller's own list answers it as the page does, without its prices and seller.
    const listed = await getAs(t.app, seller, `/myProducts/${seller.email}`, position);
    const { priceHistory: _prices, seller: _seller, ...asListed } = answer;
    expect(listed.json<PageAnswer[]>().find((p) => p._id === productId)).toEqual(asListed);
    expect(answer.picture).toMatch(/^http:\/\/.+\/images\/.+\.png$/);
    expect(answer.status).toBe('available');
    expect(answer.priceHistory).toHaveLength(1);
    expect(answer.priceHistory[0]?.price).toBe(450);
    expect(answer.seller).toMatchObject({
      name: 'Page Seller',
      verified: false,
      completedSales: 0,
    });
    expect(answer.seller.listings).toBeGreaterThanOrEqual(1);
    const since = Date.parse(answer.seller.memberSince ?? '');
    expect(since).toBeGreaterThanOrEqual(registeredBetween[0] - 1_000);
    expect(since).toBeLessThanOrEqual(registeredBetween[1]);
  });

  it('says "This product does not exist" for an unknown product; signed out, 401', async () => {
    const unknown = await page(t.buyer, 'no-such-product');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'This product does not exist' });
    const { productId } = await listProductAt(t.app, seller);
    expect((await page(undefined, productId)).statusCode).toBe(401);
  });

  it("counts the seller's listings and sales as their products are booked and sold", async () => {
    const other = await registerUser(t.app, 'seller', { name: 'Counted' });
    const { productId: first } = await listProductAt(t.app, other);
    const { productId: second, position } = await listProductAt(t.app, other);
    expect((await pageOf(t.buyer, first, position)).seller).toMatchObject({
      listings: 2,
      completedSales: 0,
    });
    const booked = await bookProductAt(t.app, t.buyer, second);
    const whileBooked = await pageOf(t.buyer, second, booked);
    expect(whileBooked.status).toBe('booked');
    expect(whileBooked.seller).toMatchObject({ listings: 2, completedSales: 0 });
    const [bookingEvent] = (await t.app.eventStore.readStream(`product-${second}`)).filter(
      (event) => event.type === 'ProductBooked',
    );
    const { bookingId } = bookingEvent?.data as { bookingId: string };
    const accepted = await post(other, `/bookings/${bookingId}/accept`);
    expect(accepted.statusCode).toBe(200);
    const sold = await pageOf(t.buyer, second, positionOf(accepted));
    expect(sold.status).toBe('sold');
    expect(sold.seller).toMatchObject({ listings: 1, completedSales: 1 });
  });

  it('a product taken off sale is its seller’s and the admins’ only', async () => {
    const { productId } = await listProductAt(t.app, seller);
    const offSale = await post(seller, `/myProducts/${productId}/availability`, {
      available: false,
    });
    expect(offSale.statusCode).toBe(200);
    const position = positionOf(offSale);
    const refused = await page(t.buyer, productId, position);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: 'This product does not exist' });
    expect((await pageOf(seller, productId, position)).status).toBe('unavailable');
    expect((await pageOf(t.admin, productId, position)).status).toBe('unavailable');
    // Still refused to the others once the seller's answer is cached.
    expect((await page(t.buyer, productId)).statusCode).toBe(404);
  });

  describe('answered from the cache, never stale', () => {
    const queriesDuring = async (reads: () => Promise<void>): Promise<number> => {
      const get = vi.spyOn(t.app.readModels.store, 'get');
      try {
        await reads();
        return get.mock.calls.length;
      } finally {
        get.mockRestore();
      }
    };

    it('answers a repeated read without computing it again', async () => {
      const { productId, position } = await listProductAt(t.app, seller);
      const first = await page(t.buyer, productId, position);
      const reads = await queriesDuring(async () => {
        expect((await page(t.buyer, productId)).body).toBe(first.body);
      });
      // The product's keys are read to name the answer's sources; nothing else.
      expect(reads).toBeLessThanOrEqual(1);
    });

    it('shows a booking as soon as its change notice arrives', async () => {
      const { productId, position } = await listProductAt(t.app, seller);
      expect((await pageOf(t.buyer, productId, position)).status).toBe('available');
      const notices = await changeNotices(t, changeTopic('sellerProducts', seller.uid));
      await bookProductAt(t.app, t.buyer, productId);
      // The product's own change (ProductBooked), before the booking's BookingPlaced.
      await notices.until((change) => change.position > position && change.ids.includes(productId));
      expect((await pageOf(t.buyer, productId)).status).toBe('booked');
    });

    it("shows the seller's verification as soon as its change notice arrives", async () => {
      const verifiedSeller = await registerUser(t.app, 'seller', { name: 'To Verify' });
      const { productId, position } = await listProductAt(t.app, verifiedSeller);
      expect((await pageOf(t.buyer, productId, position)).seller.verified).toBe(false);
      const notices = await changeNotices(t, changeTopic('sellers'));
      const verified = await t.app.inject({
        method: 'PUT',
        url: `/users/sellers/${encodeURIComponent(verifiedSeller.email)}`,
        headers: bearer(t.admin.accessToken),
      });
      expect(verified.statusCode).toBe(200);
      await notices.until((change) => change.position >= positionOf(verified));
      const answer = await pageOf(t.buyer, productId);
      expect(answer.seller.verified).toBe(true);
      expect(answer.sellerVerified).toBe(true);
    });

    it('says since when no longer once an admin deleted the seller record', async () => {
      const removed = await registerUser(t.app, 'seller', { name: 'Removed Seller' });
      const { productId, position } = await listProductAt(t.app, removed);
      expect((await pageOf(t.admin, productId, position)).seller.memberSince).not.toBeNull();
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/sellers/${removed.uid}`,
        headers: bearer(t.admin.accessToken),
      });
      expect(deleted.json()).toMatchObject({ deletedCount: 1 });
      const answer = await pageOf(t.admin, productId, positionOf(deleted));
      expect(answer.seller).toMatchObject({ name: 'Removed Seller', memberSince: null });
    });

    it("shows the seller's counts change with another of their products", async () => {
      const counted = await registerUser(t.app, 'seller', { name: 'Recounted' });
      const { productId, position } = await listProductAt(t.app, counted);
      expect((await pageOf(t.buyer, productId, position)).seller.listings).toBe(1);
      const notices = await changeNotices(t, changeTopic('sellerProducts', counted.uid));
      const { position: listed } = await listProductAt(t.app, counted, { Brand: 'Oppo' });
      await notices.until((change) => change.position >= listed);
      expect((await pageOf(t.buyer, productId)).seller.listings).toBe(2);
    });
  });
});
