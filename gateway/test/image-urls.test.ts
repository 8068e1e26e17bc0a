import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryStreamId, productStreamId, systemActor } from '@resale/events';
import {
  buildSeededMarket,
  buildTestApp,
  getAs,
  listProduct,
  type SeededMarket,
  type SignedInUser,
} from './helper.ts';

const name = '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d.png';

describe('image URLs in answers, when HOST, PORT or PUBLIC_URL change on a data folder', () => {
  let t: SeededMarket;
  let seller: SignedInUser;
  let productId: string;
  let oldProductId: string;

  const graphql = async (source: string): Promise<Record<string, unknown>> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: source },
    });
    return response.json<{ data: Record<string, unknown> }>().data;
  };

  beforeAll(async () => {
    t = await buildSeededMarket();
    ({ seller } = t);
    // Listed with the URL the upload answered under http://127.0.0.1:5000.
    productId = await listProduct(t.app, seller, {
      Brand: 'Oppo',
      picture: `http://127.0.0.1:5000/images/${name}`,
    });
    // As written before images were stored by name: version 1, the URL of the port of the time.
    oldProductId = randomUUID();
    const metadata = {
      ...systemActor,
      occurredAt: '2026-10-01T08:00:00.000Z',
      correlationId: 'old',
      causationId: 'old',
    };
    await t.app.eventStore.append(
      categoryStreamId('nokia'),
      [
        {
          eventId: randomUUID(),
          event: {
            type: 'CategoryCreated',
            schemaVersion: 1,
            data: {
              categoryId: 'nokia',
              title: 'Nokia',
              image: `http://127.0.0.1:4000/images/${name}`,
            },
          },
          metadata,
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await t.app.eventStore.append(
      productStreamId(oldProductId),
      [
        {
          eventId: randomUUID(),
          event: {
            type: 'ProductListed',
            schemaVersion: 1,
            data: {
              productId: oldProductId,
              productName: 'Nokia 3310',
              picture: `http://localhost:4000/images/${name}`,
              address: 'Dhaka',
              year: 20,
              buyingPrice: 50,
              sellingPrice: 10,
              sellerName: seller.name,
              condition: 'Fair',
              phone: '017',
              about: 'Indestructible',
              postTime: '2026-10-01T08:00:00.000Z',
              Brand: 'Nokia',
              email: seller.email,
              sellerEmail: seller.email,
              sellerUid: seller.uid,
            },
          },
          metadata,
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    // The same data folder, now answering under another address.
    await t.close({ keepData: true });
    t = { ...t, ...(await buildTestApp({ PUBLIC_URL: 'https://market.example/' }, t.dataDir)) };
  });
  afterAll(() => t.close());

  it('REST answers the pictures of new and old events under the PUBLIC_URL of now', async () => {
    const head = await t.app.eventStore.headPosition();
    const categories = (await getAs(t.app, undefined, '/categories', head)).json<
      { _id: string; image: string }[]
    >();
    expect(categories.map(({ image }) => image)).toEqual([
      'https://market.example/images/samsung.png',
      'https://market.example/images/oppo.png',
      'https://market.example/images/iphone.png',
      `https://market.example/images/${name}`,
    ]);
    const oppo = (await getAs(t.app, undefined, '/allProducts/Oppo', head)).json<
      { _id: string; picture: string }[]
    >();
    expect(oppo).toEqual([
      expect.objectContaining({ _id: productId, picture: `https://market.example/images/${name}` }),
    ]);
    const nokia = (await getAs(t.app, undefined, '/allProducts/Nokia', head)).json<
      { _id: string; picture: string }[]
    >();
    expect(nokia).toEqual([
      expect.objectContaining({
        _id: oldProductId,
        picture: `https://market.example/images/${name}`,
      }),
    ]);
  });

  it('GraphQL answers them the same', async () => {
    const head = await t.app.eventStore.headPosition();
    await t.app.readModels.waitFor(head);
    expect(
      await graphql(`
        {
          categories {
            image
          }
          products(brand: "Nokia") {
            items {
              picture
            }
          }
        }
      `),
    ).toEqual({
      categories: [
        { image: 'https://market.example/images/samsung.png' },
        { image: 'https://market.example/images/oppo.png' },
        { image: 'https://market.example/images/iphone.png' },
        { image: `https://market.example/images/${name}` },
      ],
      products: { items: [{ picture: `https://market.example/images/${name}` }] },
    });
  });
});
