import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../infra/src/ports.ts';
import type { ReadModelChange } from '../../src/read-models.ts';
import { createInProcessPubSub, createRedisPubSub } from '../../src/pubsub/mqemitter-pubsub.ts';
import type { ChangePubSub } from '../../src/pubsub/port.ts';
import {
  appliedTopic,
  changeTopic,
  rebuiltChanges,
  rebuiltTopic,
} from '../../src/pubsub/topics.ts';
import { condition } from '../support/events.ts';
import { redisAnswers, redisUrl, uniquePrefix } from '../support/redis.ts';

const redisUp = await redisAnswers();

const booking: ReadModelChange = {
  topic: 'bookings',
  key: 'ann@example.com',
  ids: ['b1'],
  position: 7,
};
const reported: ReadModelChange = {
  topic: 'reportedProducts',
  key: null,
  ids: ['p1'],
  position: 8,
};

/** Collects what one subscriber receives on a few topics. */
async function listen(pubsub: ChangePubSub, topics: string[]) {
  const received: { topic: string; payload: unknown }[] = [];
  const arrived = condition(10_000);
  const stops = await Promise.all(
    topics.map((topic) =>
      pubsub.subscribe(topic, (payload) => {
        received.push({ topic, payload });
        arrived.notify();
      }),
    ),
  );
  return {
    received,
    until: (count: number) => arrived.until(() => received.length >= count, `${count} messages`),
    stop: () => Promise.all(stops.map((stop) => stop())),
  };
}

const topicsOfInterest = [
  changeTopic('bookings'),
  changeTopic('bookings', 'ann@example.com'),
  changeTopic('bookings', 'bob@example.com'),
  changeTopic('reportedProducts'),
  rebuiltTopic('bookings'),
  appliedTopic,
];

/**
 * A replay's swap notice reaches the model's topic and its rebuild topic (which the subscribers
 * of keyed topics follow), and no key's topic; live changes never reach the rebuild topic.
 */
async function expectSwapNoticeDelivered(publisher: ChangePubSub, subscriberSide: ChangePubSub) {
  const subscriber = await listen(subscriberSide, topicsOfInterest);
  const [notice] = rebuiltChanges(['bookings'], 9);
  await publisher.publishApplied(9, rebuiltChanges(['bookings'], 9));
  await subscriber.until(3);
  await subscriber.stop();
  expect(notice).toEqual({ topic: 'bookings', key: null, ids: [], position: 9, rebuilt: true });
  expect(subscriber.received).toEqual(
    expect.arrayContaining([
      { topic: 'change.bookings', payload: notice },
      { topic: 'rebuilt.bookings', payload: notice },
      { topic: 'applied', payload: { position: 9 } },
    ]),
  );
  expect(subscriber.received).toHaveLength(3);
}

describe('change topics', () => {
  it('escape the key so that e-mails and brands with odd characters stay one topic', () => {
    expect(changeTopic('bookings', 'ann@example.com')).toBe('change.bookings.ann%40example.com');
    expect(changeTopic('products', 'Sam/sung #1')).toBe('change.products.Sam%2Fsung%20%231');
    expect(changeTopic('reportedProducts')).toBe('change.reportedProducts');
  });
});

describe('in-process pub/sub', () => {
  it("delivers a change to its model's topic and its key's topic, then the position applied", async () => {
    const pubsub = createInProcessPubSub();
    const subscriber = await listen(pubsub, topicsOfInterest);
    await pubsub.publishApplied(8, [booking, reported]);
    await subscriber.until(4);
    await subscriber.stop();
    await pubsub.close();
    expect(subscriber.received).toEqual(
      expect.arrayContaining([
        { topic: 'change.bookings', payload: booking },
        { topic: 'change.bookings.ann%40example.com', payload: booking },
        { topic: 'change.reportedProducts', payload: reported },
        { topic: 'applied', payload: { position: 8 } },
      ]),
    );
    expect(subscriber.received).toHaveLength(4);
  });

  it("delivers a replay's swap notice to the model's rebuild topic, not to its keys' topics", async () => {
    const pubsub = createInProcessPubSub();
    await expectSwapNoticeDelivered(pubsub, pubsub);
    await pubsub.close();
  });
});

describe('Redis pub/sub without Redis', () => {
  /** Resolves 'closed', or says it is still open after a bound no close takes. */
  const closing = (pubsub: ChangePubSub): Promise<unknown> =>
    Promise.race([
      pubsub.close().then(() => 'closed'),
      new Promise((resolve) => setTimeout(resolve, 5_000, 'still open after 5 s')),
    ]);

  it('closes while its connections are connecting', async () => {
    const pubsub = createRedisPubSub({
      redisUrl: `redis://127.0.0.1:${await freePort('127.0.0.1')}`,
      onError: () => undefined,
    });
    // Queued until Redis answers: a QUIT would wait behind it.
    void pubsub.publish(appliedTopic, { position: 1 }).catch(() => undefined);
    expect(await closing(pubsub)).toBe('closed');
  });

  it('closes while its connections wait to connect again', async () => {
    const pubsub = createRedisPubSub({
      redisUrl: `redis://127.0.0.1:${await freePort('127.0.0.1')}`,
      onError: () => undefined,
    });
    // Once the receiving connection was refused, it waits for its next attempt: close then.
    await new Promise<void>((resolve) => {
      const stop = pubsub.onReceivingChange((receiving) => {
        if (receiving) return;
        stop();
        setImmediate(resolve);
      });
    });
    expect(await closing(pubsub)).toBe('closed');
  });
});

describe.skipIf(!redisUp)(
  redisUp ? 'Redis pub/sub' : `Redis pub/sub (skipped: no Redis at ${redisUrl})`,
  () => {
    const opened: ChangePubSub[] = [];
    const open = (channelPrefix: string): ChangePubSub => {
      const pubsub = createRedisPubSub({ redisUrl, channelPrefix, onError: () => undefined });
      opened.push(pubsub);
      return pubsub;
    };
    afterAll(async () => {
      await Promise.all(opened.map((pubsub) => pubsub.close()));
    });

    it('delivers every change published by a worker to every gateway process', async () => {
      const channels = uniquePrefix('pubsub');
      const worker = open(channels);
      const gatewayA = await listen(open(channels), topicsOfInterest);
      const gatewayB = await listen(open(channels), topicsOfInterest);
      await worker.publishApplied(8, [booking, reported]);
      await Promise.all([gatewayA.until(4), gatewayB.until(4)]);
      for (const gateway of [gatewayA, gatewayB]) {
        expect(gateway.received).toEqual(
          expect.arrayContaining([
            { topic: 'change.bookings', payload: booking },
            { topic: 'change.bookings.ann%40example.com', payload: booking },
            { topic: 'change.reportedProducts', payload: reported },
            { topic: 'applied', payload: { position: 8 } },
          ]),
        );
        expect(gateway.received).toHaveLength(4);
      }
    });

    it("delivers a replay's swap notice to the model's rebuild topic of every gateway", async () => {
      const channels = uniquePrefix('pubsub');
      await expectSwapNoticeDelivered(open(channels), open(channels));
    });

    it('keeps deployments with different channel prefixes apart', async () => {
      const ours = uniquePrefix('pubsub');
      const theirs = uniquePrefix('pubsub');
      const subscriber = await listen(open(ours), [appliedTopic]);
      await open(theirs).publishApplied(1, []);
      await open(ours).publishApplied(2, []);
      await subscriber.until(1);
      expect(subscriber.received).toEqual([{ topic: 'applied', payload: { position: 2 } }]);
    });
  },
);
