import type { RecordedEvent, SubscribeOptions } from '@resale/events';
import { describe, expect, it } from 'vitest';
import { StreamHistories } from '../src/stream-histories.ts';

const recorded = (streamId: string, position: number): RecordedEvent => ({
  eventId: `e${position}`,
  streamId,
  revision: 0,
  position,
  type: 'ProductPriceChanged',
  schemaVersion: 1,
  data: {},
  metadata: {
    actorUid: 'u1',
    actorEmail: 'u1@example.com',
    occurredAt: '2026-11-26T08:00:00.000Z',
    correlationId: 'c',
    causationId: 'c',
  },
  recordedAt: '2026-11-26T08:00:00.000Z',
});

/** A log whose subscription delivers only when told (`deliver`), and counts its stream reads. */
function givenALog(initial: RecordedEvent[]) {
  const log = [...initial];
  let subscriber: SubscribeOptions | undefined;
  const reads: string[] = [];
  const erased: string[] = [];
  let readGate: Promise<void> = Promise.resolve();
  return {
    reads,
    erased,
    append(event: RecordedEvent) {
      log.push(event);
    },
    deliver(event: RecordedEvent): Promise<void> {
      return Promise.resolve(subscriber?.onEvent(event));
    },
    fail() {
      subscriber?.onError?.(new Error('the log went away'));
    },
    /** Holds stream reads until the answered release is called. */
    holdReads(): () => void {
      let release = (): void => {};
      readGate = new Promise((resolve) => (release = resolve));
      return release;
    },
    store: {
      headPosition: async () => log.at(-1)?.position ?? 0,
      subscribeToAll(options: SubscribeOptions) {
        subscriber = options;
        return { close: async () => {} };
      },
      async readStream(streamId: string) {
        reads.push(streamId);
        const snapshot = log.filter((event) => event.streamId === streamId);
        await readGate;
        return snapshot;
      },
      async erasePersonalData(subject: string) {
        erased.push(subject);
      },
    },
  };
}

const positions = (events: readonly RecordedEvent[]) => events.map((event) => event.position);

describe('the histories the audit keeps', () => {
  it('reads a stream once, then follows it from the log', async () => {
    const log = givenALog([recorded('product-p1', 1), recorded('product-p2', 2)]);
    const histories = new StreamHistories(log.store, () => {});
    expect(positions(await histories.readStream('product-p1'))).toEqual([1]);
    const next = recorded('product-p1', 3);
    log.append(next);
    log.deliver(next);
    log.deliver(recorded('product-p2', 4));
    expect(positions(await histories.readStream('product-p1'))).toEqual([1, 3]);
    expect(log.reads).toEqual(['product-p1']);
  });

  it('neither loses nor doubles what the log delivers while the stream is read', async () => {
    const log = givenALog([recorded('product-p1', 1)]);
    const histories = new StreamHistories(log.store, () => {});
    await histories.watch(['product-none'], () => {});
    const release = log.holdReads();
    const first = histories.readStream('product-p1');
    const second = histories.readStream('product-p1');
    await new Promise((resolve) => setImmediate(resolve));
    // Delivered during the read: one the read saw already, one committed after it looked.
    log.deliver(recorded('product-p1', 1));
    const later = recorded('product-p1', 2);
    log.append(later);
    log.deliver(later);
    release();
    expect(positions(await first)).toEqual([1, 2]);
    expect(positions(await second)).toEqual([1, 2]);
    expect(log.reads).toEqual(['product-p1']);
  });

  it('tells watchers of their streams, after keeping the event', async () => {
    const log = givenALog([recorded('product-p1', 1)]);
    const histories = new StreamHistories(log.store, () => {});
    await histories.readStream('product-p1');
    const told: Promise<number[]>[] = [];
    const stop = await histories.watch(['product-p1'], () => {
      told.push(histories.readStream('product-p1').then(positions));
    });
    log.deliver(recorded('product-p1', 2));
    log.deliver(recorded('product-p9', 3));
    const [seen] = await Promise.all(told);
    await stop();
    log.deliver(recorded('product-p1', 4));
    expect(seen).toEqual([1, 2]);
    expect(told).toHaveLength(1);
  });

  it('forgets the least recently read histories past its bound', async () => {
    const log = givenALog([
      recorded('product-a', 1),
      recorded('product-a', 2),
      recorded('product-b', 3),
      recorded('product-b', 4),
      recorded('product-c', 5),
    ]);
    const histories = new StreamHistories(log.store, () => {}, 4);
    await histories.readStream('product-a');
    await histories.readStream('product-b');
    await histories.readStream('product-a');
    await histories.readStream('product-c');
    await histories.readStream('product-a');
    expect(log.reads).toEqual(['product-a', 'product-b', 'product-c']);
    await histories.readStream('product-b');
    expect(log.reads).toEqual(['product-a', 'product-b', 'product-c', 'product-b']);
  });

  it('drops what it kept when the subscription fails, and reads again', async () => {
    const log = givenALog([recorded('product-p1', 1)]);
    const failures: Error[] = [];
    const histories = new StreamHistories(log.store, (error) => failures.push(error));
    await histories.readStream('product-p1');
    log.fail();
    log.append(recorded('product-p1', 2));
    expect(positions(await histories.readStream('product-p1'))).toEqual([1, 2]);
    expect(log.reads).toEqual(['product-p1', 'product-p1']);
    expect(failures.map((error) => error.message)).toEqual(['the log went away']);
  });

  it("drops what it kept once a deleted user's key is destroyed, destroying it too", async () => {
    const log = givenALog([recorded('product-p1', 1)]);
    const histories = new StreamHistories(log.store, () => {});
    await histories.readStream('product-p1');
    const deletion: RecordedEvent = {
      ...recorded('user-u2', 2),
      type: 'UserDeleted',
      data: { uid: 'u2' },
    };
    log.append(deletion);
    await log.deliver(deletion);
    expect(log.erased).toEqual(['u2']);
    expect(positions(await histories.readStream('product-p1'))).toEqual([1]);
    expect(log.reads).toEqual(['product-p1', 'product-p1']);
  });
});
