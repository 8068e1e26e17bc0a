import type { RecordedEvent } from '@resale/events';
import { afterAll, describe, expect, it } from 'vitest';
import { createBullmqQueue } from '../../src/queue/bullmq-queue.ts';
import { createInProcessQueue } from '../../src/queue/in-process-queue.ts';
import type { EventHandler, EventQueue, QueueConsumer } from '../../src/queue/port.ts';
import { condition, deferred, interleavedLog, recordedEvent } from '../support/events.ts';
import { runSeed, seededRandom } from '../support/random.ts';
import { Redis } from 'ioredis';
import { deleteKeys, redisAnswers, redisUrl, uniquePrefix } from '../support/redis.ts';

/** The handler applying each event of a run in turn. */
const eachEvent =
  (apply: (event: RecordedEvent) => Promise<void>): EventHandler =>
  async (events) => {
    for (const event of events) await apply(event);
  };

interface QueueUnderTest {
  readonly queue: EventQueue;
  /** How many consumers to run at once: several stand for several worker processes. */
  readonly consumers: number;
}

const redisUp = await redisAnswers();
const prefixes: string[] = [];
afterAll(async () => {
  for (const prefix of prefixes) await deleteKeys(prefix);
});

function eventQueueContract(name: string, makeQueue: () => QueueUnderTest, skip = false): void {
  describe.skipIf(skip)(name, () => {
    const start = (
      queue: EventQueue,
      count: number,
      apply: (event: RecordedEvent) => Promise<void>,
    ): { close(): Promise<void> } => {
      const consumers: QueueConsumer[] = Array.from({ length: count }, () =>
        queue.consume(eachEvent(apply), { onError: () => undefined }),
      );
      return { close: () => Promise.all(consumers.map((c) => c.close())).then(() => undefined) };
    };

    it('applies the events of each stream in order and one at a time, while streams interleave', async () => {
      const { queue, consumers } = makeQueue();
      const random = seededRandom(runSeed(`${name} order`));
      const log = interleavedLog(5, 8, random);
      const applied = new Map<string, number[]>();
      const inFlight = new Set<string>();
      const overlaps: string[] = [];
      let done = 0;
      const progress = condition();
      const workers = start(queue, consumers, async (event) => {
        if (inFlight.has(event.streamId)) overlaps.push(event.streamId);
        inFlight.add(event.streamId);
        // Uneven handling times, so a queue that let a stream's events race would show it.
        await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 4)));
        applied.set(event.streamId, [...(applied.get(event.streamId) ?? []), event.revision]);
        inFlight.delete(event.streamId);
        done += 1;
        progress.notify();
      });
      try {
        for (const event of log) await queue.enqueue(event);
        await progress.until(() => done === log.length, `${log.length} events applied`);
      } finally {
        await workers.close();
        await queue.close();
      }
      expect(overlaps).toEqual([]);
      for (const [stream, revisions] of applied)
        expect(revisions, stream).toEqual([...revisions.keys()]);
      expect(applied.size).toBe(5);
    });

    it('ignores an event enqueued again (the relay resending after a restart)', async () => {
      const { queue } = makeQueue();
      const first = recordedEvent('product-dup', 0, 1);
      const second = recordedEvent('product-dup', 1, 2);
      const seen: string[] = [];
      const progress = condition();
      await queue.enqueue(first);
      await queue.enqueue(first);
      await queue.enqueue(second);
      await queue.enqueue(first);
      const workers = start(queue, 1, async (event) => {
        seen.push(event.eventId);
        progress.notify();
      });
      try {
        await progress.until(() => seen.includes(second.eventId), 'the second event');
      } finally {
        await workers.close();
        await queue.close();
      }
      expect(seen).toEqual([first.eventId, second.eventId]);
    });

    it('ignores an event enqueued again after it was applied', async () => {
      const { queue } = makeQueue();
      const first = recordedEvent('product-resent', 0, 1);
      const second = recordedEvent('product-resent', 1, 2);
      const seen: string[] = [];
      const progress = condition();
      const workers = start(queue, 1, async (event) => {
        seen.push(event.eventId);
        progress.notify();
      });
      try {
        await queue.enqueue(first);
        await progress.until(() => seen.length === 1, 'the first event');
        await queue.enqueue(first);
        await queue.enqueue(second);
        await progress.until(() => seen.includes(second.eventId), 'the second event');
      } finally {
        await workers.close();
        await queue.close();
      }
      expect(seen).toEqual([first.eventId, second.eventId]);
    });

    it('retries a failing event in place: the rest of its stream waits for it', async () => {
      const { queue, consumers } = makeQueue();
      const events = [0, 1, 2].map((revision) =>
        recordedEvent('product-flaky', revision, revision + 1),
      );
      const attempts = new Map<number, number>();
      const applied: number[] = [];
      const progress = condition();
      const workers = start(queue, consumers, async (event) => {
        const attempt = (attempts.get(event.revision) ?? 0) + 1;
        attempts.set(event.revision, attempt);
        if (event.revision === 0 && attempt <= 2) throw new Error('read store unavailable');
        applied.push(event.revision);
        progress.notify();
      });
      try {
        for (const event of events) await queue.enqueue(event);
        await progress.until(() => applied.length === 3, 'three events applied');
      } finally {
        await workers.close();
        await queue.close();
      }
      expect(applied).toEqual([0, 1, 2]);
      expect(attempts.get(0)).toBe(3);
    });

    it('says it is consuming once it takes events, and no longer once closed', async () => {
      const { queue } = makeQueue();
      const event = recordedEvent('product-ready', 0, 1);
      const progress = condition();
      let applied = false;
      const consumer = queue.consume(
        eachEvent(async () => {
          applied = true;
          progress.notify();
        }),
      );
      try {
        await queue.enqueue(event);
        await progress.until(() => applied, 'the event applied');
        expect(consumer.consuming()).toBe(true);
      } finally {
        await consumer.close();
        await queue.close();
      }
      expect(consumer.consuming()).toBe(false);
    });

    it('lets the event being applied finish when the consumer closes, and applies it once', async () => {
      const { queue } = makeQueue();
      const slow = recordedEvent('product-slow', 0, 1);
      const started = deferred();
      const finished: string[] = [];
      const consumer = queue.consume(
        eachEvent(async (event) => {
          started.resolve();
          await new Promise((resolve) => setTimeout(resolve, 150));
          finished.push(event.eventId);
        }),
      );
      await queue.enqueue(slow);
      await started.promise;
      await consumer.close();
      expect(finished).toEqual([slow.eventId]);

      // A later consumer picks up what follows, and does not see the finished event again.
      const next = recordedEvent('product-slow', 1, 2);
      const progress = condition();
      const again: RecordedEvent[] = [];
      const later = queue.consume(
        eachEvent(async (event) => {
          again.push(event);
          progress.notify();
        }),
      );
      try {
        await queue.enqueue(next);
        await progress.until(() => again.length >= 1, 'the next event');
      } finally {
        await later.close();
        await queue.close();
      }
      expect(again.map((e) => e.eventId)).toEqual([next.eventId]);
    });
  });
}

