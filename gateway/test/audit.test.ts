import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import {
  bearer,
  bookingOf,
  buildSeededMarket,
  getAs,
  listProductAt,
  type SeededMarket,
} from './helper.ts';

interface Entry {
  position: number;
  streamId: string;
  type: string;
  description: string;
  actor: { uid: string; email: string; name: string | null; role: string | null };
  correlationId: string;
  links: { productIds: string[]; userIds: string[]; bookingIds: string[] };
}
interface Timeline {
  subject: { kind: string; id: string; label: string; streams: string[] } | null;
  matches: { kind: string; id: string; label: string }[];
  entries: Entry[];
  nextCursor: number | null;
  matching: number;
  eventTypes: string[];
}
interface Listing {
  sellingPrice: number;
  condition: string;
  about: string;
  picture: string;
  status: string;
  sellerVerified: boolean;
}
interface ThenAndNow {
  position: number;
  asOf: string | null;
  then: Listing | null;
  now: Listing | null;
}

/**
 * A seller lists a Galaxy at $600; a buyer books it and cancels; the seller lowers the price to
 * $550; an admin then verifies the seller. The admin's audit reads it all back.
 */
describe('the admins audit: timelines and time travel', () => {
  let t: SeededMarket;
  let productId: string;
  let bookingId: string;
  let bookedAt: number;

  beforeAll(async () => {
    t = await buildSeededMarket({ seller: 'Karim' });
    ({ productId } = await listProductAt(t.app, t.seller, { productName: 'Galaxy Audit Z9' }));
    const booked = await t.app.inject({
      method: 'POST',
      url: '/bookings',
      headers: bearer(t.buyer.accessToken),
      payload: bookingOf(t.buyer, productId),
    });
    expect(booked.statusCode).toBe(201);
    ({ insertedId: bookingId, position: bookedAt } = booked.json<{
      insertedId: string;
      position: number;
    }>());
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/bookings/${bookingId}/cancel`,
      headers: bearer(t.buyer.accessToken),
    });
    expect(cancelled.statusCode).toBe(200);
    const repriced = await t.app.inject({
      method: 'PATCH',
      url: `/myProducts/${productId}`,
      headers: bearer(t.seller.accessToken),
      payload: { sellingPrice: 550 },
    });
    expect(repriced.statusCode).toBe(200);
    // The admin finds the seller in the sellers' read model, as on their page: once it has them.
    await t.app.readModels.waitFor(await t.app.eventStore.headPosition());
    const verified = await t.app.inject({
      method: 'PUT',
      url: `/users/sellers/${encodeURIComponent(t.seller.email)}`,
      headers: bearer(t.admin.accessToken),
    });
    expect(verified.statusCode).toBe(200);
    await t.app.readModels.waitFor(await t.app.eventStore.headPosition());
  });
  afterAll(() => t.close());

  const timeline = async (query: string): Promise<Timeline> => {
    const response = await getAs(t.app, t.admin, `/admin/audit?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Timeline>();
  };

  it("a listing's timeline: every event in order, in words, with its actor and request", async () => {
    const found = await timeline(`stream=product-${productId}`);
    expect(found.subject).toMatchObject({
      kind: 'listing',
      id: productId,
      label: 'Galaxy Audit Z9',
      streams: [`product-${productId}`],
    });
    expect(found.entries.map((entry) => entry.type)).toEqual([
      'ProductListed',
      'ProductBooked',
      'ProductReleased',
      'ProductPriceChanged',
    ]);
    const positions = found.entries.map((entry) => entry.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const [listed, booked, , repriced] = found.entries;
    expect(listed?.description).toBe('"Galaxy Audit Z9" (Samsung, Good) listed at $600');
    expect(listed?.actor).toEqual({
      uid: t.seller.uid,
      email: t.seller.email,
      name: 'Karim',
      role: 'seller',
    });
    expect(listed?.correlationId).toMatch(/.+/);
    expect(repriced?.description).toBe('price changed to $550');
    expect(booked?.links).toEqual({
      productIds: [productId],
      userIds: [t.buyer.uid, t.seller.uid],
      bookingIds: [bookingId],
    });
    expect(found.nextCursor).toBeNull();
    expect(found.matching).toBe(4);
  });

  it('filters by kind of event and by actor (uid or e-mail), and pages by position', async () => {
    const priced = await timeline(
      `stream=product-${productId}&type=ProductPriceChanged&type=ProductListed`,
    );
    expect(priced.entries.map((entry) => entry.type)).toEqual([
      'ProductListed',
      'ProductPriceChanged',
    ]);
    expect(priced.eventTypes).toContain('ProductBooked');
    const byBuyer = await timeline(
      `stream=product-${productId}&actor=${encodeURIComponent(t.buyer.email.toUpperCase())}`,
    );
    expect(byBuyer.entries.map((entry) => entry.type)).toEqual([
      'ProductBooked',
      'ProductReleased',
    ]);

    const first = await timeline(`stream=product-${productId}&limit=3`);
    expect(first.entries).toHaveLength(3);
    expect(first.nextCursor).toBe(first.entries[2]?.position);
    const second = await timeline(`stream=product-${productId}&limit=3&after=${first.nextCursor}`);
    expect(second.entries.map((entry) => entry.type)).toEqual(['ProductPriceChanged']);
    expect(second.nextCursor).toBeNull();
  });

  it("a user's timeline by e-mail holds their account's and seller record's streams", async () => {
    const found = await timeline(`email=${encodeURIComponent(t.seller.email)}`);
    expect(found.subject).toMatchObject({
      kind: 'user',
      id: t.seller.uid,
      streams: [`user-${t.seller.uid}`, `seller-${t.seller.uid}`],
    });
    const verified = found.entries.find((entry) => entry.type === 'SellerVerified');
    expect(verified?.description).toBe('seller verified');
    expect(verified?.actor.role).toBe('admin');
  });

  it('searches by e-mail, listing name or id', async () => {
    const byName = await timeline(`q=${encodeURIComponent('galaxy audit')}`);
    expect(byName.subject).toMatchObject({ kind: 'listing', id: productId });
    const byId = await timeline(`q=${bookingId}`);
    expect(byId.subject).toMatchObject({ kind: 'booking', id: bookingId });
    expect(byId.entries.map((entry) => entry.type)).toEqual(['BookingPlaced', 'BookingCancelled']);
    const byEmail = await timeline(`q=${encodeURIComponent(t.buyer.email)}`);
    expect(byEmail.subject).toMatchObject({ kind: 'user', id: t.buyer.uid });
    const nothing = await timeline('q=nothing-is-called-this');
    expect(nothing).toMatchObject({ subject: null, matches: [], entries: [] });
  });

  it('time travel: the listing as it was at the booking, beside today', async () => {
    const response = await getAs(t.app, t.admin, `/admin/products/${productId}/as-of/${bookedAt}`);
    expect(response.statusCode, response.body).toBe(200);
    const { then, now, asOf } = response.json<ThenAndNow>();
    expect(then).toMatchObject({ sellingPrice: 600, status: 'booked', sellerVerified: false });
    expect(now).toMatchObject({ sellingPrice: 550, status: 'available', sellerVerified: true });
    expect(then?.picture).toMatch(/^http:\/\/.+\/images\/00000000-0000-4000-8000-000000000000/);
    expect(asOf).toMatch(/^\d{4}-/);
    const before = await getAs(t.app, t.admin, `/admin/products/${productId}/as-of/0`);
    expect(before.json<ThenAndNow>().then).toBeNull();
  });

  it('bad input is a 4xx that says what is wrong, never a 500; odd text is just searched', async () => {
    const cases: [string, number][] = [
      ['/admin/audit', 400],
      [`/admin/audit?stream=product-${productId}&q=x`, 400],
      ['/admin/audit?stream=nothing', 400],
      ['/admin/audit?stream=product-unknown-one', 404],
      ['/admin/audit?email=nobody%40example.test', 404],
      ['/admin/audit?email=not-an-email', 400],
      [`/admin/audit?stream=product-${productId}&limit=0`, 400],
      [`/admin/audit?stream=product-${productId}&limit=201`, 400],
      [`/admin/audit?stream=product-${productId}&after=-1`, 400],
      [`/admin/audit?stream=product-${productId}&type=${'x'.repeat(65)}`, 400],
      [`/admin/audit?q=${'x'.repeat(201)}`, 400],
      ['/admin/audit?q=%20%20%20', 400],
      [`/admin/audit?q=${encodeURIComponent('%_*"\'<script>')}`, 200],
      [`/admin/audit?q=${encodeURIComponent('Ωmega — ñandú 📱')}`, 200],
      ['/admin/audit?q=product-', 200],
      [`/admin/audit?stream=product-${productId}&after=1e400`, 400],
      [`/admin/products/${productId}/as-of/-1`, 400],
      [`/admin/products/${productId}/as-of/1e400`, 400],
      [`/admin/products/${productId}/as-of/abc`, 400],
      ['/admin/products/no%20such/as-of/1', 400],
      ['/admin/products/unknown-listing/as-of/1', 404],
    ];
    const actual = await Promise.all(
      cases.map(async ([url]) => {
        const response = await getAs(t.app, t.admin, url);
        const { message } = response.json<{ message?: string }>();
        return { url, status: response.statusCode, message: message ?? '' };
      }),
    );
    expect(actual.map(({ url, status }) => [url, status])).toEqual(cases);
    for (const { url, status, message } of actual)
      if (status >= 400) expect(message, url).toMatch(/.+/);
  });

  it('admins only: 401 signed out, 403 for buyers and sellers', async () => {
    for (const url of [
      `/admin/audit?stream=product-${productId}`,
      `/admin/products/${productId}/as-of/1`,
    ]) {
      expect((await getAs(t.app, undefined, url)).statusCode).toBe(401);
      expect((await getAs(t.app, t.buyer, url)).statusCode).toBe(403);
      expect((await getAs(t.app, t.seller, url)).statusCode).toBe(403);
    }
  });

  it('GraphQL answers as REST does', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: bearer(t.admin.accessToken),
      payload: {
        query: `query ($stream: String, $id: ID!, $at: Float!) {
          auditTimeline(stream: $stream, types: ["ProductPriceChanged"]) {
            subject { kind label }
            entries { type description actor { name role } }
          }
          listingAsOf(productId: $id, position: $at) {
            then { sellingPrice sellerVerified }
            now { sellingPrice sellerVerified }
          }
        }`,
        variables: { stream: `product-${productId}`, id: productId, at: bookedAt },
      },
    });
    expect(response.json()).toEqual({
      data: {
        auditTimeline: {
          subject: { kind: 'listing', label: 'Galaxy Audit Z9' },
          entries: [
            {
              type: 'ProductPriceChanged',
              description: 'price changed to $550',
              actor: { name: 'Karim', role: 'seller' },
            },
          ],
        },
        listingAsOf: {
          then: { sellingPrice: 600, sellerVerified: false },
          now: { sellingPrice: 550, sellerVerified: true },
        },
      },
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: bearer(t.admin.accessToken),
      payload: { query: `{ auditTimeline(q: "${'x'.repeat(201)}") { matching } }` },
    });
    expect(
      refused.json<{ errors: { extensions: { code: string } }[] }>().errors[0]?.extensions,
    ).toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it("auditTimelineChanged announces a new event of the listing's stream", async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = createClient({
      url: `${address.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${t.admin.accessToken}` },
      retryAttempts: 0,
    });
    const head = await t.app.eventStore.headPosition();
    // From the head on: the change is announced live, or by the catch-up should the
    // subscription start after it; either way, exactly that stream at that position.
    const iterator = client.iterate<{
      auditTimelineChanged: { topic: string; position: number; ids: string[] };
    }>({
      query: `subscription ($streams: [String!]!, $after: Float) {
        auditTimelineChanged(streams: $streams, after: $after) { topic position ids }
      }`,
      variables: { streams: [`product-${productId}`, `booking-${bookingId}`], after: head },
    });
    try {
      const next = iterator.next();
      const repriced = await t.app.inject({
        method: 'PATCH',
        url: `/myProducts/${productId}`,
        headers: bearer(t.seller.accessToken),
        payload: { sellingPrice: 499 },
      });
      expect(repriced.statusCode).toBe(200);
      const { value } = await next;
      expect(value?.data?.auditTimelineChanged).toEqual({
        topic: 'audit',
        position: repriced.json<{ position: number }>().position,
        ids: [`product-${productId}`],
      });
    } finally {
      await iterator.return?.();
      await client.dispose();
    }
  });
});
