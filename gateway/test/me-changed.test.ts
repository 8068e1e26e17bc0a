import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  bearer,
  buildTestApp,
  registerUser,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
} from './helper.ts';
import type { Change } from '../src/graphql/generated.ts';

type Answer = { data?: { meChanged?: Change } | null; errors?: { message: string }[] };

/**
 * `meChanged`: the caller's own account, for the open page's navigation (issue 31, point 9). It
 * tells a caller of their own promotion and deletion, and of nobody else's account.
 */
describe("meChanged: changes of the caller's own account", () => {
  let t: TestApp;
  let url: string;
  let admin: SignedInUser;
  const clients: Client[] = [];
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: adminEmail });
    url = `${(await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/graphql`;
    admin = await registerUser(t.app, 'buyer', { email: adminEmail });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await t.close();
  });

  /** Subscribed from the read models' position: live once the catch-up Change came. */
  const subscribeLive = async (user: SignedInUser) => {
    const client = createClient({
      url,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${user.accessToken}` },
      retryAttempts: 0,
    });
    clients.push(client);
    const reached = await t.app.eventStore.headPosition();
    await t.app.readModels.waitFor(reached);
    const iterator = client.iterate({
      query: `subscription { meChanged(after: ${reached - 1}) { topic position ids } }`,
    });
    const next = async (): Promise<Answer> => (await iterator.next()).value as Answer;
    expect((await next()).data?.meChanged?.ids).toEqual([]);
    return { next, stop: () => iterator.return?.() };
  };

  const asAdmin = (method: 'PUT' | 'DELETE', url: string) =>
    t.app.inject({ method, url, headers: bearer(admin.accessToken) });

  it("tells a user of their own promotion, not of another user's", async () => {
    const [user, other] = await Promise.all([
      registerUser(t.app, 'buyer'),
      registerUser(t.app, 'buyer'),
    ]);
    const changes = await subscribeLive(user);
    expect((await asAdmin('PUT', `/users/admin/${other.uid}`)).statusCode).toBe(200);
    const promoted = await asAdmin('PUT', `/users/admin/${user.uid}`);
    expect(promoted.statusCode).toBe(200);
    // The first news is the user's own promotion: the other's was never sent.
    expect((await changes.next()).data?.meChanged).toMatchObject({
      topic: 'users',
      ids: [user.uid],
    });
    await changes.stop();
  });

  it('tells a user of their own deletion, though they lost every other right', async () => {
    const user = await registerUser(t.app, 'seller');
    const changes = await subscribeLive(user);
    expect((await asAdmin('DELETE', `/users/${user.uid}`)).statusCode).toBe(200);
    expect((await changes.next()).data?.meChanged).toMatchObject({ ids: [user.uid] });
    await changes.stop();
  });
});
