import { randomUUID } from 'node:crypto';
import {
  embeddedEventStoreFile,
  openEmbeddedEventStore,
  type NewEvent,
  type RecordedEvent,
} from '@resale/events';
import { describe, expect, it } from 'vitest';
import { createInProcessPubSub } from '../../src/pubsub/mqemitter-pubsub.ts';
import {
  announceAppends,
  atMostEvery,
  followAppendNotices,
  logAppendedTopic,
  oncePerTurn,
} from '../../src/pubsub/log-appends.ts';
import { condition } from '../support/events.ts';
import { scratchDir, teardownAfterEach } from '../support/stores.ts';

const teardown = teardownAfterEach();

/** Far longer than any test waits: a subscription that depended on its poll would time out. */
const pollIntervalMs = 600_000;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const reported = (productId: string): NewEvent[] => [
  {
    eventId: randomUUID(),
    event: { type: 'ProductReported', schemaVersion: 1, data: { productId } },
    metadata: {
      actorUid: 'u-test',
      actorEmail: 'tester@example.com',
      occurredAt: '2026-11-30T10:00:00.000Z',
      correlationId: 'c-test',
      causationId: 'c-test',
    },
  },
];

/** Stands for the gateway's event store: it tells its listeners of each append. */
function appendListeners() {
  const listeners = new Set<() => void>();
  return {
    onAppendSettled(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    tell: () => listeners.forEach((listener) => listener()),
  };
}

describe('notices of appends to the shared embedded log', () => {
  it("wake a worker's subscription of the file at once, not at its next poll", async () => {
    // Given a gateway's and a worker's handles of one log file, and one pub/sub between them
    const dir = await scratchDir('log-appends');
    const file = embeddedEventStoreFile(dir.path);
    const gatewayLog = openEmbeddedEventStore({ file, pollIntervalMs });
    const workerLog = openEmbeddedEventStore({ file, pollIntervalMs });
    const pubsub = createInProcessPubSub();
    const appends = appendListeners();
    const stopAnnouncing = announceAppends(appends.onAppendSettled, pubsub, (error) => {
      throw error;
    });
    const stopFollowing = await followAppendNotices(workerLog, pubsub);
    const received: RecordedEvent[] = [];
    const arrived = condition(10_000);
    const subscription = workerLog.subscribeToAll({
      after: 0,
      onEvent: (event) => {
        received.push(event);
        arrived.notify();
      },
    });
    teardown(
      dir.remove,
      () => gatewayLog.close(),
      () => workerLog.close(),
      () => pubsub.close(),
    );
    teardown(async () => {
      stopAnnouncing();
      await stopFollowing?.();
      await subscription.close();
    });
    // It reads on microtasks: by the next turn it has found the log empty and waits for a commit.
    await nextTurn();

    // When the gateway appends and its store tells of it
    await gatewayLog.append('product-p1', reported('p1'), { expectedRevision: 'no_stream' });
    appends.tell();

    // Then the worker reads the event long before its poll would have found it
    await arrived.until(() => received.length === 1, 'the appended event');
    expect(received.map((event) => [event.type, event.streamId])).toEqual([
      ['ProductReported', 'product-p1'],
    ]);
  });

  it('are sent once per turn of the event loop, however many appends it made', async () => {
    // Given a gateway announcing its appends
    const pubsub = createInProcessPubSub();
    const appends = appendListeners();
    const stopAnnouncing = announceAppends(appends.onAppendSettled, pubsub, (error) => {
      throw error;
    });
    let notices = 0;
    const stopListening = await pubsub.subscribe(logAppendedTopic, () => (notices += 1));
    teardown(() => pubsub.close(), stopListening);

    // When three appends start and settle in one turn (each tells twice)
    for (let append = 0; append < 6; append += 1) appends.tell();
    await nextTurn();
    await nextTurn();

    // Then one notice went out; none after the gateway stopped announcing
    expect(notices).toBe(1);
    stopAnnouncing();
    appends.tell();
    await nextTurn();
    await nextTurn();
    expect(notices).toBe(1);
  });

  it('oncePerTurn runs its work in the next turn, once', async () => {
    let runs = 0;
    const run = oncePerTurn(() => (runs += 1));
    run();
    run();
    expect(runs).toBe(0);
    await nextTurn();
    expect(runs).toBe(1);
    run();
    await nextTurn();
    expect(runs).toBe(2);
  });

  it('atMostEvery runs at once after a quiet spell, else once when the interval is over', async () => {
    const intervalMs = 50;
    const runs: number[] = [];
    const ran = condition();
    const run = atMostEvery(intervalMs, () => {
      runs.push(performance.now());
      ran.notify();
    });
    run();
    run();
    expect(runs).toHaveLength(0);
    await nextTurn();
    expect(runs).toHaveLength(1);

    // Asked again within the interval: once, when it is over.
    run();
    run();
    await nextTurn();
    expect(runs).toHaveLength(1);
    await ran.until(() => runs.length === 2, 'the second run');
    expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(intervalMs - 1);
    await nextTurn();
    expect(runs).toHaveLength(2);
  });
});
