import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessTokenOf,
  bearer,
  bookingOf,
  buildTestApp,
  listProduct,
  registerUser,
  type SignedInUser,
  type TestApp,
} from './helper.ts';

describe('idempotent commands (Idempotency-Key)', () => {
  let t: TestApp;
  let seller: SignedInUser;
  let buyer: SignedInUser;
  beforeAll(async () => {
    t = await buildTestApp();
    [seller, buyer] = await Promise.all([
      registerUser(t.app, 'seller'),
      registerUser(t.app, 'buyer'),
    ]);
  });
  afterAll(() => t.close());

  const book = (productId: string, key: string, token = buyer.accessToken) =>
    t.app.inject({
      method: 'POST',
      url: '/bookings',
      headers: { ...bearer(token), 'idempotency-key': key },
      payload: bookingOf(buyer, productId),
    });

  it('a repeated booking (double click, retry) gets the first answer and appends nothing', async () => {
    const productId = await listProduct(t.app, seller);
    const first = await book(productId, 'click-1');
    expect(first.statusCode).toBe(201);
    const head = await t.app.eventStore.headPosition();
    const again = await book(productId, 'click-1');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await t.app.eventStore.headPosition()).toBe(head);
  });

  it('without the same key, the repeat is a new command (and loses: already booked)', async () => {
    const productId = await listProduct(t.app, seller);
    expect((await book(productId, 'a')).statusCode).toBe(201);
    expect((await book(productId, 'b')).statusCode).toBe(409);
  });

  it('refuses a key reused for a different request with 422', async () => {
    const [one, two] = [await listProduct(t.app, seller), await listProduct(t.app, seller)];
    expect((await book(one, 'reused')).statusCode).toBe(201);
    const response = await book(two, 'reused');
    expect(response.statusCode).toBe(422);
  });

  it("keeps keys per caller: another user's identical key is another command", async () => {
    const other = await registerUser(t.app, 'buyer');
    const productId = await listProduct(t.app, seller);
    expect((await book(productId, 'shared-key')).statusCode).toBe(201);
    const response = await t.app.inject({
      method: 'POST',
      url: '/bookings',
      headers: { ...bearer(other.accessToken), 'idempotency-key': 'shared-key' },
      payload: bookingOf(other, productId),
    });
    expect(response.statusCode).toBe(409);
  });

  it("keeps each answer as its caller's: forgetting them forgets their answers only", async () => {
    const other = await registerUser(t.app, 'buyer');
    const [mine, theirs] = [await listProduct(t.app, seller), await listProduct(t.app, seller)];
    expect((await book(mine, 'to-forget')).statusCode).toBe(201);
    const bookTheirs = () =>
      t.app.inject({
        method: 'POST',
        url: '/bookings',
        headers: { ...bearer(other.accessToken), 'idempotency-key': 'to-keep' },
        payload: bookingOf(other, theirs),
      });
    expect((await bookTheirs()).statusCode).toBe(201);
    await t.app.idempotencyStore.forgetAnswersOf(buyer.uid);
    // No answer kept any more: the repeat is decided again (and loses: already booked).
    expect((await book(mine, 'to-forget')).statusCode).toBe(409);
    const again = await bookTheirs();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('remembers the first answer across a restart', async () => {
    const productId = await listProduct(t.app, seller);
    const first = await book(productId, 'before-restart');
    await t.close({ keepData: true });
    t = await buildTestApp({}, t.dataDir);
    const token = await accessTokenOf(t.app, buyer);
    const again = await book(productId, 'before-restart', token);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
  });
});
