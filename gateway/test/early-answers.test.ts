import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeTopic } from '@resale/workers';
import {
  bearer,
  buildSeededMarket,
  changeNotices,
  listProductAt,
  registerUser,
  type SignedInUser,
  type SeededMarket,
} from './helper.ts';
import { SIGNED_IN_CACHE_CONTROL } from '../src/plugins/external/security.ts';

const webOrigin = 'http://127.0.0.1:3000';

/** The headers of an answer that are the same for every answer of a request line. */
const lastingHeaders = (response: Response): Record<string, string> => {
  const headers = Object.fromEntries(response.headers);
  delete headers['date'];
  delete headers['x-request-id'];
  delete headers['keep-alive'];
  delete headers['connection'];
  return headers;
};

describe("early answers (cached answers sent from Node's request event, before routing)", () => {
  let t: SeededMarket;
  let base: string;
  let seller: SignedInUser;
  let admin: SignedInUser;

  beforeAll(async () => {
    t = await buildSeededMarket({ seller: 'Sam' });
    ({ seller, admin } = t);
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  /** Runs `requests` and answers how many calls the app made meanwhile to the cache's `method`. */
  const callsDuring = async (
    method: 'send' | 'sendWholeAnswer',
    requests: () => Promise<void>,
  ): Promise<number> => {
    const spy = vi.spyOn(t.app.answerCache, method);
    try {
      await requests();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  };
  /** How many of the REST reads `requests` makes reached the app (through Fastify). */
  const appAnswersDuring = (requests: () => Promise<void>): Promise<number> =>
    callsDuring('send', requests);
  /**
   * A new buyer, once the users read model's notice of the registration was heard: it drops the
   * callers' cached states, which must not happen between two reads a test compares. (The read
   * model may have applied the event before the notice is delivered, so its position alone won't do.)
   */
  const registerBuyer = async (name: string): Promise<SignedInUser> => {
    const usersNotices = await changeNotices(t, changeTopic('users'));
    const buyer = await registerUser(t.app, 'buyer', { name });
    const registered = await t.app.eventStore.headPosition();
    await usersNotices.until((change) => change.position >= registered);
    return buyer;
  };

  it('answers a repeated public read early, with the bytes and headers the app answered', async () => {
    const first = await fetch(`${base}/categories`, { headers: { origin: webOrigin } });
    const firstBody = await first.text();
    expect(first.status).toBe(200);
    let again: Response | undefined;
    let againBody = '';
    expect(
      await appAnswersDuring(async () => {
        again = await fetch(`${base}/categories`, { headers: { origin: webOrigin } });
        againBody = await again.text();
      }),
    ).toBe(0);
    expect(again?.status).toBe(200);
    expect(againBody).toBe(firstBody);
    expect(again && lastingHeaders(again)).toEqual(lastingHeaders(first));
    // CORS for the web client's origin and the API's security headers, as the app sends them.
    expect(again?.headers.get('access-control-allow-origin')).toBe(webOrigin);
    expect(again?.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(again?.headers.get('content-length')).toBe(String(Buffer.byteLength(againBody)));
    // Each answer has its own request id; a sane one from the caller is kept.
    expect(again?.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(again?.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    const traced = await fetch(`${base}/categories`, {
      headers: { origin: webOrigin, 'x-request-id': 'trace-7' },
    });
    expect(traced.headers.get('x-request-id')).toBe('trace-7');
    await traced.text();
  });

  it('keeps the headers of each Origin apart: another origin gets no CORS grant', async () => {
    const other = await fetch(`${base}/categories`, { headers: { origin: 'https://evil.test' } });
    await other.text();
    let otherAgain = other;
    expect(
      await appAnswersDuring(async () => {
        otherAgain = await fetch(`${base}/categories`, {
          headers: { origin: 'https://evil.test' },
        });
        await otherAgain.text();
      }),
    ).toBe(0);
    expect(otherAgain.headers.get('access-control-allow-origin')).toBeNull();
    expect(lastingHeaders(otherAgain)).toEqual(lastingHeaders(other));
    const mine = await fetch(`${base}/categories`, { headers: { origin: webOrigin } });
    await mine.text();
    expect(mine.headers.get('access-control-allow-origin')).toBe(webOrigin);
  });

  it('serves a new answer once the read model it is made of changed', async () => {
    const page = `${base}/allProducts/Oppo?limit=6`;
    const titles = async (): Promise<string[]> =>
      ((await (await fetch(page)).json()) as { items: { productName: string }[] }).items.map(
        (product) => product.productName,
      );
    expect(await titles()).toEqual([]);
    expect(await appAnswersDuring(async () => void (await titles()))).toBe(0);
    // The change notice reaches the cache, then the next plain read (no minPosition) sees it.
    const changed = new Promise<void>((resolve) => {
      void t.app.readModels.pubsub.subscribe(changeTopic('products', 'Oppo'), () => resolve());
    });
    await listProductAt(t.app, seller, { productName: 'Reno 8', Brand: 'Oppo' });
    await changed;
    let after: string[] = [];
    expect(await appAnswersDuring(async () => void (after = await titles()))).toBe(1);
    expect(after).toEqual(['Reno 8']);
  });

  it("answers a signed-in read early only for the same token and the caller's unchanged state", async () => {
    const buyer = await registerBuyer('Bea');
    const mine = `${base}/bookings?email=${encodeURIComponent(buyer.email)}`;
    const read = async (user: SignedInUser): Promise<Response> => {
      const response = await fetch(mine, { headers: bearer(user.accessToken) });
      await response.clone().text();
      return response;
    };
    const first = await read(buyer);
    expect(first.status).toBe(200);
    expect(await appAnswersDuring(async () => expect((await read(buyer)).status).toBe(200))).toBe(
      0,
    );
    // Another caller asking for the same line is the app's to refuse.
    expect((await read(seller)).status).toBe(403);
    // A promotion changes the caller's state: the next read is the app's, then early again.
    // (The users read model's change notice drops cached states too: awaited, so that it does not
    // land between the two reads.)
    const usersNotices = await changeNotices(t, changeTopic('users'));
    const promoted = await fetch(`${base}/users/admin/${buyer.uid}`, {
      method: 'PUT',
      headers: bearer(admin.accessToken),
    });
    expect(promoted.status).toBe(200);
    const { position } = (await promoted.json()) as { position: number };
    await usersNotices.until((change) => change.position >= position);
    expect(await appAnswersDuring(async () => expect((await read(buyer)).status).toBe(200))).toBe(
      1,
    );
    expect(await appAnswersDuring(async () => expect((await read(buyer)).status).toBe(200))).toBe(
      0,
    );
    // A deletion counts from the very next read.
    const deleted = await fetch(`${base}/users/${buyer.uid}`, {
      method: 'DELETE',
      headers: bearer(admin.accessToken),
    });
    expect(deleted.status).toBe(200);
    expect((await read(buyer)).status).toBeGreaterThanOrEqual(401);
  });

  it('answers a signed-in read early only until its token expires', async () => {
    const buyer = await registerBuyer('Eve');
    const mine = `${base}/bookings?email=${encodeURIComponent(buyer.email)}`;
    const read = async (): Promise<number> => {
      const response = await fetch(mine, { headers: bearer(buyer.accessToken) });
      await response.text();
      return response.status;
    };
    expect(await read()).toBe(200);
    expect(await appAnswersDuring(async () => expect(await read()).toBe(200))).toBe(0);
    // Past the token's expiry (as this process's clock tells it), the app checks the token again.
    const expired = Date.now() + (t.app.config.ACCESS_TOKEN_TTL_SECONDS + 1) * 1000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(expired);
    try {
      expect(await appAnswersDuring(async () => void (await read()))).toBe(1);
    } finally {
      clock.mockRestore();
    }
  });

  it('answers a public read sent with a token early for every token alike, as a signed-in answer', async () => {
    const reader = await registerUser(t.app, 'buyer', { name: 'Pia' });
    const page = `${base}/allProducts/Samsung?limit=6`;
    const read = async (headers: Record<string, string>): Promise<[Response, string]> => {
      const response = await fetch(page, { headers });
      return [response, await response.text()];
    };
    const [first, body] = await read(bearer(seller.accessToken));
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe(SIGNED_IN_CACHE_CONTROL);
    // The route reads no caller: the app answers any token alike, one it never issued too.
    let others: [Response, string][] = [];
    expect(
      await appAnswersDuring(async () => {
        others = [
          await read(bearer(seller.accessToken)),
          await read(bearer(reader.accessToken)),
          await read({ authorization: 'Bearer not-a-token-of-this-gateway' }),
        ];
      }),
    ).toBe(0);
    for (const [answer, text] of others) {
      expect(answer.status).toBe(200);
      expect(text).toBe(body);
      expect(lastingHeaders(answer)).toEqual(lastingHeaders(first));
    }
    // Without a token the answer is not the signed-in one.
    const [anonymous, anonymousBody] = await read({});
    expect(anonymousBody).toBe(body);
    expect(anonymous.headers.get('cache-control')).not.toBe(SIGNED_IN_CACHE_CONTROL);
  });

  it('leaves requests with a cookie, a body or minPosition to the app, and a token never verified to a route that needs a caller', async () => {
    await (await fetch(`${base}/categories`)).text();
    await (await fetch(`${base}/categories?minPosition=1`)).text();
    expect(
      await appAnswersDuring(async () => {
        for (const answer of await Promise.all([
          fetch(`${base}/categories`, { headers: { cookie: 'a=b' } }),
          fetch(`${base}/categories?minPosition=1`),
          fetch(`${base}/categories`, { method: 'GET', headers: { 'content-length': '0' } }),
        ]))
          expect((await answer.text()).length).toBeGreaterThan(2);
      }),
    ).toBe(2);
    // The app refuses it each time: none of its answers is noted to be given early.
    const unknownToken = { authorization: 'Bearer not-a-token-of-this-gateway' };
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await fetch(`${base}/bookings?email=${encodeURIComponent(seller.email)}`, {
        headers: unknownToken,
      });
      expect(refused.status).toBe(401);
      await refused.text();
    }
  });

  it('answers a repeated GraphQL query sent as GET from its cached bytes, for the same caller only', async () => {
    const buyer = await registerBuyer('Gus');
    const query = `${base}/graphql?query=${encodeURIComponent('query MyBookings { myBookings { _id productId } }')}&operationName=MyBookings`;
    const ask = async (user: SignedInUser): Promise<[number, string]> => {
      const response = await fetch(query, { headers: bearer(user.accessToken) });
      return [response.status, await response.text()];
    };
    const sendWholeAnswer = (run: () => Promise<void>): Promise<number> =>
      callsDuring('sendWholeAnswer', run);
    // Executed and cached, then sent from the cache by the app, then early.
    const [status, first] = await ask(buyer);
    expect(status).toBe(200);
    expect(JSON.parse(first)).toEqual({ data: { myBookings: [] } });
    expect(await ask(buyer)).toEqual([200, first]);
    expect(await sendWholeAnswer(async () => expect(await ask(buyer)).toEqual([200, first]))).toBe(
      0,
    );
    // Another caller's answer is the app's to make.
    expect(await sendWholeAnswer(async () => void (await ask(seller)))).toBe(1);
  });

  it('never answers what the app refused: a bad query is refused each time', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await fetch(`${base}/allProducts/Oppo?limit=nine`);
      expect(refused.status).toBe(400);
      await refused.text();
    }
  });
});
