import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildSeededMarket, getAs, listingOf, type SeededMarket } from './helper.ts';

/*
 * A number too large for a double (`1e309`) reads as Infinity, which Ajv's coercion passes by its
 * bounds (finite-numbers.ts). Each route asking for a number answers it with a 400 naming the
 * field, as any other value out of its bounds.
 */

let t: SeededMarket;
beforeAll(async () => {
  t = await buildSeededMarket();
});
afterAll(() => t.close());

const refusal = (field: string) => ({
  statusCode: 400,
  error: 'Bad Request',
  message: `${field} must be a finite number`,
  field,
});

describe('numbers that are not finite', () => {
  it.each(['1e309', '-1e400', 'Infinity'])(
    'a page limit of %s is refused on every list, not answered with a 500',
    async (limit) => {
      const lists = [
        [t.admin, '/sellers'],
        [t.admin, '/users'],
        [t.seller, '/bookings/received'],
        [t.buyer, `/bookings?email=${encodeURIComponent(t.buyer.email)}`],
        [undefined, '/allProducts/Samsung'],
        [undefined, '/products'],
      ] as const;
      for (const [caller, url] of lists) {
        const response = await getAs(
          t.app,
          caller,
          `${url}${url.includes('?') ? '&' : '?'}limit=${limit}`,
        );
        expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
        expect(response.json()).toEqual(refusal('limit'));
      }
    },
  );

  it('a minPosition of 1e309 is refused before a read waits for it', async () => {
    const response = await getAs(t.app, t.buyer, '/allProducts/Samsung?minPosition=1e309');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal('minPosition'));
    // The wait for the read models to reach it (2 s, then this header) never began.
    expect(response.headers['x-read-models-behind']).toBeUndefined();
  });

  it('a price sent as "1e999" is refused and nothing is listed', async () => {
    const before = await getAs(
      t.app,
      t.seller,
      `/myProducts/${encodeURIComponent(t.seller.email)}`,
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/myProducts',
      headers: bearer(t.seller.accessToken),
      payload: listingOf(t.seller, { sellingPrice: '1e999' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal('sellingPrice'));
    const after = await getAs(t.app, t.seller, `/myProducts/${encodeURIComponent(t.seller.email)}`);
    expect(after.json()).toEqual(before.json());
  });

  it('finite numbers pass as before', async () => {
    const page = await getAs(t.app, t.admin, '/sellers?limit=5');
    expect(page.statusCode).toBe(200);
    const tooMany = await getAs(t.app, t.admin, '/sellers?limit=1e3');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ field: 'limit', message: 'limit must be <= 100' });
  });
});
