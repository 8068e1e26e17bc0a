import { spawn } from 'node:child_process';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { ANSWER_MAX_AGE_MS } from '@resale/gateway/plugins/app/answer-cache';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addWorker,
  distributedStack,
  restartRedis,
  type DistributedTestStack,
} from './support/distributed-stack.ts';
import {
  book,
  call,
  eventually,
  listProduct,
  signIn,
  signUpBuyer,
  subscribe,
  type Member,
  type Subscription,
} from './support/market-client.ts';

/*
 * The distributed profile as deployed: two gateway processes, two worker processes sharing the
 * BullMQ queues, Redis for queues and pub/sub, read models and images in the MongoDB-wire server,
 * the embedded SQLite event log shared by every process (see distributed-stack.global-setup.ts).
 */

let stack: DistributedTestStack;
let gatewayA: string;
let gatewayB: string;
let seller: Member;
let admin: Member;

const myBookingsQuery = 'subscription { myBookingsChanged(after: 0) { topic position ids } }';

interface BookingRow {
  readonly _id: string;
  readonly productId: string;
}

const myBookings = async (gateway: string, buyer: Member): Promise<BookingRow[]> => {
  const answer = await call<BookingRow[]>(
    gateway,
    `/bookings?email=${encodeURIComponent(buyer.email)}`,
    {
      token: buyer.accessToken,
    },
  );
  if (answer.status !== 200) throw new Error(`GET /bookings: ${answer.status}`);
  return answer.body;
};

beforeAll(async () => {
  stack = await distributedStack();
  [gatewayA, gatewayB] = stack.gateways as [string, string];
  const demo = (role: string) => {
    const account = stack.accounts.find((candidate) => candidate.role === role);
    if (!account) throw new Error(`No demo ${role}`);
    return account;
  };
  seller = await signIn(stack.urls.authEmulator, gatewayA, demo('seller'));
  admin = await signIn(stack.urls.authEmulator, gatewayB, demo('admin'));
});

