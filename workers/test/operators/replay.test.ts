import type { EventStore } from '@resale/events';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { replayReadModels } from '../../src/operators/replay.ts';
import {
  startBullmqPipeline,
  startEmbeddedPipeline,
  type Pipeline,
} from '../../src/pipeline/pipelines.ts';
import { createInProcessPubSub, createRedisPubSub } from '../../src/pubsub/mqemitter-pubsub.ts';
import { changeTopic } from '../../src/pubsub/topics.ts';
import { waitForPosition } from '../../src/pubsub/wait-for-position.ts';
import type { EmbeddedReadStore, RebuildTarget } from '../../src/read-models.ts';
import { deferred } from '../support/events.ts';
import { flakyDelivery } from '../support/flaky-delivery.ts';
import { runSeed, seededRandom } from '../support/random.ts';
import { deleteKeys, redisAnswers, redisUrl, uniquePrefix } from '../support/redis.ts';
import {
  appendAll,
  freshReplayHashes,
  openEventStore,
  openReadStore,
  scratchDir,
} from '../support/stores.ts';
import { randomWorkload, type WorkloadAppend } from '../support/workload.ts';

const redisUp = await redisAnswers();

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});
const prefixes: string[] = [];
afterAll(async () => {
  for (const prefix of prefixes) await deleteKeys(prefix);
});

interface Stores {
  eventStore: EventStore;
  readStore: EmbeddedReadStore;
  dir: string;
}

async function givenStores(): Promise<Stores> {
  const dir = await scratchDir('replay');
  const eventStore = openEventStore(dir.path);
  const readStore = openReadStore(dir.path);
  cleanup.push(
    dir.remove,
    () => eventStore.close(),
    () => readStore.close(),
  );
  return { eventStore, readStore, dir: dir.path };
}

/** Appends the workload in a few bursts, as concurrent writers of different streams would. */
async function appendInBursts(eventStore: EventStore, workload: readonly WorkloadAppend[]) {
  const streamsOf = new Map<string, WorkloadAppend[]>();
  for (const step of workload)
    streamsOf.set(step.streamId, [...(streamsOf.get(step.streamId) ?? []), step]);
  // Each stream's appends stay in order; streams race each other.
  await Promise.all([...streamsOf.values()].map((steps) => appendAll(eventStore, steps)));
  return eventStore.headPosition();
}

/** Live hashes, then the hashes after an operator's replay of everything: they must not differ. */
async function expectReplayEqualsLive(stores: Stores, settled: Promise<void>, head: number) {
  await settled;
  const live = await stores.readStore.hashModels();
  const empty = await freshReplayHashes(openEmptyLog(), stores.dir);
  // The read models hold documents: a comparison of empty tables would prove nothing. (Reported
  // products may all have been deleted again by the end of a short workload.)
  for (const model of ['categories', 'users', 'sellers', 'products', 'bookings'] as const)
    expect(live[model], model).not.toBe(empty[model]);

  const report = await replayReadModels({
    eventStore: stores.eventStore,
    readStore: stores.readStore,
  });
  expect(report.events).toBe(head);
  expect(await stores.readStore.hashModels()).toEqual(live);
  expect(await freshReplayHashes(stores.eventStore, stores.dir)).toEqual(live);
}

const openEmptyLog = (): Pick<EventStore, 'readAll' | 'headPosition'> => ({
  readAll: async () => [],
  headPosition: async () => 0,
});

describe('replay equals live', () => {
  it('with the in-process queue, duplicate deliveries and random delays', async () => {
    const stores = await givenStores();
    const random = seededRandom(runSeed('replay equals live, in-process'));
    const workload = randomWorkload(random, 160);
    const flaky = flakyDelivery(random);
    const pubsub = createInProcessPubSub();
    cleanup.push(() => pubsub.close());
    const pipeline = await startEmbeddedPipeline({
      ...stores,
      pubsub,
      instrument: flaky.instrument,
    });
    cleanup.push(() => pipeline.stop());

    const head = await appendInBursts(stores.eventStore, workload);
    await expectReplayEqualsLive(stores, flaky.allApplied(head), head);
    expect(flaky.duplicates).toBeGreaterThan(0);
  });

  it.skipIf(!redisUp)(
    redisUp
      ? 'with BullMQ partitions, two workers, duplicate deliveries and random delays'
      : `with BullMQ (skipped: no Redis at ${redisUrl})`,
    async () => {
      const stores = await givenStores();
      const random = seededRandom(runSeed('replay equals live, BullMQ'));
      const workload = randomWorkload(random, 160);
      const flaky = flakyDelivery(random);
      const prefix = uniquePrefix('replay');
      prefixes.push(prefix);
      const pubsub = createRedisPubSub({
        redisUrl,
        channelPrefix: `${prefix}:`,
        onError: () => undefined,
      });
      cleanup.push(() => pubsub.close());
      const common = {
        ...stores,
        pubsub,
        redisUrl,
        prefix,
        partitions: 3,
        instrument: flaky.instrument,
        onError: () => undefined,
      };
      // Two worker processes' worth of consumers; one of them also relays.
      const workers: Pipeline[] = [
        await startBullmqPipeline({ ...common, relay: true }),
        await startBullmqPipeline({ ...common, relay: false }),
      ];
      cleanup.push(() => Promise.all(workers.map((w) => w.stop())).then(() => undefined));

      const head = await appendInBursts(stores.eventStore, workload);
      await expectReplayEqualsLive(stores, flaky.allApplied(head), head);
      expect(flaky.duplicates).toBeGreaterThan(0);
    },
  );
});

