import { randomUUID } from 'node:crypto';
import { connect as connectTcp } from 'node:net';
import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { changeTopic, rebuiltTopic, replayReadModels, type ChangePubSub } from '@resale/workers';
import { createReadStore } from '@resale/workers/read-models';
import {
  bearer,
  bookingOf,
  buildTestApp,
  listProduct,
  registerUser,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
} from './helper.ts';
import type { Change } from '../src/graphql/generated.ts';

type Answer = { data?: Record<string, Change> | null; errors?: { message: string }[] };

/**
 * What `npm run replay` does: rebuilds the bookings read model on its own connection to the
 * gateway's read store and swaps it in; with Redis it announces the swap itself.
 */
async function replayBookings(t: TestApp, pubsub?: ChangePubSub) {
  const operator = await createReadStore({ DATA_DIR: t.dataDir });
  try {
    return await replayReadModels({
      eventStore: t.app.eventStore,
      readStore: operator,
      names: ['bookings'],
      ...(pubsub ? { pubsub } : {}),
    });
  } finally {
    await operator.close();
  }
}

/** The next Change without ids (a swap's notice), skipping live changes that came first. */
async function nextNotice(next: (timeoutMs?: number) => Promise<Answer>, field: string) {
  for (;;) {
    const change = (await next(10_000)).data?.[field];
    if (change?.ids.length === 0) return change;
  }
}

