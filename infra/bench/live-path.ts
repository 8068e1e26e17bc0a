// Live path: from a booking's acknowledgement (the 201 of POST /bookings at the client) to the
// GraphQL subscription message (graphql-ws) at a subscribed client, both seen by this process.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { BenchAccount } from './accounts.ts';
import type { SeededProduct } from './catalog-seed.ts';
import { log, mapConcurrently, round, summarize, type LatencySummary } from './support.ts';

export const webOrigin = 'http://127.0.0.1:3000';

/** A browser always sends its page's origin; the gateway accepts the web client's. */
class BrowserWebSocket extends WebSocket {
  constructor(address: string, protocols?: string | string[]) {
    super(address, protocols, { origin: webOrigin });
  }
}

interface Change {
  topic: string;
  position: number;
  ids: string[];
}

export interface Buyer {
  readonly account: BenchAccount;
  readonly accessToken: string;
}

export interface LiveFigures extends LatencySummary {
  readonly subscribers: number;
  readonly bookingsPerSecond: number;
  readonly acknowledged: number;
  /** Messages received of those expected (acknowledged bookings x subscribers), in %. */
  readonly deliveredPercent: number;
  /** Messages that reached the subscriber before the booking's 201 reached the client (lag 0). */
  readonly beforeAcknowledgement: number;
  /** From sending POST /bookings to the subscriber's message: the lag a user sees, whatever the 201 does. */
  readonly sinceRequest: LatencySummary;
  /** From sending POST /bookings to its 201. */
  readonly requestToAcknowledgement: LatencySummary;
}

interface Subscriber {
  readonly client: Client;
  /** When each id was first announced to this subscriber. */
  readonly seen: Map<string, number>;
}

/**
 * Opens one graphql-ws client per token and subscribes each; resolves once every subscription is
 * live (its first, catch-up Change has arrived: `after: 0` asks for one).
 */
async function subscribeAll(
  wsUrl: string,
  tokens: readonly string[],
  subscription: string,
  onMessage: () => void,
): Promise<Subscriber[]> {
  return mapConcurrently(tokens, 50, async (token) => {
    const client = createClient({
      url: wsUrl,
      webSocketImpl: BrowserWebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
      lazy: true,
    });
    const seen = new Map<string, number>();
    await new Promise<void>((resolve, reject) => {
      let live = false;
      client.subscribe<Record<string, Change>>(
        { query: subscription },
        {
          next: (result) => {
            const at = performance.now();
            if (!live) {
              live = true;
              resolve();
              return;
            }
            const change = result.data && Object.values(result.data)[0];
            for (const id of change?.ids ?? []) if (!seen.has(id)) seen.set(id, at);
            onMessage();
          },
          error: (error) =>
            reject(error instanceof Error ? error : new Error(JSON.stringify(error))),
          complete: () => {
            if (!live) reject(new Error('The subscription ended before it was live'));
          },
        },
      );
    });
    return { client, seen };
  });
}

interface BookingRun {
  /** Where the bookings are sent (and, unless `subscriptionGatewayUrl` is given, subscribed). */
  readonly gatewayUrl: string;
  /** Another gateway to subscribe at (the distributed profile: the change crosses processes). */
  readonly subscriptionGatewayUrl?: string;
  readonly buyer: Buyer;
  readonly products: readonly SeededProduct[];
  readonly perSecond: number;
  /** How long to wait for the messages after the last acknowledgement (10 s unless given). */
  readonly deliveryTimeoutMs?: number;
}

