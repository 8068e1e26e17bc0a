import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { productStreamId } from '@resale/events';
import { changeTopic } from '@resale/workers';
import {
  bearer,
  bookingOf,
  buildTestApp,
  changeNotices,
  listProduct,
  registerUser,
  seedCategories,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
} from './helper.ts';

/**
 * The embedded gateway decides a command on a stream it wrote lately against the state it kept
 * (plugins/app/command-states.ts): it reads the stream again only when that state may be stale
 * or may hold personal data since erased.
 */
describe('states of the streams the gateway decided on lately', () => {
  let t: TestApp;
  let admin: SignedInUser;
  let seller: SignedInUser;
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: adminEmail });
    await seedCategories(t.app);
    admin = await registerUser(t.app, 'buyer', { email: adminEmail });
    seller = await registerUser(t.app, 'seller', { name: 'Sam' });
  });
  afterAll(() => t.close());

  /**
   * A user registered, once the users read model's notice of it arrived: the notice drops every
   * state kept, and must not arrive in the middle of a test.
   */
  const registered = async (): Promise<SignedInUser> => {
    const users = await changeNotices(t, changeTopic('users'));
    const user = await registerUser(t.app, 'buyer');
    await users.until((change) => change.ids.includes(user.uid));
    return user;
  };

  const book = (buyer: SignedInUser, productId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/bookings',
      headers: bearer(buyer.accessToken),
      payload: bookingOf(buyer, productId),
    });

  /** How many times `action` read the product's stream. */
  const readsOfProduct = async (productId: string, action: () => Promise<unknown>) => {
    const readStream = vi.spyOn(t.app.eventStore, 'readStream');
    try {
      await action();
      return readStream.mock.calls.filter(([streamId]) => streamId === productStreamId(productId))
        .length;
    } finally {
      readStream.mockRestore();
    }
  };

  it('books a phone listed a moment before without reading its stream', async () => {
    const buyer = await registered();
    const productId = await listProduct(t.app, seller);

    const reads = await readsOfProduct(productId, async () => {
      expect((await book(buyer, productId)).statusCode).toBe(201);
    });

    expect(reads).toBe(0);
  });

  it('reads the stream once another path wrote it, and decides on what it holds', async () => {
    const [ann, carl] = [await registered(), await registered()];
    const productId = await listProduct(t.app, seller);
    const booked = await book(ann, productId);
    expect(booked.statusCode).toBe(201);
    // The buyer's cancel is decided on the booking's and the product's streams together.
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/bookings/${booked.json<{ insertedId: string }>().insertedId}/cancel`,
      headers: bearer(ann.accessToken),
    });
    expect(cancelled.statusCode).toBe(200);

    const reads = await readsOfProduct(productId, async () => {
      expect((await book(carl, productId)).statusCode).toBe(201);
    });

    expect(reads).toBe(1);
  });

  it('refuses a booking of a booked phone as before, from the stream itself', async () => {
    const [ann, carl] = [await registered(), await registered()];
    const productId = await listProduct(t.app, seller);
    expect((await book(ann, productId)).statusCode).toBe(201);

    let refused: Awaited<ReturnType<typeof book>> | undefined;
    const reads = await readsOfProduct(productId, async () => {
      refused = await book(carl, productId);
    });

    expect(refused?.statusCode).toBe(409);
    expect(refused?.json()).toMatchObject({ message: 'This product is already booked' });
    expect(reads).toBe(1);
  });

  it('forgets every state once a user is deleted: their personal data may be among them', async () => {
    const [buyer, leaving] = [await registered(), await registered()];
    const productId = await listProduct(t.app, seller);
    const users = await changeNotices(t, changeTopic('users'));
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/users/${leaving.uid}`,
      headers: bearer(admin.accessToken),
    });
    expect(deleted.statusCode).toBe(200);
    await users.until((change) => change.ids.includes(leaving.uid));

    const reads = await readsOfProduct(productId, async () => {
      expect((await book(buyer, productId)).statusCode).toBe(201);
    });

    expect(reads).toBe(1);
  });
});