/** Live subscriptions through a real WebSocket (graphql-ws, graphql-transport-ws protocol). */
describe('GraphQL subscriptions over graphql-ws', () => {
  let t: TestApp;
  let url: string;
  let seller: SignedInUser;
  let buyer: SignedInUser;
  let otherBuyer: SignedInUser;
  let admin: SignedInUser;
  const clients: Client[] = [];
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: adminEmail });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/graphql`;
    [seller, buyer, otherBuyer, admin] = await Promise.all([
      registerUser(t.app, 'seller'),
      registerUser(t.app, 'buyer'),
      registerUser(t.app, 'buyer'),
      registerUser(t.app, 'buyer', { email: adminEmail }),
    ]);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await t.close();
  });

  const connect = (accessToken: string | undefined, target = url): Client => {
    const client = createClient({
      url: target,
      webSocketImpl: WebSocket,
      connectionParams: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
      retryAttempts: 0,
    });
    clients.push(client);
    return client;
  };

  const subscribe = (client: Client, query: string) => {
    const iterator = client.iterate<Record<string, Change>>({ query });
    const next = (timeoutMs = 5_000): Promise<Answer> =>
      Promise.race([
        iterator.next().then((result) => result.value as Answer),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`no message within ${timeoutMs} ms`)), timeoutMs),
        ),
      ]);
    return { next, stop: () => iterator.return?.() };
  };

  /**
   * Subscribes with `after` just below what the read models reached, so the server's catch-up
   * Change arrives first: from then on the subscription is live and nothing can be missed.
   */
  const subscribeLive = async (client: Client, field: string, args = '') => {
    const reached = await t.app.eventStore.headPosition();
    await t.app.readModels.waitFor(reached);
    const subscription = subscribe(
      client,
      `subscription { ${field}(${args}${args ? ', ' : ''}after: ${reached - 1}) { topic position ids } }`,
    );
    const catchUp = await subscription.next();
    expect(catchUp.data?.[field]?.ids).toEqual([]);
    return subscription;
  };

  /** The messages of the errors a refused subscription ends with. */
  const refusalOf = async (subscription: ReturnType<typeof subscribe>): Promise<string> =>
    subscription.next().then(
      (answer) => answer.errors?.map((e) => e.message).join('; ') ?? 'not refused',
      (errors: unknown) =>
        Array.isArray(errors)
          ? errors.map((e: { message: string }) => e.message).join('; ')
          : String(errors),
    );

  const book = async (user: SignedInUser) => {
    const productId = await listProduct(t.app, seller);
    const response = await t.app.inject({
      method: 'POST',
      url: '/bookings',
      headers: bearer(user.accessToken),
      payload: bookingOf(user, productId),
    });
    return response.json<{ insertedId: string; position: number }>();
  };

  it('each buyer hears of their own bookings only (live booking confirmation)', async () => {
    const mine = await subscribeLive(connect(buyer.accessToken), 'myBookingsChanged');
    const theirs = await subscribeLive(connect(otherBuyer.accessToken), 'myBookingsChanged');
    const myBooking = await book(buyer);
    const theirBooking = await book(otherBuyer);
    const first = await mine.next();
    expect(first.data?.myBookingsChanged).toMatchObject({
      topic: 'bookings',
      ids: [myBooking.insertedId],
    });
    expect(first.data?.myBookingsChanged?.position).toBeLessThanOrEqual(myBooking.position);
    // The other buyer's first news is their own booking, not this one.
    const theirFirst = await theirs.next();
    expect(theirFirst.data?.myBookingsChanged?.ids).toEqual([theirBooking.insertedId]);
    await mine.stop();
    await theirs.stop();
  });

  it('a reconnecting client catches up: one Change first when the read models moved past `after`', async () => {
    await book(buyer);
    const reached = await t.app.eventStore.headPosition();
    await t.app.readModels.waitFor(reached);
    const subscription = subscribe(
      connect(buyer.accessToken),
      'subscription { myBookingsChanged(after: 0) { topic position ids } }',
    );
    const first = await subscription.next();
    expect(first.data?.myBookingsChanged).toEqual({
      topic: 'bookings',
      position: reached,
      ids: [],
    });
    await subscription.stop();
  });

  it('admins follow reported products; buyers are refused', async () => {
    const adminFeed = await subscribeLive(connect(admin.accessToken), 'reportedProductsChanged');
    const refused = subscribe(
      connect(buyer.accessToken),
      'subscription { reportedProductsChanged { topic ids } }',
    );
    expect(await refusalOf(refused)).toBe('Only an admin can do this');
    const productId = await listProduct(t.app, seller);
    await t.app.inject({
      method: 'PUT',
      url: `/allProducts/${productId}`,
      headers: bearer(buyer.accessToken),
    });
    expect((await adminFeed.next()).data?.reportedProductsChanged).toMatchObject({
      topic: 'reportedProducts',
      ids: [productId],
    });
    await adminFeed.stop();
  });

  it("a seller follows their own products, everyone signed in a brand's products", async () => {
    const own = await subscribeLive(connect(seller.accessToken), 'myProductsChanged');
    const brand = await subscribeLive(
      connect(buyer.accessToken),
      'productsChanged',
      'brand: "Oppo"',
    );
    const productId = await listProduct(t.app, seller, { Brand: 'Oppo' });
    expect((await own.next()).data?.myProductsChanged).toMatchObject({
      topic: 'sellerProducts',
      ids: [productId],
    });
    expect((await brand.next()).data?.productsChanged).toMatchObject({
      topic: 'products',
      ids: [productId],
    });
    await own.stop();
    await brand.stop();
  });

  it("productSearchChanged follows every brand's products, or one brand's; signed in only", async () => {
    const anonymous = subscribe(
      connect(undefined),
      'subscription { productSearchChanged { topic } }',
    );
    expect(await refusalOf(anonymous)).toBe('Sign in to continue');
    const everyBrand = await subscribeLive(connect(buyer.accessToken), 'productSearchChanged');
    const samsung = await subscribeLive(
      connect(buyer.accessToken),
      'productSearchChanged',
      'brand: "Samsung"',
    );
    const oppo = await listProduct(t.app, seller, { Brand: 'Oppo' });
    expect((await everyBrand.next()).data?.productSearchChanged).toMatchObject({
      topic: 'products',
      ids: [oppo],
    });
    const galaxy = await listProduct(t.app, seller, { Brand: 'Samsung' });
    expect((await everyBrand.next()).data?.productSearchChanged?.ids).toEqual([galaxy]);
    // The Oppo listing never reached the Samsung search.
    expect((await samsung.next()).data?.productSearchChanged?.ids).toEqual([galaxy]);
    await everyBrand.stop();
    await samsung.stop();
  });

  it('a deleted user stops receiving once the users read model has the deletion', async () => {
    const doomed = await registerUser(t.app, 'buyer');
    const staying = await registerUser(t.app, 'buyer');
    const doomedFeed = await subscribeLive(
      connect(doomed.accessToken),
      'productsChanged',
      'brand: "Iphone"',
    );
    const stayingFeed = await subscribeLive(
      connect(staying.accessToken),
      'productsChanged',
      'brand: "Iphone"',
    );
    // Both hear of a listing: the doomed user's rights are now known to the gateway.
    await listProduct(t.app, seller, { Brand: 'Iphone' });
    expect((await doomedFeed.next()).data?.productsChanged?.topic).toBe('products');
    expect((await stayingFeed.next()).data?.productsChanged?.topic).toBe('products');

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/users/${doomed.uid}`,
      headers: bearer(admin.accessToken),
    });
    expect(deleted.statusCode).toBe(200);
    await t.app.readModels.waitFor(deleted.json<{ position: number }>().position);

    const pending = doomedFeed.next(30_000).then(
      () => 'delivered',
      () => 'ended',
    );
    const ids = [
      await listProduct(t.app, seller, { Brand: 'Iphone' }),
      await listProduct(t.app, seller, { Brand: 'Iphone' }),
    ];
    for (const id of ids)
      expect((await stayingFeed.next()).data?.productsChanged?.ids).toEqual([id]);
    // Both changes were filtered for every subscriber before the second reached the other one.
    expect(await Promise.race([pending, Promise.resolve('nothing')])).toBe('nothing');
    await doomedFeed.stop();
    await stayingFeed.stop();
  });

  it('a keyed subscription hears of a replay that swapped its read model in, and refetches', async () => {
    const bookings = await subscribeLive(connect(buyer.accessToken), 'myBookingsChanged');
    // The replay, another process, cannot reach this one's in-process pub/sub: the gateway's
    // pipeline notices the swap in the read store and announces it.
    const report = await replayBookings(t);
    expect(await nextNotice(bookings.next, 'myBookingsChanged')).toEqual({
      topic: 'bookings',
      position: report.position,
      ids: [],
    });
    await bookings.stop();
  });

  it('a subscription whose catch-up read fails is refused and leaves no listener behind', async () => {
    const { pubsub, store } = t.app.readModels;
    const realSubscribe = pubsub.subscribe.bind(pubsub);
    const stopped = vi.fn();
    const subscribing = vi
      .spyOn(pubsub, 'subscribe')
      .mockImplementation(async (topic, listener) => {
        const unsubscribe = await realSubscribe(topic, listener);
        return async () => {
          stopped(topic);
          await unsubscribe();
        };
      });
    const checkpoint = vi
      .spyOn(store, 'checkpoint')
      .mockRejectedValueOnce(new Error('disk I/O error'));
    try {
      const refused = subscribe(
        connect(buyer.accessToken),
        'subscription { myBookingsChanged(after: 0) { topic position ids } }',
      );
      // The server fault's message is the error formatter's, not the store's.
      expect(await refusalOf(refused)).toBe('Something went wrong on our side');
      // The buyer's bookings, and the bookings' rebuild notices.
      expect(subscribing).toHaveBeenCalledTimes(2);
      expect(stopped).toHaveBeenCalledWith(changeTopic('bookings', buyer.uid));
      expect(stopped).toHaveBeenCalledWith(rebuiltTopic('bookings'));
    } finally {
      subscribing.mockRestore();
      checkpoint.mockRestore();
    }
  });

  it('refuses anonymous subscribers', async () => {
    const anonymous = subscribe(connect(undefined), 'subscription { usersChanged { topic } }');
    expect(await refusalOf(anonymous)).toBe('Sign in to continue');
  });

  it('closes a connection whose token is not valid', async () => {
    const client = connect('not-a-token');
    const closed = new Promise<number>((resolve) =>
      client.on('closed', (event) => resolve((event as { code: number }).code)),
    );
    void subscribe(client, 'subscription { usersChanged { topic } }')
      .next()
      .catch(() => {});
    // graphql-transport-ws's Forbidden, closed by the server.
    expect(await closed).toBe(4403);
  });

  it('serves subscriptions only: a query over the WebSocket is refused, the connection stays', async () => {
    const client = connect(buyer.accessToken);
    const query = subscribe(client, '{ categories { _id } }');
    expect(await refusalOf(query)).toBe(
      'Only subscriptions are served over WebSocket; send a query over HTTP',
    );
    const live = await subscribeLive(client, 'myBookingsChanged');
    await live.stop();
  });

  it('answers a subscription that does not validate with its errors', async () => {
    const invalid = subscribe(
      connect(buyer.accessToken),
      'subscription { myBookingsChanged { nope } }',
    );
    expect(await refusalOf(invalid)).toBe('Cannot query field "nope" on type "Change".');
  });

  it('refuses a WebSocket opened from a foreign web page (Origin check)', async () => {
    const socket = new WebSocket(url, 'graphql-transport-ws', { origin: 'http://evil.example' });
    const status = await new Promise<number>((resolve, reject) => {
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => reject(new Error('the foreign origin was let in')));
    });
    expect(status).toBe(401);
    const allowed = new WebSocket(url, 'graphql-transport-ws', { origin: 'http://127.0.0.1:3000' });
    await new Promise<void>((resolve, reject) => {
      allowed.on('open', () => resolve());
      allowed.on('unexpected-response', () => reject(new Error('the web origin was refused')));
    });
    allowed.close();
  });
});

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisReachable = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(redisUrl);
  const socket = connectTcp({ host: hostname, port: Number(port || 6379) });
  socket.once('connect', () => resolve(true));
  socket.once('error', () => resolve(false));
  socket.setTimeout(1_000, () => resolve(false));
});

