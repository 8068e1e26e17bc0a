import type { FastifyInstance } from 'fastify';
import type { RecordedEvent } from '@resale/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  bookingOf,
  buildTestApp,
  getAs,
  listProduct,
  registerUser,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
} from './helper.ts';

/** Resolves with the first event from now on that `matches`: the test awaits the log, never a clock. */
function nextEvent(
  app: FastifyInstance,
  matches: (event: RecordedEvent) => boolean,
): { event: Promise<RecordedEvent>; close: () => Promise<void> } {
  let resolve!: (event: RecordedEvent) => void;
  const event = new Promise<RecordedEvent>((r) => (resolve = r));
  const subscription = app.eventStore.subscribeToAll({
    after: 0,
    onEvent: (recorded) => {
      if (matches(recorded)) resolve(recorded);
    },
  });
  return { event, close: () => subscription.close() };
}

async function awaitEvent(
  app: FastifyInstance,
  matches: (event: RecordedEvent) => boolean,
): Promise<RecordedEvent> {
  const waiting = nextEvent(app, matches);
  try {
    return await waiting.event;
  } finally {
    await waiting.close();
  }
}

interface BookingAnswer {
  _id: string;
  status: string;
  cancelReason: string | null;
  sellerEmail: string | null;
  expiresAt: string;
}