describe('the distributed profile', () => {
  it('runs two gateways and two workers over the servers it names', () => {
    console.info(
      `distributed stack: gateways ${stack.gateways.join(', ')}; MongoDB: ${stack.servers.mongodb}; Redis: ${stack.servers.redis}`,
    );
    expect(stack.gateways).toHaveLength(2);
    expect(stack.workerPids).toHaveLength(2);
  });

  it('confirms a booking made through gateway A live to its buyer subscribed through gateway B, and shows it in My Orders read from B', async () => {
    const buyer = await signUpBuyer(stack.urls.authEmulator, gatewayA, 'live');
    const productId = await listProduct(gatewayA, seller, 'Galaxy S22 (live)');
    const confirmations = await subscribe(
      gatewayB,
      stack.urls.web,
      buyer.accessToken,
      myBookingsQuery,
    );
    try {
      const booked = await book(gatewayA, buyer, productId);
      expect(booked.status).toBe(201);
      const bookingId = booked.body.insertedId!;
      await confirmations.until(bookingId);
      const orders = await myBookings(gatewayB, buyer);
      expect(orders.map((order) => [order._id, order.productId])).toEqual([[bookingId, productId]]);
    } finally {
      await confirmations.close();
    }
  });

  it('books one product 50 times at once across both gateways: exactly one 201 and 49 clear 409s', async () => {
    const productId = await listProduct(gatewayB, seller, 'Galaxy S23 (contended)');
    const buyers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        signUpBuyer(stack.urls.authEmulator, i % 2 ? gatewayA : gatewayB, `race-${i}`),
      ),
    );
    const answers = await Promise.all(
      buyers.map((buyer, i) => book(i % 2 ? gatewayB : gatewayA, buyer, productId)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const answer of answers.filter((candidate) => candidate.status === 409))
      expect(answer.body.message).toBe('This product is already booked');
  });

  describe('under crashes', () => {
    let buyer: Member;
    let confirmations: Subscription;

    beforeAll(async () => {
      buyer = await signUpBuyer(stack.urls.authEmulator, gatewayB, 'crash');
      confirmations = await subscribe(gatewayB, stack.urls.web, buyer.accessToken, myBookingsQuery);
    });
    afterAll(() => confirmations.close());

    /** Books each product through alternating gateways; answers the acknowledged booking ids. */
    const bookAll = async (productIds: readonly string[], midway: () => Promise<void>) => {
      const acknowledged: string[] = [];
      const half = Math.floor(productIds.length / 2);
      const bookOne = async (productId: string, i: number) => {
        const answer = await book(i % 2 ? gatewayA : gatewayB, buyer, productId);
        if (answer.status === 201) acknowledged.push(answer.body.insertedId!);
      };
      await Promise.all(productIds.slice(0, half).map((id, i) => bookOne(id, i)));
      const during = midway();
      await Promise.all(productIds.slice(half).map((id, i) => bookOne(id, half + i)));
      await during;
      return acknowledged;
    };

    /** Every acknowledged booking is in My Orders, once, on both gateways. */
    const expectProjectedOnce = async (acknowledged: readonly string[]) => {
      // On each gateway: one that missed change notices while Redis was away may answer from its
      // cache for a cached answer's lifetime.
      for (const gateway of [gatewayA, gatewayB])
        await eventually('every acknowledged booking is in My Orders', async () => {
          const ids = new Set((await myBookings(gateway, buyer)).map((order) => order._id));
          return acknowledged.every((id) => ids.has(id));
        });
      for (const gateway of [gatewayA, gatewayB]) {
        const ids = (await myBookings(gateway, buyer)).map((order) => order._id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids).toEqual(expect.arrayContaining([...acknowledged]));
      }
    };

    it('projects every acknowledged booking exactly once when a worker is killed with SIGKILL mid-load', async () => {
      const productIds = [];
      for (let i = 0; i < 30; i++)
        productIds.push(await listProduct(gatewayA, seller, `Kill ${i}`));
      const [victim] = stack.workerPids as [number];
      const acknowledged = await bookAll(productIds, async () => {
        process.kill(victim, 'SIGKILL');
      });
      expect(acknowledged).toHaveLength(30);
      await expectProjectedOnce(acknowledged);
      // Its restart joins the survivor; later bookings go on being projected.
      await addWorker();
      const after = await book(gatewayA, buyer, await listProduct(gatewayA, seller, 'After kill'));
      expect(after.status).toBe(201);
      await confirmations.until(after.body.insertedId!);
    });

    it('loses no acknowledged booking when Redis restarts mid-run, and live updates resume', async () => {
      const productIds = [];
      for (let i = 0; i < 20; i++)
        productIds.push(await listProduct(gatewayB, seller, `Redis restart ${i}`));
      const acknowledged = await bookAll(productIds, restartRedis);
      expect(acknowledged).toHaveLength(20);
      await expectProjectedOnce(acknowledged);
      // The subscription opened before the restart hears of a booking made after it.
      const after = await book(gatewayA, buyer, await listProduct(gatewayA, seller, 'After Redis'));
      expect(after.status).toBe(201);
      await confirmations.until(after.body.insertedId!);
    });
  });

  it('gives the same answers on both gateways before and after npm run replay while they serve', async () => {
    const buyer = await signUpBuyer(stack.urls.authEmulator, gatewayA, 'replay');
    const booked = await book(gatewayB, buyer, await listProduct(gatewayA, seller, 'Replayed'));
    expect(booked.status).toBe(201);
    await eventually('the booking is projected', async () =>
      (await myBookings(gatewayA, buyer)).some((order) => order._id === booked.body.insertedId),
    );
    const routes: [string, Member | undefined][] = [
      ['/categories', undefined],
      ['/allProducts/Samsung', buyer],
      ['/advertisedProducts', undefined],
      [`/bookings?email=${encodeURIComponent(buyer.email)}`, buyer],
      [`/myProducts/${encodeURIComponent(seller.email)}`, seller],
      ['/users', admin],
      ['/sellers', admin],
      ['/reportedProducts', admin],
    ];
    const answers = async () => {
      const all: Record<string, { status: number; body: unknown }> = {};
      for (const gateway of [gatewayA, gatewayB])
        for (const [route, member] of routes) {
          const answer = await call(gateway, route, { token: member?.accessToken });
          all[`${gateway}${route}`] = answer;
        }
      return all;
    };
    // The earlier tests killed a worker and restarted Redis: the read models may still be catching
    // up on their events. The answers compared are those of read models that applied the whole log.
    await eventually('both gateways report read models that applied the whole log', async () => {
      for (const gateway of [gatewayA, gatewayB]) {
        const ready = await call<{ checks?: { readModels?: { lag?: number } } }>(
          gateway,
          '/readyz',
        );
        if (ready.status !== 200 || ready.body.checks?.readModels?.lag !== 0) return false;
      }
      return true;
    });
    // And answers that have settled: the same twice, a cached answer's lifetime apart (a cached
    // answer outlives a change notice lost to the Redis restart by that long at most).
    let before = await answers();
    await eventually(
      "the answers are the same twice, a cached answer's lifetime apart",
      async () => {
        await new Promise((resolve) => setTimeout(resolve, ANSWER_MAX_AGE_MS));
        const again = await answers();
        const settled = isDeepStrictEqual(again, before);
        before = again;
        return settled;
      },
      60_000,
    );
    for (const [route, answer] of Object.entries(before)) expect(answer.status, route).toBe(200);

    // Both gateways keep answering while the replay runs.
    let replayDone = false;
    const servedDuring: number[] = [];
    const serving = (async () => {
      while (!replayDone) {
        for (const gateway of [gatewayA, gatewayB])
          servedDuring.push((await call(gateway, '/categories')).status);
      }
    })();
    const exitCode = await new Promise<number | null>((resolve, reject) => {
      const replay = spawn('npm', ['run', '--silent', 'replay'], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: { ...process.env, ...stack.operatorEnv },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let errors = '';
      replay.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      replay.once('error', reject);
      replay.once('exit', (code) => {
        if (code !== 0) console.error(errors);
        resolve(code);
      });
    });
    replayDone = true;
    await serving;
    expect(exitCode).toBe(0);
    expect(servedDuring.length).toBeGreaterThan(0);
    expect(servedDuring.every((status) => status === 200)).toBe(true);
    expect(await answers()).toEqual(before);
  });
});