eventQueueContract('in-process queue', () => ({ queue: createInProcessQueue(), consumers: 1 }));

eventQueueContract(
  redisUp
    ? 'BullMQ queue (partitioned, two consumers standing for two worker processes)'
    : `BullMQ queue (skipped: no Redis at ${redisUrl})`,
  () => {
    const prefix = uniquePrefix('queue');
    prefixes.push(prefix);
    return { queue: createBullmqQueue({ redisUrl, prefix, partitions: 3 }), consumers: 2 };
  },
  !redisUp,
);

describe.skipIf(!redisUp)('BullMQ queue: what Redis keeps', () => {
  it('keeps no applied event: its personal data leaves Redis once it is applied', async () => {
    const prefix = uniquePrefix('queue-kept');
    prefixes.push(prefix);
    const queue = createBullmqQueue({ redisUrl, prefix, partitions: 2 });
    const events = [0, 1, 2].map((revision) => ({
      ...recordedEvent('booking-kept', revision, revision + 1),
      data: { buyerEmail: 'kept.buyer@mail.example' },
    }));
    const seen: string[] = [];
    const progress = condition();
    const consumer = queue.consume(
      eachEvent(async (event) => {
        seen.push(event.eventId);
        progress.notify();
      }),
    );
    const redis = new Redis(redisUrl);
    try {
      for (const event of events) await queue.enqueue(event);
      await progress.until(() => seen.length === events.length, 'the events applied');
      await consumer.close();
      const stored: string[] = [];
      for (const key of await redis.keys(`${prefix}:*`)) {
        const type = await redis.type(key);
        if (type === 'hash') stored.push(...Object.values(await redis.hgetall(key)));
        else if (type === 'string') stored.push((await redis.get(key)) ?? '');
        else if (type === 'list') stored.push(...(await redis.lrange(key, 0, -1)));
        else if (type === 'zset') stored.push(...(await redis.zrange(key, 0, -1)));
      }
      expect(stored.join('\n')).not.toContain('kept.buyer@mail.example');
    } finally {
      redis.disconnect();
      await queue.close();
    }
  });
});