/** Books the products at a fixed rate; returns when each acknowledged booking was acknowledged. */
async function bookAtRate(
  run: BookingRun,
): Promise<Map<string, { bookingId: string; at: number; sentAt: number }>> {
  const acknowledged = new Map<string, { bookingId: string; at: number; sentAt: number }>();
  const { account, accessToken } = run.buyer;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (const [index, { productId }] of run.products.entries()) {
    const wait = started + (index * 1_000) / run.perSecond - performance.now();
    if (wait > 0) await sleep(wait);
    const sentAt = performance.now();
    inFlight.push(
      fetch(`${run.gatewayUrl}/bookings`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${accessToken}`,
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify(bookingBody(account, productId)),
      }).then(async (response) => {
        const at = performance.now();
        const answer = (await response.json()) as { insertedId?: string };
        if (response.status === 201 && answer.insertedId)
          acknowledged.set(productId, { bookingId: answer.insertedId, at, sentAt });
      }),
    );
  }
  await Promise.all(inFlight);
  return acknowledged;
}

/** The body the web client's booking modal sends. */
export const bookingBody = (buyer: BenchAccount, productId: string) => ({
  productId,
  Brand: 'Samsung',
  buyerName: buyer.name,
  email: buyer.email,
  phone: '+8801800000000',
  address: 'Dhaka, Gulshan 2',
  sellingPrice: 0,
});

/** Settles once `done()` holds (checked on every message), or after the timeout of `wait`. */
function deliveryWatch(done: () => boolean) {
  let settle: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return {
    onMessage: () => {
      if (done()) settle();
    },
    wait: async (timeoutMs: number) => {
      if (done()) return;
      const timer = setTimeout(settle, timeoutMs);
      await finished;
      clearTimeout(timer);
    },
  };
}

/** Booking confirmations: the buyer follows myBookingsChanged and books at a fixed rate. */
export async function measureBookingConfirmations(
  label: string,
  run: BookingRun,
): Promise<LiveFigures> {
  const wsUrl = `${(run.subscriptionGatewayUrl ?? run.gatewayUrl).replace(/^http/, 'ws')}/graphql`;
  let expected = 0;
  let subscribers: Subscriber[] = [];
  const delivered = () =>
    subscribers.reduce((sum, s) => sum + s.seen.size, 0) >= expected && expected > 0;
  const watch = deliveryWatch(delivered);
  subscribers = await subscribeAll(
    wsUrl,
    [run.buyer.accessToken],
    'subscription { myBookingsChanged(after: 0) { topic position ids } }',
    () => watch.onMessage(),
  );
  const acknowledged = await bookAtRate(run);
  expected = acknowledged.size;
  await watch.wait(run.deliveryTimeoutMs ?? 10_000);
  const figures = lagsOf(
    subscribers,
    [...acknowledged.values()].map(({ bookingId, at, sentAt }) => ({ id: bookingId, at, sentAt })),
    run.perSecond,
  );
  await Promise.all(subscribers.map((s) => s.client.dispose()));
  report(label, figures);
  return figures;
}

/**
 * Fan-out: every subscriber follows productsChanged of one brand; each booking of that brand's
 * products is one change that every subscriber must receive.
 */
export async function measureFanOut(
  label: string,
  run: BookingRun & {
    subscriberTokens: readonly string[];
    brand: string;
    /** Runs once every subscriber is live, before the first booking (a memory measurement). */
    whenSubscribed?: () => Promise<void>;
  },
): Promise<LiveFigures> {
  const wsUrl = `${run.gatewayUrl.replace(/^http/, 'ws')}/graphql`;
  let expected = 0;
  let received = 0;
  const delivered = () => expected > 0 && received >= expected;
  const watch = deliveryWatch(delivered);
  const subscribers = await subscribeAll(
    wsUrl,
    run.subscriberTokens,
    `subscription { productsChanged(brand: ${JSON.stringify(run.brand)}, after: 0) { topic position ids } }`,
    () => {
      received += 1;
      watch.onMessage();
    },
  );
  log(`  ${subscribers.length} subscribers live`);
  await run.whenSubscribed?.();
  const acknowledged = await bookAtRate(run);
  expected = acknowledged.size * subscribers.length;
  await watch.wait(10_000);
  const figures = lagsOf(
    subscribers,
    [...acknowledged.entries()].map(([productId, { at, sentAt }]) => ({
      id: productId,
      at,
      sentAt,
    })),
    run.perSecond,
  );
  await mapConcurrently(subscribers, 100, async (s) => s.client.dispose());
  report(label, figures);
  return figures;
}

function lagsOf(
  subscribers: readonly Subscriber[],
  acknowledged: readonly { id: string; at: number; sentAt: number }[],
  perSecond: number,
): LiveFigures {
  const lags: number[] = [];
  const sinceRequest: number[] = [];
  let beforeAcknowledgement = 0;
  for (const { seen } of subscribers)
    for (const { id, at, sentAt } of acknowledged) {
      const messageAt = seen.get(id);
      if (messageAt === undefined) continue;
      if (messageAt < at) beforeAcknowledgement += 1;
      lags.push(Math.max(0, messageAt - at));
      sinceRequest.push(messageAt - sentAt);
    }
  const expected = acknowledged.length * subscribers.length;
  return {
    subscribers: subscribers.length,
    bookingsPerSecond: perSecond,
    acknowledged: acknowledged.length,
    deliveredPercent: expected > 0 ? round((100 * lags.length) / expected, 2) : 0,
    beforeAcknowledgement,
    sinceRequest: summarize(sinceRequest),
    requestToAcknowledgement: summarize(acknowledged.map(({ at, sentAt }) => at - sentAt)),
    ...summarize(lags),
  };
}

function report(label: string, figures: LiveFigures): void {
  log(
    `  ${label}: p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, max ${figures.maxMs} ms; ${figures.deliveredPercent}% of ${figures.acknowledged} x ${figures.subscribers} delivered; ${figures.beforeAcknowledgement} before the 201; request -> message p50 ${figures.sinceRequest.p50Ms} ms, p99 ${figures.sinceRequest.p99Ms} ms; request -> 201 p99 ${figures.requestToAcknowledgement.p99Ms} ms`,
  );
}
