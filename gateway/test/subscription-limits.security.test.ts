import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, registerUser, type SignedInUser, type TestApp } from './helper.ts';

const PER_CONNECTION = 3;
const PER_CALLER = 5;

/** What became of a subscription: its first message came (accepted), or it was refused. */
type Outcome = { accepted: true; stop: () => void } | { accepted: false; messages: string[] };

describe('subscriptions: how many, and how large their arguments', () => {
  let t: TestApp;
  let url: string;
  let buyer: SignedInUser;
  let other: SignedInUser;
  const clients: Client[] = [];

  beforeAll(async () => {
    t = await buildTestApp({
      SUBSCRIPTIONS_PER_CONNECTION: String(PER_CONNECTION),
      SUBSCRIPTIONS_PER_CALLER: String(PER_CALLER),
    });
    url = `${(await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/graphql`;
    [buyer, other] = await Promise.all([
      registerUser(t.app, 'buyer'),
      registerUser(t.app, 'buyer'),
    ]);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await t.close();
  });

  const connect = (user?: SignedInUser): Client => {
    const client = createClient({
      url,
      webSocketImpl: WebSocket,
      connectionParams: user ? { authorization: `Bearer ${user.accessToken}` } : {},
      retryAttempts: 0,
      lazy: false,
    });
    clients.push(client);
    return client;
  };

  /**
   * Subscribes from before the first position, so that an accepted subscription is answered at
   * once with its catch-up change.
   */
  const open = (client: Client, brand = 'Samsung', viaVariables = false): Promise<Outcome> =>
    new Promise((resolve, reject) => {
      const query = viaVariables
        ? 'subscription ($brand: String!) { productsChanged(brand: $brand, after: -1) { position } }'
        : `subscription { productsChanged(brand: ${JSON.stringify(brand)}, after: -1) { position } }`;
      const stop = client.subscribe(
        { query, ...(viaVariables ? { variables: { brand } } : {}) },
        {
          next: (result) =>
            resolve(
              result.errors
                ? { accepted: false, messages: result.errors.map((e) => e.message) }
                : { accepted: true, stop },
            ),
          error: (error) =>
            resolve({
              accepted: false,
              messages: (Array.isArray(error) ? error : [error as Error]).map((e) => e.message),
            }),
          complete: () => reject(new Error('completed before its first message')),
        },
      );
    });

  it(`a connection holds at most ${PER_CONNECTION} at once; one more is refused with a message`, async () => {
    const client = connect(buyer);
    const held: Outcome[] = [];
    for (let i = 0; i < PER_CONNECTION; i += 1) held.push(await open(client));
    expect(held.map((outcome) => outcome.accepted)).toEqual([true, true, true]);
    expect(await open(client)).toEqual({
      accepted: false,
      messages: [
        `A connection may hold at most ${PER_CONNECTION} subscriptions at once; complete one first`,
      ],
    });
    // Completing one makes room for another.
    const [first] = held;
    if (first?.accepted) first.stop();
    await expect.poll(async () => (await open(client)).accepted).toBe(true);
    await client.dispose();
  });

  it(`a caller holds at most ${PER_CALLER} over all their connections; others are not held up`, async () => {
    const [a, b] = [connect(other), connect(other)];
    const outcomes: Outcome[] = [];
    for (let i = 0; i < PER_CONNECTION; i += 1) outcomes.push(await open(a));
    for (let i = 0; i < PER_CALLER - PER_CONNECTION; i += 1) outcomes.push(await open(b));
    expect(outcomes.every((outcome) => outcome.accepted)).toBe(true);
    expect(await open(b)).toEqual({
      accepted: false,
      messages: [
        `You may hold at most ${PER_CALLER} subscriptions at once over all your connections; complete one first`,
      ],
    });
    // Closing a connection gives its subscriptions back.
    await a.dispose();
    await expect.poll(async () => (await open(b)).accepted).toBe(true);
    await b.dispose();
  });

  it.each([
    ['in the document', false],
    ['in its variables', true],
  ])(
    'a brand longer than REST takes (200 characters), %s, is refused',
    async (_where, viaVariables) => {
      const client = connect(buyer);
      for (const brand of ['x'.repeat(201), 'x'.repeat(60_000)]) {
        if (!viaVariables && brand.length > 1_000) continue;
        expect(await open(client, brand, viaVariables)).toEqual({
          accepted: false,
          messages: ['brand must not have more than 200 characters'],
        });
      }
      expect((await open(client, 'x'.repeat(200), viaVariables)).accepted).toBe(true);
      await client.dispose();
    },
  );
});
