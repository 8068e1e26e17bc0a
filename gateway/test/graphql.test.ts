import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildSeededMarket,
  bookingOf,
  buildTestApp,
  listProduct,
  type SignedInUser,
  type SeededMarket,
  type TestApp,
} from './helper.ts';

interface GraphqlAnswer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

describe('GraphQL queries at /graphql', () => {
  let t: SeededMarket;
  let seller: SignedInUser;
  let buyer: SignedInUser;
  let admin: SignedInUser;

  beforeAll(async () => {
    t = await buildSeededMarket();
    ({ seller, buyer, admin } = t);
  });
  afterAll(() => t.close());

  const query = async (
    source: string,
    user?: SignedInUser,
    variables: Record<string, unknown> = {},
  ): Promise<GraphqlAnswer> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: user ? bearer(user.accessToken) : {},
      payload: { query: source, variables },
    });
    return response.json<GraphqlAnswer>();
  };

  it("answers categories and a brand's products page to anyone, after minPosition", async () => {
    await listProduct(t.app, seller, { Brand: 'Oppo', productName: 'A57' });
    const head = await t.app.eventStore.headPosition();
    const answer = await query(
      `query ($min: Float) {
        categories { title }
        products(brand: "Oppo", limit: 5, minPosition: $min) {
          items { productName booked Brand } nextCursor
        }
      }`,
      undefined,
      { min: head },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({
      categories: [{ title: 'Samsung' }, { title: 'Oppo' }, { title: 'Iphone' }],
      products: { items: [{ productName: 'A57', booked: false, Brand: 'Oppo' }], nextCursor: null },
    });
  });

  it('me is null for anonymous callers and the caller otherwise', async () => {
    expect((await query('{ me { email } }')).data).toEqual({ me: null });
    expect((await query('{ me { email role isSeller } }', seller)).data).toEqual({
      me: { email: seller.email, role: 'seller', isSeller: true },
    });
  });

  it("myBookings are the caller's own, after the booking's position", async () => {
    const productId = await listProduct(t.app, seller);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/bookings',
      headers: bearer(buyer.accessToken),
      payload: bookingOf(buyer, productId),
    });
    const answer = await query(
      'query ($min: Float) { myBookings(minPosition: $min) { productId email } }',
      buyer,
      { min: booked.json().position },
    );
    expect(answer.data).toEqual({ myBookings: [{ productId, email: buyer.email }] });
    expect((await query('{ myBookings { productId } }', seller)).data).toEqual({ myBookings: [] });
  });

  it('refuses anonymous callers with UNAUTHENTICATED and non-admins with FORBIDDEN', async () => {
    const anonymous = await query('{ myBookings { _id } }');
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    for (const field of ['users { _id }', 'sellers { _id }', 'reportedProducts { _id }']) {
      const answer = await query(`{ ${field} }`, buyer);
      expect(answer.errors?.[0]).toMatchObject({
        message: 'Only an admin can do this',
        extensions: { code: 'FORBIDDEN' },
      });
    }
    expect((await query('{ myProducts { _id } }', buyer)).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
  });

  it('answers a repeated query (run compiled after its first time) exactly as the first', async () => {
    const source = `query ($brand: String!) {
      products(brand: $brand, limit: 3) { items { productName Brand } nextCursor }
      myBookings { _id }
    }`;
    const answers = [];
    for (let run = 0; run < 4; run++)
      answers.push(await query(source, undefined, { brand: 'Oppo' }));
    expect(answers[0]?.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
    const signedIn = [];
    for (let run = 0; run < 3; run++) signedIn.push(await query(source, buyer, { brand: 'Oppo' }));
    expect(signedIn[0]?.errors).toBeUndefined();
    for (const answer of signedIn.slice(1)) expect(answer).toEqual(signedIn[0]);
    // A wrong variable is refused the same way on every run.
    for (let run = 0; run < 3; run++)
      expect((await query(source, buyer, { brand: 7 })).errors?.[0]?.message).toMatch(/brand/);
  });

  it('answers queries sent as GET (as the web client sends them) like POSTed ones, and refuses mutations', async () => {
    const source = 'query ($brand: String!) { products(brand: $brand, limit: 3) { nextCursor } }';
    const variables = { brand: 'Oppo' };
    const get = (text: string, vars: Record<string, unknown>) =>
      t.app.inject({
        url: `/graphql?${new URLSearchParams({ query: text, variables: JSON.stringify(vars) }).toString()}`,
        headers: bearer(buyer.accessToken),
      });
    const viaGet = await get(source, variables);
    expect(viaGet.statusCode).toBe(200);
    expect(viaGet.json()).toEqual(await query(source, buyer, variables));
    // Commands are REST calls; whatever a mutation would be, GET never runs one.
    expect((await get('mutation { __typename }', {})).statusCode).toBe(405);
  });

  it('lets admins list users, sellers and reported products', async () => {
    const head = await t.app.eventStore.headPosition();
    const answer = await query(
      `query ($min: Float) {
        users(minPosition: $min) { email role }
        sellers { sellerEmail verified }
        reportedProducts { _id }
      }`,
      admin,
      { min: head },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.users).toContainEqual({ email: admin.email, role: 'admin' });
    expect(answer.data?.sellers).toContainEqual({ sellerEmail: seller.email, verified: false });
  });

  it('refuses an expired or forged token instead of treating the caller as anonymous', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: bearer('forged.token.value'),
      payload: { query: '{ me { email } }' },
    });
    expect(response.json<GraphqlAnswer>().errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('limits the query depth', async () => {
    const deep = await query(
      '{ __schema { types { fields { type { ofType { ofType { ofType { ofType { name } } } } } } } } }',
    );
    expect(deep.errors?.[0]?.message).toMatch(/depth/);
  });

  it('serves GraphiQL and introspection outside production', async () => {
    expect((await t.app.inject({ url: '/graphiql' })).statusCode).toBe(200);
    expect((await query('{ __schema { queryType { name } } }')).data).toEqual({
      __schema: { queryType: { name: 'Query' } },
    });
  });
});

describe('GraphQL in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      NODE_ENV: 'production',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      ACCESS_TOKEN_SECRET: 'a-production-secret-of-at-least-32-characters',
    });
  });
  afterAll(() => t.close());

  it('turns GraphiQL and introspection off', async () => {
    expect((await t.app.inject({ url: '/graphiql' })).statusCode).toBe(404);
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ __schema { queryType { name } } }' },
    });
    expect(response.json<GraphqlAnswer>().errors?.[0]?.message).toMatch(/introspection/i);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ categories { title } }' },
    });
    expect(plain.json()).toEqual({ data: { categories: [] } });
  });
});
