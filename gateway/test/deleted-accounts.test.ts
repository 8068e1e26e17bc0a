import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@resale/events';
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

interface Listed {
  _id: string;
  status?: string;
}

describe('deleted accounts', () => {
  let t: SeededMarket;

  beforeAll(async () => {
    t = await buildSeededMarket();
  });
  afterAll(() => t.close());

  /**
   * Resolves once the log holds an event, from now on, for each of `wanted`: the test awaits the
   * reactor's appends, never a clock. Answers the highest position seen.
   */
  async function appendedFromNow(
    wanted: readonly ((event: RecordedEvent) => boolean)[],
  ): Promise<{ done: Promise<number> }> {
    const left = new Set(wanted);
    let position = 0;
    let finished!: (position: number) => void;
    const done = new Promise<number>((resolve) => (finished = resolve));
    const subscription = t.app.eventStore.subscribeToAll({
      after: await t.app.eventStore.headPosition(),
      onEvent: (event) => {
        for (const matches of left)
          if (matches(event)) {
            left.delete(matches);
            position = Math.max(position, event.position);
          }
        if (left.size === 0) finished(position);
      },
    });
    return { done: done.finally(() => subscription.close()) };
  }

  const adminDelete = async (url: string): Promise<number> => {
    const response = await t.app.inject({
      method: 'DELETE',
      url,
      headers: bearer(t.admin.accessToken),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ position: number }>().position;
  };

  const graphql = async (user: SignedInUser, source: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: bearer(user.accessToken),
        payload: { query: source },
      })
    ).json<{ data: Record<string, Listed[]> | null; errors?: unknown[] }>();

  describe('a new account signed up with a deleted one’s e-mail', () => {
    it("reads none of the old buyer's bookings, by REST or GraphQL", async () => {
      const first = await registerUser(t.app, 'buyer');
      const { productId } = await listProductAt(t.app, t.seller);
      const booked = await bookProductAt(t.app, first, productId);
      const myBookings = `/bookings?email=${encodeURIComponent(first.email)}`;
      const before = await getAs(t.app, first, myBookings, booked);
      expect(before.json<Listed[]>().map((b) => b.status)).toEqual(['pending']);

      // Deleting the user erased their sign-in account's e-mail: it may sign up again.
      const deleted = await adminDelete(`/users/${first.uid}`);
      const second = await registerUser(t.app, 'buyer', { email: first.email });
      expect(second.uid).not.toBe(first.uid);

      const mine = await getAs(t.app, second, myBookings, deleted);
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toEqual([]);
      const answer = await graphql(second, `{ myBookings(minPosition: ${deleted}) { _id } }`);
      expect(answer).toEqual({ data: { myBookings: [] } });
    });

    it("reads none of the old seller's products or received bookings", async () => {
      const first = await registerUser(t.app, 'seller');
      const { productId } = await listProductAt(t.app, first);
      const booked = await bookProductAt(t.app, t.buyer, productId);
      const myProducts = `/myProducts/${encodeURIComponent(first.email)}`;
      const before = await getAs(t.app, first, myProducts, booked);
      expect(before.json<Listed[]>().map((p) => p._id)).toEqual([productId]);

      // Deleting the user erased their sign-in account's e-mail: it may sign up again.
      const deleted = await adminDelete(`/users/${first.uid}`);
      const second = await registerUser(t.app, 'seller', { email: first.email });

      const products = await getAs(t.app, second, myProducts, deleted);
      expect(products.statusCode).toBe(200);
      expect(products.json()).toEqual([]);
      const received = await getAs(t.app, second, '/bookings/received', deleted);
      expect(received.json()).toEqual([]);
      const answer = await graphql(
        second,
        `{ myProducts(minPosition: ${deleted}) { _id } sellerBookings(minPosition: ${deleted}) { _id } }`,
      );
      expect(answer).toEqual({ data: { myProducts: [], sellerBookings: [] } });
    });
  });

  describe("a deleted seller's listings", () => {
    it('leave the category page, search and the home page; only admins see them, withdrawn', async () => {
      const doomed = await registerUser(t.app, 'seller');
      const brand = 'Oppo';
      const name = `Vanishing${randomUUID().slice(0, 8)}`;
      const listing = { Brand: brand, productName: name };
      const { productId: onSale } = await listProductAt(t.app, doomed, listing);
      const { productId: booked } = await listProductAt(t.app, doomed, listing);
      const advertised = await t.app.inject({
        method: 'PUT',
        url: `/myProducts/${onSale}/advertise`,
        headers: bearer(doomed.accessToken),
      });
      expect(advertised.statusCode).toBe(200);
      const ready = await bookProductAt(t.app, t.buyer, booked);

      const search = `/products?q=${name}`;
      const ids = (body: { items: Listed[] } | Listed[]) =>
        (Array.isArray(body) ? body : body.items).map((p) => p._id).sort();
      const shown = [onSale, booked].sort();
      expect(ids((await getAs(t.app, t.buyer, `/allProducts/${brand}`, ready)).json())).toEqual(
        shown,
      );
      expect(ids((await getAs(t.app, t.buyer, search, ready)).json())).toEqual(shown);
      expect(ids((await getAs(t.app, t.buyer, '/advertisedProducts', ready)).json())).toContain(
        onSale,
      );

      const withdrawnFor = (productId: string) => (event: RecordedEvent) =>
        event.type === 'ProductWithdrawn' && event.streamId === `product-${productId}`;
      const withdrawals = await appendedFromNow([withdrawnFor(onSale), withdrawnFor(booked)]);
      await adminDelete(`/sellers/${doomed.uid}`);
      const withdrawn = await withdrawals.done;
      const events = await t.app.eventStore.readStream(`product-${booked}`);
      expect(events.slice(-2)).toMatchObject([
        { type: 'ProductReleased', data: { reason: 'cancelled' } },
        {
          type: 'ProductWithdrawn',
          data: { reason: 'account-deleted' },
          metadata: { actorUid: 'system' },
        },
      ]);

      expect((await getAs(t.app, t.buyer, `/allProducts/${brand}`, withdrawn)).json()).toEqual([]);
      expect((await getAs(t.app, t.buyer, search, withdrawn)).json()).toMatchObject({
        items: [],
      });
      expect(
        ids((await getAs(t.app, t.buyer, '/advertisedProducts', withdrawn)).json()),
      ).not.toContain(onSale);
      for (const productId of [onSale, booked]) {
        const page = `/products/${productId}`;
        expect((await getAs(t.app, t.buyer, page, withdrawn)).statusCode).toBe(404);
        const asAdmin = await getAs(t.app, t.admin, page, withdrawn);
        expect(asAdmin.statusCode).toBe(200);
        expect(asAdmin.json()).toMatchObject({ _id: productId, status: 'withdrawn' });
      }
    });
  });
});
