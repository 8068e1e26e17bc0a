import { randomUUID } from 'node:crypto';
import type { EventStore, RecordedEvent } from '@resale/events';
import { describe, expect, it } from 'vitest';
import type { EventQueue } from '../../src/queue/port.ts';
import { startRelay, type CheckpointStore } from '../../src/relay/relay.ts';
import { condition } from '../support/events.ts';
import { runSeed, seededRandom } from '../support/random.ts';
import { givenAnEventStore, teardownAfterEach } from '../support/stores.ts';

const reported = (productId: string) => ({
  eventId: randomUUID(),
  event: { type: 'ProductReported' as const, schemaVersion: 1 as const, data: { productId } },
  metadata: {
    actorUid: 'u1',
    actorEmail: 'u1@example.com',
    occurredAt: '2026-11-21T10:00:00.000Z',
    correlationId: 'c1',
    causationId: 'c1',
  },
});

/** Appends `count` events to `streamId`, one append at a time. */
async function writer(store: EventStore, streamId: string, count: number): Promise<void> {
  for (let revision = 0; revision < count; revision++)
    await store.append(streamId, [reported(streamId.slice('product-'.length))], {
      expectedRevision: revision === 0 ? 'no_stream' : revision - 1,
    });
}

/** A queue that records what it accepted, taking a little while for each (like a network hop). */
function recordingQueue(delay: () => number = () => 0) {
  const accepted: RecordedEvent[] = [];
  const arrived = condition();
  const queue: Pick<EventQueue, 'enqueue'> = {
    async enqueue(event) {
      const ms = delay();
      if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
      accepted.push(event);
      arrived.notify();
    },
  };
  return {
    queue,
    accepted,
    until: (count: number) => arrived.until(() => accepted.length >= count, `${count} events`),
  };
}

function memoryCheckpoint(start = 0) {
  const saves: number[] = [];
  const store: CheckpointStore = {
    load: async () => saves.at(-1) ?? start,
    save: async (position) => void saves.push(position),
  };
  return { store, saves };
}

const teardown = teardownAfterEach();

async function givenAnEmptyLog(): Promise<EventStore> {
  return (await givenAnEventStore('relay', teardown)).eventStore;
}

describe('the relay', () => {
  it('hands every event to the queue once, in log order, while writers append concurrently', async () => {
    const eventStore = await givenAnEmptyLog();
    const random = seededRandom(runSeed('relay concurrent appends'));
    const { queue, accepted, until } = recordingQueue(() => (random() < 0.2 ? 2 : 0));
    await writer(eventStore, 'product-early', 5);
    const relay = await startRelay({ eventStore, queue, checkpoint: memoryCheckpoint().store });
    teardown(() => relay.stop());

    await Promise.all(['a', 'b', 'c', 'd'].map((s) => writer(eventStore, `product-${s}`, 30)));
    const head = await eventStore.headPosition();
    expect(head).toBe(125);
    await until(head);

    expect(accepted.map((event) => event.position)).toEqual(
      Array.from({ length: head }, (_, i) => i + 1),
    );
    for (const stream of ['a', 'b', 'c', 'd']) {
      const revisions = accepted
        .filter((e) => e.streamId === `product-${stream}`)
        .map((e) => e.revision);
      expect(revisions).toEqual([...revisions.keys()]);
    }
  });

  it('after a restart, resumes right after the last event the queue accepted', async () => {
    const eventStore = await givenAnEmptyLog();
    const checkpoint = memoryCheckpoint();
    await writer(eventStore, 'product-before', 20);
    const first = recordingQueue();
    const relay = await startRelay({
      eventStore,
      queue: first.queue,
      checkpoint: checkpoint.store,
    });
    await first.until(20);
    await relay.caughtUpTo(20);
    await relay.stop();
    expect(checkpoint.saves.at(-1)).toBe(20);

    await writer(eventStore, 'product-while-down', 10);
    const second = recordingQueue();
    const restarted = await startRelay({
      eventStore,
      queue: second.queue,
      checkpoint: checkpoint.store,
    });
    teardown(() => restarted.stop());
    await second.until(10);
    await restarted.caughtUpTo(30);

    expect(second.accepted.map((e) => e.position)).toEqual(
      Array.from({ length: 10 }, (_, i) => i + 21),
    );
  });

  it('keeps retrying an event the queue refuses, never checkpointing past it', async () => {
    const eventStore = await givenAnEmptyLog();
    await writer(eventStore, 'product-x', 8);
    const checkpoint = memoryCheckpoint();
    const accepted: number[] = [];
    let refusals = 0;
    const refused = condition();
    let queueDown = true;
    const relay = await startRelay({
      eventStore,
      checkpoint: checkpoint.store,
      checkpointIntervalMs: 5,
      queue: {
        async enqueue(event) {
          if (event.position === 5 && queueDown) throw new Error('Redis is unreachable');
          accepted.push(event.position);
        },
      },
      onError: () => {
        refusals += 1;
        refused.notify();
      },
    });
    teardown(() => relay.stop());

    await refused.until(() => refusals >= 3 && checkpoint.saves.includes(4), 'three refusals');
    expect(accepted).toEqual([1, 2, 3, 4]);
    expect(Math.max(...checkpoint.saves)).toBe(4);

    queueDown = false;
    await relay.caughtUpTo(8);
    expect(accepted).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('stops promptly even while an enqueue hangs (Redis away), without checkpointing it', async () => {
    const eventStore = await givenAnEmptyLog();
    await writer(eventStore, 'product-y', 3);
    const checkpoint = memoryCheckpoint();
    const stuck = condition();
    let attempts = 0;
    const relay = await startRelay({
      eventStore,
      checkpoint: checkpoint.store,
      queue: {
        enqueue: (event) => {
          if (event.position < 3) return Promise.resolve();
          attempts += 1;
          stuck.notify();
          return new Promise<void>(() => undefined);
        },
      },
    });
    await stuck.until(() => attempts === 1, 'the enqueue of position 3');

    await relay.stop();
    expect(checkpoint.saves.at(-1)).toBe(2);
    expect(relay.position).toBe(2);
  });
});
