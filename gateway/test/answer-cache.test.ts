import { print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeTopic } from '@resale/workers';
import type { ReadModelChange } from '@resale/workers/read-models';
import { ProductsDocument } from '../../web/src/graphql/graphql.ts';
import { ANSWER_MAX_AGE_MS, ANSWER_SHORTEST_LIFE_MS } from '../src/plugins/app/answer-cache.ts';
import {
  bearer,
  bookProductAt,
  buildTestApp,
  changeNotices,
  getAs,
  listProduct,
  listProductAt,
  registerUser,
  seedCategories,
  type SignedInUser,
  type TestApp,
} from './helper.ts';

describe('cached answers of the read routes', () => {
  let t: TestApp;
  let seller: SignedInUser;
  let buyer: SignedInUser;
  let seeded: number;
  const titlesOf = (body: string): string[] =>
    (JSON.parse(body) as { productName: string }[]).map((product) => product.productName);

  beforeAll(async () => {
    t = await buildTestApp();
    seeded = await seedCategories(t.app);
    [seller, buyer] = await Promise.all([
      registerUser(t.app, 'seller', { name: 'Sam' }),
      registerUser(t.app, 'buyer', { name: 'Bea' }),
    ]);
  });
  afterAll(() => t.close());

  /** Lists a product as the seller; answers the command's log position. */
  const list = async (overrides: Record<string, unknown>): Promise<number> =>
    (await listProductAt(t.app, seller, overrides)).position;

  /** How many read-store queries `reads` made (0: all answered from the cache). */
  const queriesDuring = async (reads: () => Promise<void>): Promise<number> => {
    const find = vi.spyOn(t.app.readModels.store, 'find');
    try {
      await reads();
      return find.mock.calls.length;
    } finally {
      find.mockRestore();
    }
  };

  /**
   * Runs `steps` with performance.now() standing still at the time of the call but for the skips
   * `steps` makes: every answer made meanwhile is made at the same instant.
   */
  const withClock = async (steps: (skipTo: (ms: number) => void) => Promise<void>) => {
    const madeAt = performance.now();
    let skipped = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => madeAt + skipped);
    try {
      await steps((ms) => (skipped = ms));
    } finally {
      clock.mockRestore();
    }
  };

  /** The pages of a brand asked for once each, each a page of its own size. */
  const askedOnce = async (brand: string, count: number): Promise<string[]> => {
    const pages = Array.from(
      { length: count },
      (_, index) => `/allProducts/${brand}?limit=${index + 1}`,
    );
    for (const page of pages) expect((await getAs(t.app, undefined, page)).statusCode).toBe(200);
    return pages;
  };

  it('answers a repeated read from the cache, without asking the read store again', async () => {
    const first = await getAs(t.app, undefined, '/categories', seeded);
    const queries = await queriesDuring(async () => {
      const again = await getAs(t.app, undefined, '/categories');
      expect(again.statusCode).toBe(200);
      expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(again.body).toBe(first.body);
    });
    expect(queries).toBe(0);
  });

  it('drops an answer once a read model it is made of changed, and keeps the others', async () => {
    const position = await list({ productName: 'Reno 7', Brand: 'Oppo' });
    const oppo = await getAs(t.app, undefined, '/allProducts/Oppo', position);
    const samsung = await getAs(t.app, undefined, '/allProducts/Samsung', position);
    expect(titlesOf(oppo.body)).toEqual(['Reno 7']);

    // A new Oppo listing: its change notice reaches the cache, a plain read (no minPosition) sees it.
    const oppoNotices = await changeNotices(t, changeTopic('products', 'Oppo'));
    const listed = await list({ productName: 'Reno 8', Brand: 'Oppo' });
    await oppoNotices.until((change) => change.position >= listed);
    const oppoQueries = await queriesDuring(async () => {
      expect(titlesOf((await getAs(t.app, undefined, '/allProducts/Oppo')).body)).toEqual([
        'Reno 8',
        'Reno 7',
      ]);
    });
    expect(oppoQueries).toBe(1);
    // Samsung's page did not change: still served from the cache.
    const samsungQueries = await queriesDuring(async () => {
      expect((await getAs(t.app, undefined, '/allProducts/Samsung')).body).toBe(samsung.body);
    });
    expect(samsungQueries).toBe(0);
  });

  it("drops every partition's answers on a change without a key (a replay's swap notice)", async () => {
    await getAs(t.app, undefined, '/allProducts/Oppo');
    const notices = await changeNotices(t, changeTopic('products'));
    await t.app.readModels.pubsub.publish(changeTopic('products'), {
      topic: 'products',
      key: null,
      ids: [],
      position: await t.app.readModels.store.checkpoint(),
    } satisfies ReadModelChange);
    await notices.until((change) => change.key === null);
    expect(
      await queriesDuring(async () => void (await getAs(t.app, undefined, '/allProducts/Oppo'))),
    ).toBe(1);
  });

  it('never serves an answer older than the minPosition the caller asks for', async () => {
    const before = await getAs(t.app, undefined, '/allProducts/Iphone?limit=6');
    expect(JSON.parse(before.body)).toEqual({ items: [], nextCursor: null });
    // Listed, and read at once with the command's position: the change notice may not have
    // reached the cache yet, the answer must show the listing anyway.
    const position = await list({ productName: 'iPhone 13', Brand: 'Iphone' });
    const after = await getAs(t.app, undefined, '/allProducts/Iphone?limit=6', position);
    expect(
      (JSON.parse(after.body) as { items: { productName: string }[] }).items.map(
        (product) => product.productName,
      ),
    ).toEqual(['iPhone 13']);
  });

  it("keeps each caller's bookings apart and shows a new booking to its buyer", async () => {
    const other = await registerUser(t.app, 'buyer', { name: 'Ola' });
    const productId = await listProduct(t.app, seller, { productName: 'Galaxy A52' });
    const mine = `/bookings?email=${encodeURIComponent(buyer.email)}`;
    expect((await getAs(t.app, buyer, mine)).json()).toEqual([]);
    const position = await bookProductAt(t.app, buyer, productId);
    const after = await getAs(t.app, buyer, mine, position);
    expect(after.json<{ productId: string }[]>().map((b) => b.productId)).toEqual([productId]);
    // Another caller asking for the same URL is refused, not served the cached answer.
    expect((await getAs(t.app, other, mine)).statusCode).toBe(403);
  });

  it('keeps answers made together for lifetimes of their own, so they expire apart', () =>
    withClock(async (skipTo) => {
      const pages = await askedOnce('Oppo', 24);
      const madeAgain = async (): Promise<number> => {
        let count = 0;
        for (const page of pages)
          count += await queriesDuring(() => getAs(t.app, undefined, page).then(() => undefined));
        return count;
      };
      skipTo(ANSWER_SHORTEST_LIFE_MS - 100);
      expect(await madeAgain()).toBe(0);
      // Halfway between the shortest and the longest life, some have expired and some not (all
      // on one side: a chance of 2 in 2^24).
      skipTo((ANSWER_SHORTEST_LIFE_MS + ANSWER_MAX_AGE_MS) / 2);
      const expired = await madeAgain();
      expect(expired).toBeGreaterThan(0);
      expect(expired).toBeLessThan(pages.length);
    }));

  it('drops expired answers as it caches new ones, not only when the size bound is reached', () =>
    withClock(async (skipTo) => {
      const pages = await askedOnce('Vivo', 12);
      const before = t.app.answerCache.held();
      expect(before.answers).toBeGreaterThanOrEqual(pages.length);
      // Every answer made so far has expired (the test above moved the clock ahead too, by less
      // than the longest life); the next one made drops them all.
      skipTo(2 * ANSWER_MAX_AGE_MS);
      expect((await getAs(t.app, undefined, '/allProducts/Vivo?limit=13')).statusCode).toBe(200);
      expect(t.app.answerCache.held().answers).toBe(1);
      expect(t.app.answerCache.held().bytes).toBeLessThan(before.bytes);
    }));
});