describe('an operator replay while the service runs', () => {
  it('loses no event appended during the replay: it catches up before it swaps', async () => {
    const stores = await givenStores();
    const random = seededRandom(runSeed('replay during appends'));
    const workload = randomWorkload(random, 120);
    const pubsub = createInProcessPubSub();
    cleanup.push(() => pubsub.close());
    const pipeline = await startEmbeddedPipeline({ ...stores, pubsub });
    cleanup.push(() => pipeline.stop());
    await appendAll(stores.eventStore, workload.slice(0, 80));

    // The live service applies more events between the replay's last read and its swap.
    let interfered = false;
    const readStore = {
      beginRebuild: async (names: Parameters<EmbeddedReadStore['beginRebuild']>[0]) => {
        const target = await stores.readStore.beginRebuild(names);
        const commit = async () => {
          if (!interfered) {
            interfered = true;
            const head = await appendAll(stores.eventStore, workload.slice(80));
            expect(await waitForPosition(stores.readStore, pubsub, head, 10_000)).toBe(true);
          }
          return target.commit();
        };
        return new Proxy(target, {
          get: (object, property, receiver) =>
            property === 'commit' ? commit : (Reflect.get(object, property, receiver) as unknown),
        }) as RebuildTarget;
      },
    };
    const report = await replayReadModels({
      eventStore: stores.eventStore,
      readStore,
      pageSize: 25,
    });

    const head = await stores.eventStore.headPosition();
    expect(report.catchUps).toBe(1);
    expect(report.position).toBe(head);
    expect(await waitForPosition(stores.readStore, pubsub, head, 10_000)).toBe(true);
    expect(await stores.readStore.hashModels()).toEqual(
      await freshReplayHashes(stores.eventStore, stores.dir),
    );
  });

  it('rebuilds only the named read models (with what they derive from)', async () => {
    const stores = await givenStores();
    const head = await appendAll(
      stores.eventStore,
      randomWorkload(seededRandom(runSeed('named replay')), 60),
    );
    const pubsub = createInProcessPubSub();
    cleanup.push(() => pubsub.close());
    const pipeline = await startEmbeddedPipeline({ ...stores, pubsub });
    cleanup.push(() => pipeline.stop());
    expect(await waitForPosition(stores.readStore, pubsub, head, 10_000)).toBe(true);
    const live = await stores.readStore.hashModels();

    const progress: number[] = [];
    const report = await replayReadModels({
      ...stores,
      names: ['reportedProducts'],
      pageSize: 10,
      onProgress: ({ position }) => progress.push(position),
    });

    expect(report.names).toEqual(['reportedProducts']);
    expect(progress.at(-1)).toBe(head);
    expect(progress.length).toBeGreaterThan(1);
    expect(await stores.readStore.hashModels()).toEqual(live);
  });
});

describe('after the swap', () => {
  it('announces each rebuilt read model on the pub/sub it is given, for clients to refetch', async () => {
    const stores = await givenStores();
    const head = await appendAll(
      stores.eventStore,
      randomWorkload(seededRandom(runSeed('announced replay')), 30),
    );
    const pubsub = createInProcessPubSub();
    cleanup.push(() => pubsub.close());
    const heard: unknown[] = [];
    for (const topic of ['products', 'sellerProducts', 'reportedProducts', 'users'] as const)
      await pubsub.subscribe(changeTopic(topic), (payload) => heard.push(payload));

    const report = await replayReadModels({ ...stores, names: ['products'], pubsub });

    expect(report.noticeError).toBeUndefined();
    // Products feed the seller's products too; reported products were built only as a source.
    expect(heard).toEqual([
      { topic: 'products', key: null, ids: [], position: head },
      { topic: 'sellerProducts', key: null, ids: [], position: head },
    ]);
  });

  it('keeps the swap when the notices cannot be sent, and says so', async () => {
    const stores = await givenStores();
    await appendAll(stores.eventStore, randomWorkload(seededRandom(runSeed('unannounced')), 30));
    const before = await stores.readStore.hashModels();
    const report = await replayReadModels({
      ...stores,
      pubsub: { publishApplied: () => Promise.reject(new Error('Redis is away')) },
    });
    expect(report.noticeError?.message).toBe('Redis is away');
    expect(await stores.readStore.hashModels()).not.toEqual(before);
    expect(await stores.readStore.hashModels()).toEqual(
      await freshReplayHashes(stores.eventStore, stores.dir),
    );
  });

  it('reaches the subscribers of a service on the same embedded read store, in another connection', async () => {
    const stores = await givenStores();
    const head = await appendAll(
      stores.eventStore,
      randomWorkload(seededRandom(runSeed('noticed replay')), 30),
    );
    const pubsub = createInProcessPubSub();
    cleanup.push(() => pubsub.close());
    const pipeline = await startEmbeddedPipeline({ ...stores, pubsub, swapCheckIntervalMs: 20 });
    cleanup.push(() => pipeline.stop());
    expect(await waitForPosition(stores.readStore, pubsub, head, 10_000)).toBe(true);
    const heard: unknown[] = [];
    const noticed = deferred<unknown>();
    await pubsub.subscribe(changeTopic('sellers'), (payload) => heard.push(payload));
    await pubsub.subscribe(changeTopic('users'), noticed.resolve);

    // The replay command opens the read store file itself, as another process does.
    const operator = openReadStore(stores.dir);
    cleanup.push(() => operator.close());
    await replayReadModels({
      eventStore: stores.eventStore,
      readStore: operator,
      names: ['users'],
    });

    expect(await noticed.promise).toEqual({ topic: 'users', key: null, ids: [], position: head });
    expect(heard).toEqual([]);
  });
});
