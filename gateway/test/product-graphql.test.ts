import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { changeTopic } from '@resale/workers';
import {
  bearer,
  bookProductAt,
  buildSeededMarket,
  changeNotices,
  getAs,
  listProductAt,
  type SeededMarket,
  type SignedInUser,
} from './helper.ts';
import type { Change } from '../src/graphql/generated.ts';

/** The fields of ListedProduct: those a product's page shares with a list's item. */
const listedFields = `_id productName picture address year buyingPrice sellingPrice sellerName
  condition phone about postTime Brand email sellerEmail booked reported advertised available
  status sellerVerified hidden hiddenReason reviewRequested`;
const productFields = `${listedFields} priceHistory { price at }
  seller { name verified memberSince listings completedSales }`;

type Answer = { data?: Record<string, Change> | null; errors?: { message: string }[] };

describe('GraphQL: a product’s page (product) and its live changes (productChanged)', () => {
  let t: SeededMarket;
  let url: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    t = await buildSeededMarket({ seller: 'Graph Seller' });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/graphql`;
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await t.close();
  });

  const query = async (user: SignedInUser, productId: string, minPosition?: number) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: bearer(user.accessToken),
      payload: {
        query: `query ($id: ID!, $minPosition: Float) {
          product(id: $id, minPosition: $minPosition) { ${productFields} }
        }`,
        variables: { id: productId, minPosition },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { product: Record<string, unknown> | null } }>().data.product;
  };
  const patch = (user: SignedInUser, productId: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PATCH',
      url: `/myProducts/${productId}`,
      headers: bearer(user.accessToken),
      payload,
    });

  const subscribe = (user: SignedInUser | undefined, productId: string, after?: number) => {
    const client = createClient({
      url,
      webSocketImpl: WebSocket,
      connectionParams: user ? { authorization: `Bearer ${user.accessToken}` } : {},
      retryAttempts: 0,
    });
    clients.push(client);
    const iterator = client.iterate<Record<string, Change>>({
      query: `subscription { productChanged(id: "${productId}"${
        after === undefined ? '' : `, after: ${after}`
      }) { topic position ids } }`,
    });
    const next = (timeoutMs = 5_000): Promise<Answer> =>
      Promise.race([
        iterator.next().then((result) => result.value as Answer),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`no message within ${timeoutMs} ms`)), timeoutMs),
        ),
      ]);
    return { next, stop: () => iterator.return?.() };
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
  /** Subscribed, and live: the catch-up Change for `after` just below the read models arrived. */
  const subscribeLive = async (user: SignedInUser, productId: string) => {
    const reached = await t.app.eventStore.headPosition();
    await t.app.readModels.waitFor(reached);
    const subscription = subscribe(user, productId, reached - 1);
    expect((await subscription.next()).data?.productChanged?.ids).toEqual([]);
    return subscription;
  };

  it('answers what GET /products/{id} answers', async () => {
    const { productId, position } = await listProductAt(t.app, t.seller, { sellingPrice: 420 });
    const rest = await getAs(t.app, t.buyer, `/products/${productId}`, position);
    expect(await query(t.buyer, productId, position)).toEqual(rest.json());
  });

  it('one fragment on ListedProduct reads a product’s page and a list’s item alike', async () => {
    const { productId, position } = await listProductAt(t.app, t.seller, { Brand: 'Samsung' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: bearer(t.buyer.accessToken),
      payload: {
        query: `query ($id: ID!, $minPosition: Float) {
          product(id: $id, minPosition: $minPosition) { ...Listed __typename }
          products(brand: "Samsung", limit: 100, minPosition: $minPosition) {
            items { ...Listed __typename }
          }
        }
        fragment Listed on ListedProduct { ${listedFields} }`,
        variables: { id: productId, minPosition: position },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    type Listed = Record<string, unknown> & { _id: string; __typename: string };
    const { product, products } = response.json<{
      data: { product: Listed; products: { items: Listed[] } };
    }>().data;
    const item = products.items.find(({ _id }) => _id === productId);
    expect(product.__typename).toBe('ProductDetails');
    expect(item?.__typename).toBe('Product');
    expect({ ...product, __typename: 'Product' }).toEqual(item);
  });

  it('null for an unknown product, and for one taken off sale unless the caller is its seller or an admin', async () => {
    expect(await query(t.buyer, 'no-such-product')).toBeNull();
    const { productId } = await listProductAt(t.app, t.seller);
    const offSale = await t.app.inject({
      method: 'POST',
      url: `/myProducts/${productId}/withdraw`,
      headers: bearer(t.seller.accessToken),
    });
    const { position } = offSale.json<{ position: number }>();
    expect(await query(t.buyer, productId, position)).toBeNull();
    expect(await query(t.seller, productId, position)).toMatchObject({ status: 'withdrawn' });
    expect(await query(t.admin, productId, position)).toMatchObject({ status: 'withdrawn' });
    expect(await query(t.buyer, productId)).toBeNull();
  });

  it('a cached answer follows an edit as soon as its change notice arrives', async () => {
    const { productId, position } = await listProductAt(t.app, t.seller, { sellingPrice: 500 });
    expect(await query(t.buyer, productId, position)).toMatchObject({ sellingPrice: 500 });
    const notices = await changeNotices(t, changeTopic('sellerProducts', t.seller.uid));
    const edited = (await patch(t.seller, productId, { sellingPrice: 480 })).json<{
      position: number;
    }>();
    await notices.until((change) => change.position >= edited.position);
    expect(await query(t.buyer, productId)).toMatchObject({
      sellingPrice: 480,
      priceHistory: [
        expect.objectContaining({ price: 500 }),
        expect.objectContaining({ price: 480 }),
      ],
    });
  });

  it('productChanged tells an open page of an edit, a booking and a sale elsewhere', async () => {
    const { productId } = await listProductAt(t.app, t.seller);
    const page = await subscribeLive(t.buyer, productId);

    const edited = (await patch(t.seller, productId, { about: 'Now with a case' })).json<{
      position: number;
    }>();
    const afterEdit = await page.next();
    expect(afterEdit.data?.productChanged).toMatchObject({
      topic: 'sellerProducts',
      position: edited.position,
      ids: [productId],
    });

    await bookProductAt(t.app, t.buyer, productId);
    const afterBooking = await page.next();
    expect(afterBooking.data?.productChanged?.ids).toEqual([productId]);
    expect(afterBooking.data?.productChanged?.position).toBeGreaterThan(edited.position);
    await page.stop();

    const { productId: other } = await listProductAt(t.app, t.seller);
    const otherPage = await subscribeLive(t.buyer, other);
    const sold = (
      await t.app.inject({
        method: 'POST',
        url: `/myProducts/${other}/sold`,
        headers: bearer(t.seller.accessToken),
      })
    ).json<{ position: number }>();
    expect((await otherPage.next()).data?.productChanged).toMatchObject({
      position: sold.position,
      ids: [other],
    });
    expect(await query(t.buyer, other, sold.position)).toMatchObject({ status: 'sold' });
    await otherPage.stop();
  });

  it('productChanged refuses an unknown product and anonymous callers', async () => {
    expect(await refusalOf(subscribe(t.buyer, 'no-such-product'))).toBe(
      'This product does not exist',
    );
    const { productId, position } = await listProductAt(t.app, t.seller);
    await t.app.readModels.waitFor(position);
    expect(await refusalOf(subscribe(undefined, productId))).toBe('Sign in to continue');
  });
});
