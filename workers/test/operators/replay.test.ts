import type { EventStore } from '@resale/events';
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { replayNodeFlags, replayReadModels } from '../../src/operators/replay.ts';
import {
  startBullmqPipeline,
  startEmbeddedPipeline,
  type Pipeline,
} from '../../src/pipeline/pipelines.ts';
import { createInProcessPubSub, createRedisPubSub } from '../../src/pubsub/mqemitter-pubsub.ts';
import { changeTopic } from '../../src/pubsub/topics.ts';
import { waitForPosition } from '../../src/pubsub/wait-for-position.ts';
import type { EmbeddedReadStore, ReadModelChange, RebuildTarget } from '../../src/read-models.ts';
import { condition, printError } from '../support/events.ts';
import { flakyDelivery } from '../support/flaky-delivery.ts';
import { runSeed, seededRandom } from '../support/random.ts';
import { deleteKeys, redisAnswers, redisUrl, uniquePrefix } from '../support/redis.ts';
import {
  appendAll,
  freshReplayHashes,
  givenEmbeddedStores,
  openReadStore,
  teardownAfterEach,
} from '../support/stores.ts';
import { randomWorkload, type WorkloadAppend } from '../support/workload.ts';

const redisUp = await redisAnswers();

const teardown = teardownAfterEach();
const prefixes: string[] = [];
afterAll(async () => {
  for (const prefix of prefixes) await deleteKeys(prefix);
});

type Stores = Awaited<ReturnType<typeof givenEmbeddedStores>>;
const givenStores = (): Promise<Stores> => givenEmbeddedStores('replay', teardown);

/** Stores holding a random history of `appends` appends (seeded by `label`). */
async function givenAHistory(label: string, appends: number): Promise<Stores & { head: number }> {
  const stores = await givenStores();
  // Pipelines here run without the reactors that end bookings (see givenTheEmbeddedService), and
  // streams are appended racing each other: no cancellations in the log.
  const workload = randomWorkload(seededRandom(runSeed(label)), appends, {
    cancelBookingsOfDeleted: false,
  });
  return { ...stores, head: await appendAll(stores.eventStore, workload) };
}

/** The embedded service's pub/sub and pipeline on these stores, stopped after the test. */
async function givenTheEmbeddedService(
  stores: Stores,
  options: Omit<
    Parameters<typeof startEmbeddedPipeline>[0],
    keyof Stores | 'pubsub' | 'onError'
  > = {},
) {
  const pubsub = createInProcessPubSub();
  teardown(() => pubsub.close());
  const pipeline = await startEmbeddedPipeline({
    ...stores,
    pubsub,
    onError: printError,
    // The workload's bookings are old: bookings ending now would append to the log compared.
    endBookings: false,
    ...options,
  });
  teardown(() => pipeline.stop());
  return { pubsub, pipeline };
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
    const workload = randomWorkload(random, 160, { cancelBookingsOfDeleted: false });
    const flaky = flakyDelivery(random);
    await givenTheEmbeddedService(stores, { instrument: flaky.instrument });

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
      const workload = randomWorkload(random, 160, { cancelBookingsOfDeleted: false });
      const flaky = flakyDelivery(random);
      const prefix = uniquePrefix('replay');
      prefixes.push(prefix);
      const pubsub = createRedisPubSub({
        redisUrl,
        channelPrefix: `${prefix}:`,
        onError: () => undefined,
      });
      teardown(() => pubsub.close());
      const common = {
        ...stores,
        pubsub,
        redisUrl,
        prefix,
        partitions: 3,
        instrument: flaky.instrument,
        onError: () => undefined,
        endBookings: false,
      };
      // Two worker processes' worth of consumers; one of them also relays.
      const workers: Pipeline[] = [
        await startBullmqPipeline({ ...common, relay: true }),
        await startBullmqPipeline({ ...common, relay: false }),
      ];
      teardown(() => Promise.all(workers.map((w) => w.stop())).then(() => undefined));

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
    const workload = randomWorkload(random, 120, { cancelBookingsOfDeleted: false });
    const { pubsub } = await givenTheEmbeddedService(stores);
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

  it('rebuilds only the named read models', async () => {
    const { head, ...stores } = await givenAHistory('named replay', 60);
    const { pubsub } = await givenTheEmbeddedService(stores);
    expect(await waitForPosition(stores.readStore, pubsub, head, 10_000)).toBe(true);
    const live = await stores.readStore.hashModels();

    const progress: number[] = [];
    const report = await replayReadModels({
      ...stores,
      names: ['sellers'],
      pageSize: 10,
      onProgress: ({ position }) => progress.push(position),
    });

    expect(report.names).toEqual(['sellers']);
    expect(progress.at(-1)).toBe(head);
    expect(progress.length).toBeGreaterThan(1);
    expect(await stores.readStore.hashModels()).toEqual(live);
  });
});

describe('after the swap', () => {
  it('announces each rebuilt read model on the pub/sub it is given, for clients to refetch', async () => {
    const { head, ...stores } = await givenAHistory('announced replay', 30);
    const pubsub = createInProcessPubSub();
    teardown(() => pubsub.close());
    const heard: unknown[] = [];
    for (const topic of ['products', 'sellerProducts', 'reportedProducts', 'users'] as const)
      await pubsub.subscribe(changeTopic(topic), (payload) => heard.push(payload));

    const report = await replayReadModels({ ...stores, names: ['products'], pubsub });

    expect(report.noticeError).toBeUndefined();
    // Products feed a seller's products and the reported products too.
    expect(heard).toEqual([
      { topic: 'products', key: null, ids: [], position: head, rebuilt: true },
      { topic: 'sellerProducts', key: null, ids: [], position: head, rebuilt: true },
      { topic: 'reportedProducts', key: null, ids: [], position: head, rebuilt: true },
    ]);
  });

  it('keeps the swap when the notices cannot be sent, and says so', async () => {
    const stores = await givenAHistory('unannounced replay', 30);
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
    const { head, ...stores } = await givenAHistory('noticed replay', 30);
    const { pubsub } = await givenTheEmbeddedService(stores, { swapCheckIntervalMs: 20 });
    expect(await waitForPosition(stores.readStore, pubsub, head, 10_000)).toBe(true);
    // Live changes of the last events may still come: a swap's notice is the one without ids.
    const notices: ReadModelChange[] = [];
    const heard = condition(10_000);
    for (const topic of ['users', 'sellers'] as const)
      await pubsub.subscribe(changeTopic(topic), (payload) => {
        const change = payload as ReadModelChange;
        if (change.ids.length === 0) notices.push(change);
        heard.notify();
      });

    // The replay command opens the read store file itself, as another process does.
    const operator = openReadStore(stores.dir);
    teardown(() => operator.close());
    const report = await replayReadModels({
      eventStore: stores.eventStore,
      readStore: operator,
      names: ['users'],
    });

    await heard.until(() => notices.length > 0, 'the notice of the swap');
    expect(notices).toEqual([
      { topic: 'users', key: null, ids: [], position: report.position, rebuilt: true },
    ]);
  });
});

describe('npm run replay', () => {
  it("passes the replay's Node flags", async () => {
    const manifest = JSON.parse(
      await readFile(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { scripts: Record<string, string> };
    for (const flag of replayNodeFlags) expect(manifest.scripts['replay']).toContain(flag);
  });
});
