import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authEmulatorHost,
  bearer,
  bookProductAt,
  buildSeededMarket,
  getAs,
  listProductAt,
  registerUser,
  type SeededMarket,
  type SignedInUser,
} from './helper.ts';

/** Deletes the account in the Auth emulator, so that its e-mail can sign up again. */
async function deleteFirebaseAccount(user: SignedInUser): Promise<void> {
  const response = await fetch(
    `http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:delete?key=test-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: user.uid }),
    },
  );
  if (!response.ok) throw new Error(`Emulator deletion failed: ${await response.text()}`);
}

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

      const deleted = await adminDelete(`/users/${first.uid}`);
      await deleteFirebaseAccount(first);
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

      const deleted = await adminDelete(`/users/${first.uid}`);
      await deleteFirebaseAccount(first);
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
});
