import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  bookingOf,
  buildSeededMarket,
  getAs,
  listProductAt,
  type SeededMarket,
} from './helper.ts';

type Found = { items: { productName: string; sellingPrice: number }[]; nextCursor: string | null };

describe('GET /products and searchProducts: search, filters, order, pages', () => {
  let t: SeededMarket;
  let head = 0;

  const names = (body: Found) => body.items.map((item) => item.productName);
  const search = async (query: string, minPosition = head) => {
    const response = await getAs(t.app, undefined, `/products?${query}`, minPosition);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Found>();
  };
  const refusal = async (query: string) => {
    const response = await getAs(t.app, undefined, `/products?${query}`);
    return { status: response.statusCode, ...response.json<{ message: string; field?: string }>() };
  };

  beforeAll(async () => {
    t = await buildSeededMarket();
    const list = (overrides: Record<string, unknown>) => listProductAt(t.app, t.seller, overrides);
    await list({ productName: 'Galaxy S20 FE', about: 'Écran intact', sellingPrice: 310, year: 3 });
    await list({ productName: 'Galaxy Note 10', condition: 'Fair', sellingPrice: 250, year: 4 });
    await list({ productName: 'Reno 8', Brand: 'Oppo', condition: 'Excelent', sellingPrice: 400 });
    const { productId } = await list({ productName: 'Galaxy A52', sellingPrice: 180, year: 2 });
    const booked = await t.app.inject({
      method: 'POST',
      url: '/bookings',
      headers: bearer(t.buyer.accessToken),
      payload: bookingOf(t.buyer, productId),
    });
    expect(booked.statusCode).toBe(201);
    head = booked.json<{ position: number }>().position;
  });
  afterAll(() => t.close());

  it('finds word prefixes in any case and without accents, newest first, for anyone', async () => {
    expect(names(await search('q=GAL'))).toEqual(['Galaxy A52', 'Galaxy Note 10', 'Galaxy S20 FE']);
    expect(names(await search('q=ecr'))).toEqual(['Galaxy S20 FE']);
    expect(names(await search(`q=${encodeURIComponent('galaxy ÉCRAN')}`))).toEqual([
      'Galaxy S20 FE',
    ]);
    expect(names(await search('q=oppo'))).toEqual(['Reno 8']);
    expect(await search('q=nokia')).toEqual({ items: [], nextCursor: null });
  });

  it('filters by brand, price, condition, years and availability, and sorts by price', async () => {
    expect(names(await search('brand=Oppo'))).toEqual(['Reno 8']);
    expect(names(await search('minPrice=200&maxPrice=310&sort=priceAsc'))).toEqual([
      'Galaxy Note 10',
      'Galaxy S20 FE',
    ]);
    expect(names(await search('condition=Fair&condition=Excelent&sort=priceDesc'))).toEqual([
      'Reno 8',
      'Galaxy Note 10',
    ]);
    expect(names(await search('maxYears=2&q=galaxy'))).toEqual(['Galaxy A52']);
    expect(names(await search('available=true&q=galaxy'))).toEqual([
      'Galaxy Note 10',
      'Galaxy S20 FE',
    ]);
    // No seller is verified here.
    expect(names(await search('verified=true'))).toEqual([]);
  });

  it('pages with the cursor of the previous page, to the last', async () => {
    const first = await search('sort=priceAsc&limit=3');
    expect(names(first)).toEqual(['Galaxy A52', 'Galaxy Note 10', 'Galaxy S20 FE']);
    const second = await search(
      `sort=priceAsc&limit=3&after=${encodeURIComponent(first.nextCursor ?? '')}`,
    );
    expect(second).toMatchObject({ nextCursor: null });
    expect(names(second)).toEqual(['Reno 8']);
  });

  it('shows a new listing at once to a search asking for its position', async () => {
    expect(names(await search('q=pixel'))).toEqual([]);
    const { position } = await listProductAt(t.app, t.seller, { productName: 'Pixel 7' });
    expect(names(await search('q=pixel', position))).toEqual(['Pixel 7']);
  });

  it.each([
    ['minPrice=300&maxPrice=200', 'minPrice must not be more than maxPrice', 'minPrice'],
    ['minPrice=-1', 'minPrice must be >= 0', 'minPrice'],
    ['maxPrice=cheap', 'maxPrice must be number', 'maxPrice'],
    ['condition=Mint', 'condition must be equal to one of the allowed values', 'condition'],
    ['sort=cheapest', 'sort must be equal to one of the allowed values', 'sort'],
    ['maxYears=101', 'maxYears must be <= 100', 'maxYears'],
    ['verified=maybe', 'verified must be boolean', 'verified'],
    ['limit=0', 'limit must be >= 1', 'limit'],
    [`q=${'a'.repeat(201)}`, 'q must NOT have more than 200 characters', 'q'],
    ['after=nonsense', 'after is not a paging cursor of this list', 'after'],
  ])('refuses %s with 400 and says why', async (query, message, field) => {
    expect(await refusal(query)).toEqual({
      status: 400,
      statusCode: 400,
      error: 'Bad Request',
      message,
      field,
    });
  });

  it("refuses another order's cursor", async () => {
    const first = await search('sort=priceAsc&limit=1');
    expect(
      await refusal(`sort=newest&limit=1&after=${encodeURIComponent(first.nextCursor ?? '')}`),
    ).toMatchObject({ status: 400, field: 'after' });
  });

  describe('GraphQL searchProducts', () => {
    const graphql = async (variables: Record<string, unknown>) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/graphql',
          payload: {
            query: `query ($search: ProductSearch!, $limit: Int, $after: String, $min: Float) {
              searchProducts(search: $search, limit: $limit, after: $after, minPosition: $min) {
                items { productName sellerVerified } nextCursor
              }
            }`,
            variables,
          },
        })
      ).json<{
        data?: { searchProducts: Found };
        errors?: { message: string; extensions?: { code?: string } }[];
      }>();

    it('answers as GET /products does', async () => {
      const answer = await graphql({
        search: { q: 'galaxy', availableOnly: true, sort: 'priceDesc' },
        min: head,
      });
      expect(answer.errors).toBeUndefined();
      expect(names(answer.data!.searchProducts)).toEqual(['Galaxy S20 FE', 'Galaxy Note 10']);
      const page = await graphql({ search: { conditions: ['Good'] }, limit: 1, min: head });
      expect(page.data?.searchProducts.nextCursor).toEqual(expect.any(String));
    });

    it('refuses bad bounds with a clear message', async () => {
      const answer = await graphql({ search: { minPrice: 5, maxPrice: 1 } });
      expect(answer.errors?.[0]).toMatchObject({
        message: 'minPrice must not be more than maxPrice',
        extensions: { code: 'BAD_USER_INPUT' },
      });
      const negative = await graphql({ search: { maxYears: -2 } });
      expect(negative.errors?.[0]?.message).toBe('maxYears must be a number from 0 to 100');
    });
  });
});