describe('whole GraphQL answers cached', () => {
  let t: TestApp;
  let seller: SignedInUser;
  let buyer: SignedInUser;
  let other: SignedInUser;
  const myBookings = 'query ($min: Float) { myBookings(minPosition: $min) { productId } }';

  beforeAll(async () => {
    t = await buildTestApp();
    const categoryNotices = await changeNotices(t, changeTopic('categories'));
    const sellerNotices = await changeNotices(t, changeTopic('sellers'));
    const seeded = await seedCategories(t.app);
    [seller, buyer, other] = await Promise.all([
      registerUser(t.app, 'seller', { name: 'Sid' }),
      registerUser(t.app, 'buyer', { name: 'Bo' }),
      registerUser(t.app, 'buyer', { name: 'Oz' }),
    ]);
    // A notice of the seeding arriving after a test's first answer would drop that answer from
    // the cache (the advertised products read the sellers): the tests start once they went by.
    await Promise.all([
      categoryNotices.until((change) => change.position >= seeded),
      sellerNotices.until(() => true),
    ]);
  });
  afterAll(() => t.close());

  const post = (source: string, user?: SignedInUser, variables: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: user ? bearer(user.accessToken) : {},
      payload: { query: source, variables },
    });
  /** Whether `send` was answered from a cached whole answer, and what it answered. */
  const cachedDuring = async (send: () => Promise<{ body: string }>) => {
    const sendWholeAnswer = vi.spyOn(t.app.answerCache, 'sendWholeAnswer');
    const read = vi.spyOn(t.app.answerCache, 'read');
    try {
      const { body } = await send();
      return {
        cached: sendWholeAnswer.mock.results.some((result) => result.value !== undefined),
        executed: read.mock.calls.length > 0,
        body,
      };
    } finally {
      sendWholeAnswer.mockRestore();
      read.mockRestore();
    }
  };
  const bookedIds = (body: string): string[] =>
    (JSON.parse(body) as { data: { myBookings: { productId: string }[] } }).data.myBookings.map(
      (booking) => booking.productId,
    );

  it('answers a repeated query from its cached bytes, without executing it', async () => {
    const first = await post('{ categories { title } advertisedProducts { _id } }');
    expect(first.statusCode).toBe(200);
    const again = await cachedDuring(() =>
      post('{ categories { title } advertisedProducts { _id } }'),
    );
    expect(again).toEqual({ cached: true, executed: false, body: first.body });
  });

  it("caches the web client's own queries, whose fields come from fragments", async () => {
    const products = print(ProductsDocument);
    expect(products).toContain('fragment ');
    const variables = { brand: 'Samsung', limit: 6 };
    const first = await post(products, buyer, variables);
    expect(first.statusCode).toBe(200);
    const again = await cachedDuring(() => post(products, buyer, variables));
    expect(again).toEqual({ cached: true, executed: false, body: first.body });
  });

  it('looks through fragments for the root fields: one read past the cache is not cached', async () => {
    const spreadAtRoot = `query { ...Root } fragment Root on Query { categories { title } me { email } }`;
    await post(spreadAtRoot, buyer);
    expect(await cachedDuring(() => post(spreadAtRoot, buyer))).toMatchObject({
      cached: false,
      executed: true,
    });
    const inlineAtRoot =
      '{ categories { title } ... on Query { ...Cached } } fragment Cached on Query { advertisedProducts { _id } }';
    const first = await post(inlineAtRoot);
    expect(first.statusCode).toBe(200);
    expect(await cachedDuring(() => post(inlineAtRoot))).toEqual({
      cached: true,
      executed: false,
      body: first.body,
    });
  });

  it("follows its parts: a buyer's new booking shows at once, another caller never sees it", async () => {
    expect(bookedIds((await post(myBookings, buyer)).body)).toEqual([]);
    expect(bookedIds((await post(myBookings, other)).body)).toEqual([]);
    const productId = await listProduct(t.app, seller, { productName: 'Pixel 6' });

    // Asked with the booking's position: never the answer cached before it.
    const notices = await changeNotices(t, changeTopic('bookings', buyer.uid));
    const position = await bookProductAt(t.app, buyer, productId);
    const withPosition = await cachedDuring(() => post(myBookings, buyer, { min: position }));
    expect(withPosition.cached).toBe(false);
    expect(bookedIds(withPosition.body)).toEqual([productId]);
    // Asked without one, once the change notice arrived: the same.
    // The buyer's first booking: any notice of their bookings is this one's.
    await notices.until(() => true);
    const plain = await cachedDuring(() => post(myBookings, buyer));
    expect(plain.cached).toBe(false);
    expect(bookedIds(plain.body)).toEqual([productId]);
    expect((await cachedDuring(() => post(myBookings, buyer))).cached).toBe(true);

    // The same body from another caller: that caller's own answer.
    const others = await cachedDuring(() => post(myBookings, other));
    expect(bookedIds(others.body)).toEqual([]);
  });

  it('caches a whole answer no longer than its oldest part would have been cached', async () => {
    const realNow = performance.now.bind(performance);
    let skipped = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => realNow() + skipped);
    try {
      await post('{ categories { _id } }');
      // Its categories part is still cached, whatever lifetime it drew, when a second query
      // reads it with a new part.
      skipped = ANSWER_SHORTEST_LIFE_MS - 1_000;
      const both = '{ categories { _id } advertisedProducts { _id } }';
      await post(both);
      expect((await cachedDuring(() => post(both))).cached).toBe(true);
      // Past the part's age limit the whole answer goes too, though its newer part would stay.
      skipped = ANSWER_MAX_AGE_MS + 500;
      expect((await cachedDuring(() => post(both))).cached).toBe(false);
    } finally {
      clock.mockRestore();
    }
  });

  it('caches no answer with a field read past the cache, nor a refusal', async () => {
    const withMe = '{ categories { title } me { email role } }';
    await post(withMe, buyer);
    const again = await cachedDuring(() => post(withMe, buyer));
    expect(again).toMatchObject({ cached: false, executed: true });

    // Categories are read, then myBookings is refused: an answer with an error is not cached.
    const refused = '{ categories { title } myBookings { productId } }';
    const anonymous = await post(refused);
    expect(
      anonymous.json<{ errors: { extensions: { code: string } }[] }>().errors[0]?.extensions.code,
    ).toBe('UNAUTHENTICATED');
    expect((await cachedDuring(() => post(refused))).cached).toBe(false);
  });
});