describe.skipIf(!redisReachable)(
  `subscriptions across gateway processes through Redis (${redisReachable ? redisUrl : 'skipped: no Redis server'})`,
  () => {
    let publisher: TestApp;
    let subscriber: TestApp;
    let address: string | undefined;
    const prefix = `gateway-test-${randomUUID().slice(0, 8)}:`;
    const adminEmail = uniqueEmail('admin');

    beforeAll(async () => {
      const env = { REDIS_URL: redisUrl, REDIS_CHANNEL_PREFIX: prefix, ADMIN_EMAILS: adminEmail };
      [publisher, subscriber] = await Promise.all([buildTestApp(env), buildTestApp(env)]);
    });
    afterAll(async () => {
      await Promise.all([publisher?.close(), subscriber?.close()]);
    });

    it('a change published by one process reaches a subscriber of another', async () => {
      const admin = await registerUser(subscriber.app, 'buyer', { email: adminEmail });
      const reached = await subscriber.app.eventStore.headPosition();
      await subscriber.app.readModels.waitFor(reached);
      address ??= await subscriber.app.listen({ port: 0, host: '127.0.0.1' });
      const client = createClient({
        url: `${address.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${admin.accessToken}` },
        retryAttempts: 0,
      });
      const iterator = client.iterate<{ usersChanged: Change }>({
        query: `subscription { usersChanged(after: ${reached - 1}) { topic position ids } }`,
      });
      // The catch-up Change says the subscription (and its Redis SUBSCRIBE) is live.
      expect(((await iterator.next()).value as Answer).data?.usersChanged?.ids).toEqual([]);
      const change = { topic: 'users' as const, key: null, ids: ['u-1'], position: 1_000_000 };
      await publisher.app.readModels.pubsub.publish(changeTopic('users'), change);
      expect(((await iterator.next()).value as Answer).data?.usersChanged).toEqual({
        topic: 'users',
        position: 1_000_000,
        ids: ['u-1'],
      });
      await iterator.return?.();
      await client.dispose();
    });

    it('a replay announced on Redis reaches a keyed subscriber of another process', async () => {
      const buyer = await registerUser(subscriber.app, 'buyer');
      const reached = await subscriber.app.eventStore.headPosition();
      await subscriber.app.readModels.waitFor(reached);
      address ??= await subscriber.app.listen({ port: 0, host: '127.0.0.1' });
      const client = createClient({
        url: `${address.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${buyer.accessToken}` },
        retryAttempts: 0,
      });
      const iterator = client.iterate<{ myBookingsChanged: Change }>({
        query: `subscription { myBookingsChanged(after: ${reached - 1}) { topic position ids } }`,
      });
      expect(((await iterator.next()).value as Answer).data?.myBookingsChanged?.ids).toEqual([]);
      // The other process's replay: its notice comes through Redis only.
      const report = await replayBookings(publisher, publisher.app.readModels.pubsub);
      expect(report.noticeError).toBeUndefined();
      expect(((await iterator.next()).value as Answer).data?.myBookingsChanged).toEqual({
        topic: 'bookings',
        position: report.position,
        ids: [],
      });
      await iterator.return?.();
      await client.dispose();
    });
  },
);
