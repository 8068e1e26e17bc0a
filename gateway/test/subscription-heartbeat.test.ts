import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  buildTestApp,
  registerUser,
  seedCategories,
  type SignedInUser,
  type TestApp,
} from './helper.ts';

/*
 * A live list can miss a change notice (lost between the projector and the gateway, or on the
 * way): every connection holding subscriptions is sent a heartbeat, a graphql-ws ping carrying
 * the read models' latest position, so the client can see it is behind.
 */
describe('subscriptions heartbeat', () => {
  let t: TestApp;
  let url: string;
  let buyer: SignedInUser;
  const clients: Client[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ SUBSCRIPTION_HEARTBEAT_MS: '200' });
    url = `${(await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/graphql`;
    buyer = await registerUser(t.app, 'buyer');
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await t.close();
  });

  /** A client whose heartbeats' positions are collected; `until` waits for one that fits. */
  const connect = () => {
    const positions: number[] = [];
    const receivedAfter: number[] = [];
    let heard = (): void => {};
    let connected = (): void => {};
    const acknowledged = new Promise<void>((resolve) => (connected = resolve));
    const client = createClient({
      url,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${buyer.accessToken}` },
      retryAttempts: 0,
      lazy: false,
      on: {
        connected: () => connected(),
        ping: (received, payload) => {
          const position = payload?.['position'];
          const after = payload?.['receivedAfter'];
          if (received && typeof position === 'number') positions.push(position);
          if (received && typeof after === 'number') receivedAfter.push(after);
          heard();
        },
      },
    });
    clients.push(client);
    return {
      client,
      positions,
      receivedAfter,
      acknowledged,
      async until(wanted: (position: number) => boolean): Promise<number> {
        for (;;) {
          const found = positions.find(wanted);
          if (found !== undefined) return found;
          await new Promise<void>((resolve) => (heard = resolve));
        }
      },
    };
  };

  /** A subscription, once its catch-up change (it starts from before the log) arrived. */
  const subscribe = (client: Client): Promise<() => void> =>
    new Promise((resolve, reject) => {
      const stop = client.subscribe(
        { query: 'subscription { myBookingsChanged(after: -1) { position } }' },
        { next: () => resolve(stop), error: reject, complete: () => {} },
      );
    });

  it("carries the read models' latest position, and the next one after a write", async () => {
    const socket = connect();
    const stop = await subscribe(socket.client);
    const checkpoint = await t.app.readModels.store.checkpoint();
    expect(await socket.until((position) => position === checkpoint)).toBe(checkpoint);

    const written = await seedCategories(t.app);
    expect(await t.app.readModels.waitFor(written)).toBe(true);
    const reached = await t.app.readModels.store.checkpoint();
    expect(await socket.until((position) => position >= reached)).toBe(reached);
    // No notice was missed: a list that saw any position missed nothing, however old.
    expect(new Set(socket.receivedAfter)).toEqual(new Set([0]));
    stop();
  });

  it('says after which position notices were all received, once one was skipped', async () => {
    const socket = connect();
    const stop = await subscribe(socket.client);
    const checkpoint = await t.app.readModels.store.checkpoint();
    // An `applied` notice past the next position: the ones between were lost on the way.
    await t.app.readModels.pubsub.publishApplied(checkpoint + 5, []);
    await socket.until(() => socket.receivedAfter.includes(checkpoint + 5));
    expect(socket.receivedAfter.at(-1)).toBe(checkpoint + 5);
    stop();
  });

  it('is sent only while the connection holds a subscription', async () => {
    const idle = connect();
    const busy = connect();
    await idle.acknowledged;
    const stop = await subscribe(busy.client);
    // Two beats reached the busy connection: the idle one was passed over on both.
    const beats = busy.positions.length;
    await busy.until(() => busy.positions.length >= beats + 2);
    expect(idle.positions).toEqual([]);
    stop();
  });
});