describe('booking commands', () => {
  let t: TestApp;
  let seller: SignedInUser;
  let otherSeller: SignedInUser;
  let buyer: SignedInUser;
  let otherBuyer: SignedInUser;
  let admin: SignedInUser;
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: adminEmail });
    [seller, otherSeller, buyer, otherBuyer, admin] = await Promise.all([
      registerUser(t.app, 'seller', { name: 'Sam Seller' }),
      registerUser(t.app, 'seller'),
      registerUser(t.app, 'buyer', { name: 'Bea Buyer' }),
      registerUser(t.app, 'buyer'),
      registerUser(t.app, 'buyer', { email: adminEmail }),
    ]);
  });
  afterAll(() => t.close());

  const book = async (user: SignedInUser, productId: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/bookings',
      headers: bearer(user.accessToken),
      payload: bookingOf(user, productId),
    });
    return response;
  };
  /** A product of `seller` booked by `buyer`: its id and the booking's. */
  const booked = async (by = buyer, of = seller) => {
    const productId = await listProduct(t.app, of);
    const response = await book(by, productId);
    expect(response.statusCode).toBe(201);
    return { productId, bookingId: response.json<{ insertedId: string }>().insertedId };
  };
  const move = (user: SignedInUser | undefined, bookingId: string, what: string) =>
    t.app.inject({
      method: 'POST',
      url: `/bookings/${bookingId}/${what}`,
      headers: user ? bearer(user.accessToken) : {},
    });
  const bookingAsBuyer = async (user: SignedInUser, bookingId: string, minPosition: number) => {
    const response = await getAs(
      t.app,
      user,
      `/bookings?email=${encodeURIComponent(user.email)}`,
      minPosition,
    );
    return response.json<BookingAnswer[]>().find((b) => b._id === bookingId);
  };

  it('a new booking is pending, with its seller and its expiry, for buyer and seller', async () => {
    const before = Date.now();
    const { bookingId } = await booked();
    const position = await t.app.eventStore.headPosition();
    const mine = await bookingAsBuyer(buyer, bookingId, position);
    expect(mine).toMatchObject({
      status: 'pending',
      cancelReason: null,
      sellerEmail: seller.email,
    });
    const expiresIn = Date.parse(mine?.expiresAt ?? '') - before;
    expect(expiresIn).toBeGreaterThanOrEqual(48 * 3_600_000 - 1_000);
    expect(expiresIn).toBeLessThanOrEqual(48 * 3_600_000 + 60_000);
    const received = await getAs(t.app, seller, '/bookings/received', position);
    expect(received.statusCode).toBe(200);
    expect(received.json<BookingAnswer[]>().find((b) => b._id === bookingId)).toMatchObject({
      status: 'pending',
      email: buyer.email,
    });
  });

  it('GraphQL answers the same: myBookings for the buyer, sellerBookings for the seller', async () => {
    const { bookingId } = await booked();
    const position = await t.app.eventStore.headPosition();
    const query = async (user: SignedInUser, source: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/graphql',
          headers: bearer(user.accessToken),
          payload: { query: source },
        })
      ).json<{ data: Record<string, BookingAnswer[]> }>().data;
    const mine = await query(
      buyer,
      `{ myBookings(minPosition: ${position}) { _id status expiresAt sellerEmail cancelReason } }`,
    );
    expect(mine['myBookings']?.find((b) => b._id === bookingId)).toMatchObject({
      status: 'pending',
      sellerEmail: seller.email,
      cancelReason: null,
    });
    const received = await query(
      seller,
      `{ sellerBookings(minPosition: ${position}) { _id status buyerName } }`,
    );
    expect(received['sellerBookings']?.find((b) => b._id === bookingId)).toMatchObject({
      status: 'pending',
      buyerName: buyer.name,
    });
  });

  it('the seller accepts: the phone is sold, and nobody can book it any more', async () => {
    const { productId, bookingId } = await booked();
    const accepted = await move(seller, bookingId, 'accept');
    expect(accepted.statusCode).toBe(200);
    const { modifiedCount, position } = accepted.json<{
      modifiedCount: number;
      position: number;
    }>();
    expect(modifiedCount).toBe(1);
    expect((await bookingAsBuyer(buyer, bookingId, position))?.status).toBe('accepted');
    const [, bookingEnd] = await t.app.eventStore.readStream(`booking-${bookingId}`);
    expect(bookingEnd).toMatchObject({
      type: 'BookingAccepted',
      metadata: { actorUid: seller.uid },
    });
    const productEvents = await t.app.eventStore.readStream(`product-${productId}`);
    expect(productEvents.at(-1)?.type).toBe('ProductSold');
    const again = await book(otherBuyer, productId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'This product has been sold' });
  });

  it('accepting twice changes nothing; declining an accepted booking is a 409', async () => {
    const { bookingId } = await booked();
    expect((await move(seller, bookingId, 'accept')).statusCode).toBe(200);
    const twice = await move(seller, bookingId, 'accept');
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toMatchObject({ modifiedCount: 0 });
    const decline = await move(seller, bookingId, 'decline');
    expect(decline.statusCode).toBe(409);
    expect(decline.json()).toMatchObject({
      message: 'The seller has already accepted this booking',
    });
  });

  it.each([
    ['seller declines', 'decline'],
    ['buyer cancels', 'cancel'],
  ] as const)('the %s: the phone is on sale again', async (_, what) => {
    const { productId, bookingId } = await booked();
    const response = await move(what === 'decline' ? seller : buyer, bookingId, what);
    expect(response.statusCode).toBe(200);
    const { position } = response.json<{ position: number }>();
    expect((await bookingAsBuyer(buyer, bookingId, position))?.status).toBe(
      what === 'decline' ? 'declined' : 'cancelled',
    );
    expect((await book(otherBuyer, productId)).statusCode).toBe(201);
  });

  it('of an accept and a cancel at once, exactly one wins; the other is told why', async () => {
    for (let round = 0; round < 5; round++) {
      const { bookingId } = await booked();
      const answers = await Promise.all([
        move(seller, bookingId, 'accept'),
        move(buyer, bookingId, 'cancel'),
      ]);
      const won = answers.filter((a) => a.statusCode === 200);
      const lost = answers.filter((a) => a.statusCode === 409);
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]?.json<{ message: string }>().message).toMatch(
        /^(The seller has already accepted this booking|The buyer cancelled this booking)$/,
      );
      const ends = (await t.app.eventStore.readStream(`booking-${bookingId}`)).slice(1);
      expect(ends).toHaveLength(1);
    }
  });

  describe('who may answer', () => {
    let bookingId: string;
    beforeAll(async () => {
      ({ bookingId } = await booked());
    });

    it.each([
      [
        'the buyer',
        () => buyer,
        'accept',
        'Only the seller of this product can accept this booking',
      ],
      [
        'another seller',
        () => otherSeller,
        'accept',
        'Only the seller of this product can accept this booking',
      ],
      [
        'another buyer',
        () => otherBuyer,
        'decline',
        'Only the seller of this product can decline this booking',
      ],
      [
        'an admin',
        () => admin,
        'decline',
        'Only the seller of this product can decline this booking',
      ],
      ['the seller', () => seller, 'cancel', 'Only the buyer can cancel this booking'],
      ['another buyer', () => otherBuyer, 'cancel', 'Only the buyer can cancel this booking'],
    ])('refuses %s to %s (403)', async (_, user, what, message) => {
      const response = await move(user(), bookingId, what as string);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message });
    });

    it('answers 404 for a booking that does not exist, 400 for an id that cannot be one', async () => {
      const missing = await move(seller, '0193a5c2-7f1e-7b3a-9c4d-5e6f7a8b9c0d', 'accept');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ message: 'This booking does not exist' });
      expect((await move(seller, 'not an id!', 'accept')).statusCode).toBe(400);
    });

    it('asks who calls (401)', async () => {
      expect((await move(undefined, bookingId, 'cancel')).statusCode).toBe(401);
    });

    it('lists received bookings for sellers only, each seller their own', async () => {
      expect((await getAs(t.app, buyer, '/bookings/received')).statusCode).toBe(403);
      expect((await getAs(t.app, undefined, '/bookings/received')).statusCode).toBe(401);
      const others = await getAs(t.app, otherSeller, '/bookings/received');
      expect(others.json<BookingAnswer[]>().map((b) => b._id)).not.toContain(bookingId);
    });
  });

  describe('deleted accounts', () => {
    const adminDelete = (url: string) =>
      t.app.inject({ method: 'DELETE', url, headers: bearer(admin.accessToken) });
    const cancelledFor = (bookingId: string) => (event: RecordedEvent) =>
      event.type === 'BookingCancelled' && event.streamId === `booking-${bookingId}`;

    it('a deleted seller can no longer list, and their pending bookings are cancelled', async () => {
      const doomed = await registerUser(t.app, 'seller');
      const { productId, bookingId } = await booked(buyer, doomed);
      const cancelled = nextEvent(t.app, cancelledFor(bookingId));
      expect((await adminDelete(`/sellers/${doomed.uid}`)).statusCode).toBe(200);
      const event = await cancelled.event;
      await cancelled.close();
      expect(event).toMatchObject({
        data: { reason: 'seller-deleted' },
        metadata: { actorUid: 'system' },
      });
      const listing = await t.app.inject({
        method: 'POST',
        url: '/myProducts',
        headers: bearer(doomed.accessToken),
        payload: { productName: 'x' },
      });
      expect(listing.statusCode).toBe(403);
      expect(listing.json()).toMatchObject({ message: 'This account has been deleted' });
      // On sale again with the cancellation (then withdrawn: deleted-accounts.test.ts).
      const productEvents = await t.app.eventStore.readStream(`product-${productId}`);
      expect(productEvents.find((e) => e.type === 'ProductReleased')).toMatchObject({
        data: { reason: 'cancelled' },
      });
      const mine = await bookingAsBuyer(buyer, bookingId, event.position);
      expect(mine).toMatchObject({ status: 'cancelled', cancelReason: 'seller-deleted' });
      const again = await book(otherBuyer, productId);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        message: "This product is no longer on sale: its seller's account was deleted",
      });
    });

    it("a deleted buyer's pending bookings are cancelled, and they can no longer book", async () => {
      const doomed = await registerUser(t.app, 'buyer');
      const { productId, bookingId } = await booked(doomed);
      const cancelled = nextEvent(t.app, cancelledFor(bookingId));
      expect((await adminDelete(`/users/${doomed.uid}`)).statusCode).toBe(200);
      expect(await cancelled.event).toMatchObject({ data: { reason: 'buyer-deleted' } });
      await cancelled.close();
      const again = await book(doomed, await listProduct(t.app, seller));
      expect(again.statusCode).toBe(403);
      expect((await book(otherBuyer, productId)).statusCode).toBe(201);
    });
  });
});

describe('booking expiry', () => {
  let t: TestApp;
  let seller: SignedInUser;
  let buyer: SignedInUser;

  beforeAll(async () => {
    // 0.0004 hours: 1.44 s.
    t = await buildTestApp({ BOOKING_EXPIRY_HOURS: '0.0004' });
    [seller, buyer] = await Promise.all([
      registerUser(t.app, 'seller'),
      registerUser(t.app, 'buyer'),
    ]);
  });
  afterAll(() => t.close());

  it('a booking nobody answers expires: the phone is on sale again, and accepting is a 409', async () => {
    const productId = await listProduct(t.app, seller);
    const response = await t.app.inject({
      method: 'POST',
      url: '/bookings',
      headers: bearer(buyer.accessToken),
      payload: bookingOf(buyer, productId),
    });
    const bookingId = response.json<{ insertedId: string }>().insertedId;
    const expired = await awaitEvent(
      t.app,
      (event) => event.type === 'BookingExpired' && event.streamId === `booking-${bookingId}`,
    );
    expect(expired.metadata.actorUid).toBe('system');
    const accept = await t.app.inject({
      method: 'POST',
      url: `/bookings/${bookingId}/accept`,
      headers: bearer(seller.accessToken),
    });
    expect(accept.statusCode).toBe(409);
    expect(accept.json()).toMatchObject({
      message: 'This booking has expired: the seller did not answer in time',
    });
    const productEvents = await t.app.eventStore.readStream(`product-${productId}`);
    expect(productEvents.at(-1)).toMatchObject({
      type: 'ProductReleased',
      data: { reason: 'expired' },
    });
  });

  it('refuses a setting that is not a number of hours', async () => {
    const { configProblems } = await import('../src/config.ts');
    expect(configProblems({ BOOKING_EXPIRY_HOURS: '0' })).toEqual([
      'BOOKING_EXPIRY_HOURS=0 must be a number greater than 0 and at most 8760',
    ]);
    expect(configProblems({ BOOKING_EXPIRY_HOURS: 'two days' })).toHaveLength(1);
    expect(configProblems({ BOOKING_EXPIRY_HOURS: '1.5' })).toEqual([]);
  });
});
