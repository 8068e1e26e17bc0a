import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidEventError } from '../../src/catalog.ts';
import type { RecordedEvent } from '../../src/envelope.ts';
import {
  WrongExpectedRevisionError,
  type EventStore,
  type Subscription,
} from '../../src/store/port.ts';
import {
  categoryCreated,
  metadata,
  uniqueStream,
  userDeleted,
  userRegistered,
} from './fixtures.ts';

/**
 * What every EventStore adapter must do. The log may be shared with earlier tests (a real
 * EventStoreDB server), so each test uses fresh streams and reads the global log from the head
 * it found when it started.
 */
export interface EventStoreTraits {
  /** The adapter commits an appendSequence as one: all or none (see the port). */
  readonly sequencesAreAtomic: boolean;
}

export function eventStoreContract(
  openStore: () => Promise<EventStore>,
  traits: EventStoreTraits,
): void {
  let store: EventStore;
  beforeEach(async () => {
    store = await openStore();
  });
  afterEach(async () => {
    await store.close();
  });

  /**
   * Collects what a subscription delivers of one stream (a shared server may log other tests'
   * events meanwhile) and lets a test await the n-th of them.
   */
  const collect = (streamId: string) => {
    const events: RecordedEvent[] = [];
    const waiters: { count: number; resolve: () => void }[] = [];
    return {
      events,
      onEvent: (event: RecordedEvent) => {
        if (event.streamId !== streamId) return;
        events.push(event);
        for (const waiter of waiters.filter((w) => events.length >= w.count)) waiter.resolve();
      },
      received: (count: number) =>
        new Promise<void>((resolve) => {
          if (events.length >= count) resolve();
          else waiters.push({ count, resolve });
        }),
    };
  };

  describe('append and read', () => {
    it('reads back an appended stream with its payloads, metadata, revisions and positions', async () => {
      const streamId = uniqueStream('category');
      const first = categoryCreated('c1', { correlationId: 'corr-42', causationId: 'cmd-7' });
      const second = categoryCreated('c2');

      const result = await store.append(streamId, [first, second], {
        expectedRevision: 'no_stream',
      });

      const events = await store.readStream(streamId);
      expect(events.map((e) => [e.eventId, e.type, e.schemaVersion, e.data, e.revision])).toEqual([
        [first.eventId, 'CategoryCreated', 2, first.event.data, 0],
        [second.eventId, 'CategoryCreated', 2, second.event.data, 1],
      ]);
      expect(events[0]?.metadata).toEqual(
        metadata({ correlationId: 'corr-42', causationId: 'cmd-7' }),
      );
      expect(events.every((e) => e.streamId === streamId)).toBe(true);
      expect(Number.isNaN(Date.parse(events[0]?.recordedAt ?? ''))).toBe(false);
      expect(result).toEqual({ nextExpectedRevision: 1, position: events[1]?.position });
      expect(events[1]!.position).toBeGreaterThan(events[0]!.position);
    });

    it('reads an event stored at an old schema version at the current one (upcast)', async () => {
      const streamId = uniqueStream('category');
      const name = 'c0ffee00-0000-4000-8000-000000000000.png';
      const old = categoryCreated('c1');
      const stored = {
        ...old,
        event: {
          type: 'CategoryCreated',
          schemaVersion: 1,
          data: {
            categoryId: 'c1',
            title: 'Phones',
            image: `http://127.0.0.1:5000/images/${name}`,
          },
        },
      };
      const { position } = await store.append(streamId, [stored], {
        expectedRevision: 'no_stream',
      });
      const current = {
        schemaVersion: 2,
        data: { categoryId: 'c1', title: 'Phones', image: name },
      };

      expect((await store.readStream(streamId))[0]).toMatchObject(current);
      expect((await store.readAll({ after: position - 1, limit: 1 }))[0]).toMatchObject(current);
      const received = collect(streamId);
      const subscription = store.subscribeToAll({ after: position - 1, onEvent: received.onEvent });
      await received.received(1);
      await subscription.close();
      expect(received.events[0]).toMatchObject(current);
    });

    it('reads a stream that does not exist as empty', async () => {
      expect(await store.readStream(uniqueStream('category'))).toEqual([]);
    });

    it('reports the position of the last appended event as the head', async () => {
      const { position } = await store.append(uniqueStream('user'), [userRegistered('u1')], {
        expectedRevision: 'no_stream',
      });
      expect(await store.headPosition()).toBe(position);
    });
  });

  describe('expected revision', () => {
    it('refuses no_stream when the stream exists', async () => {
      const streamId = uniqueStream('user');
      await store.append(streamId, [userRegistered('u1')], { expectedRevision: 'no_stream' });

      const attempt = store.append(streamId, [userRegistered('u1')], {
        expectedRevision: 'no_stream',
      });

      await expect(attempt).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(attempt).rejects.toMatchObject({ streamId, expected: 'no_stream', actual: 0 });
      expect(await store.readStream(streamId)).toHaveLength(1);
    });

    it('refuses an exact revision that is not the last one', async () => {
      const streamId = uniqueStream('user');
      await store.append(streamId, [userRegistered('u1'), userDeleted('u1')], {
        expectedRevision: 'no_stream',
      });

      const attempt = store.append(streamId, [userDeleted('u1')], { expectedRevision: 0 });

      await expect(attempt).rejects.toMatchObject({
        name: 'WrongExpectedRevisionError',
        expected: 0,
        actual: 1,
      });
    });

    it('refuses an exact revision on a stream that does not exist', async () => {
      const attempt = store.append(uniqueStream('user'), [userDeleted('u1')], {
        expectedRevision: 0,
      });
      await expect(attempt).rejects.toMatchObject({ expected: 0, actual: 'no_stream' });
    });

    it('appends at the exact last revision and returns the next one', async () => {
      const streamId = uniqueStream('user');
      await store.append(streamId, [userRegistered('u1')], { expectedRevision: 'no_stream' });

      const result = await store.append(streamId, [userDeleted('u1')], { expectedRevision: 0 });

      expect(result.nextExpectedRevision).toBe(1);
    });

    it('appends with any, whether or not the stream exists', async () => {
      const streamId = uniqueStream('category');
      await store.append(streamId, [categoryCreated('c1')], { expectedRevision: 'any' });
      const result = await store.append(streamId, [categoryCreated('c2')], {
        expectedRevision: 'any',
      });
      expect(result.nextExpectedRevision).toBe(1);
      expect(await store.readStream(streamId)).toHaveLength(2);
    });
  });

  describe('append sequence', () => {
    it('appends to each stream in order and answers each append', async () => {
      const [first, second] = [uniqueStream('user'), uniqueStream('category')];
      await store.append(first, [userRegistered('u1')], { expectedRevision: 'no_stream' });

      const results = await store.appendSequence([
        { streamId: first, events: [userDeleted('u1')], expectedRevision: 0 },
        {
          streamId: second,
          events: [categoryCreated('c1'), categoryCreated('c2')],
          expectedRevision: 'no_stream',
        },
      ]);

      const [deleted] = await store.readStream(first).then((events) => events.slice(1));
      const created = await store.readStream(second);
      expect(results).toEqual([
        { nextExpectedRevision: 1, position: deleted?.position },
        { nextExpectedRevision: 1, position: created[1]?.position },
      ]);
      expect(created.map((event) => event.revision)).toEqual([0, 1]);
      // In the log in the order of the sequence.
      expect(deleted!.position).toBeLessThan(created[0]!.position);
      expect(await store.headPosition()).toBeGreaterThanOrEqual(created[1]!.position);
    });

    it('refuses the sequence at its first append that is refused, and makes none after it', async () => {
      const [made, taken, after] = [
        uniqueStream('user'),
        uniqueStream('user'),
        uniqueStream('user'),
      ];
      await store.append(taken, [userRegistered('t')], { expectedRevision: 'no_stream' });

      const attempt = store.appendSequence([
        { streamId: made, events: [userRegistered('m')], expectedRevision: 'no_stream' },
        { streamId: taken, events: [userRegistered('t')], expectedRevision: 'no_stream' },
        { streamId: after, events: [userRegistered('a')], expectedRevision: 'no_stream' },
      ]);

      await expect(attempt).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(attempt).rejects.toMatchObject({ streamId: taken, expected: 'no_stream' });
      expect(await store.readStream(taken)).toHaveLength(1);
      expect(await store.readStream(after)).toEqual([]);
      // All or none where the adapter commits a sequence as one; else what came first stays.
      expect(await store.readStream(made)).toHaveLength(traits.sequencesAreAtomic ? 0 : 1);
    });

    it('refuses an empty sequence, or one with an invalid event anywhere, before writing', async () => {
      const [first, second] = [uniqueStream('user'), uniqueStream('user')];
      const head = await store.headPosition();
      const invalid = {
        ...userDeleted('u1'),
        event: { type: 'UserDeleted', schemaVersion: 1, data: { uid: 'u1', extra: true } },
      };

      await expect(store.appendSequence([])).rejects.toBeInstanceOf(RangeError);
      await expect(
        store.appendSequence([
          { streamId: first, events: [userRegistered('u1')], expectedRevision: 'no_stream' },
          { streamId: second, events: [invalid], expectedRevision: 'any' },
        ]),
      ).rejects.toBeInstanceOf(InvalidEventError);
      // One event id in two streams of a sequence.
      const repeated = userRegistered('u2');
      await expect(
        store.appendSequence([
          { streamId: first, events: [repeated], expectedRevision: 'no_stream' },
          { streamId: second, events: [repeated], expectedRevision: 'no_stream' },
        ]),
      ).rejects.toBeInstanceOf(InvalidEventError);
      expect(await store.readStream(first)).toEqual([]);
      expect(await store.headPosition()).toBe(head);
    });
  });

  describe('validation', () => {
    it('refuses the whole append when one event breaks the catalog, and writes nothing', async () => {
      const streamId = uniqueStream('user');
      const head = await store.headPosition();
      const invalid = {
        ...userDeleted('u1'),
        event: { type: 'UserDeleted', schemaVersion: 1, data: { uid: 'u1', extra: true } },
      };

      const attempt = store.append(streamId, [userRegistered('u1'), invalid], {
        expectedRevision: 'no_stream',
      });

      await expect(attempt).rejects.toBeInstanceOf(InvalidEventError);
      expect(await store.readStream(streamId)).toEqual([]);
      expect(await store.headPosition()).toBe(head);
    });

    it('refuses an unknown event type and missing metadata', async () => {
      const unknownType = {
        ...userDeleted('u1'),
        event: { type: 'UserTeleported', schemaVersion: 1, data: { uid: 'u1' } },
      };
      const noCorrelation = {
        ...userDeleted('u1'),
        metadata: { ...metadata(), correlationId: '' },
      };

      for (const event of [unknownType, noCorrelation])
        await expect(
          store.append(uniqueStream('user'), [event], { expectedRevision: 'any' }),
        ).rejects.toBeInstanceOf(InvalidEventError);
    });
  });

  describe('global log', () => {
    it('pages forward from an exclusive position, in append order', async () => {
      const head = await store.headPosition();
      const streams = [
        uniqueStream('category'),
        uniqueStream('category'),
        uniqueStream('category'),
      ];
      const appended: string[] = [];
      for (const [index, streamId] of streams.entries()) {
        const events = [categoryCreated(`c${index}a`), categoryCreated(`c${index}b`)];
        await store.append(streamId, events, { expectedRevision: 'no_stream' });
        appended.push(...events.map((e) => e.eventId));
      }

      const pages: RecordedEvent[][] = [];
      let after = head;
      for (;;) {
        const page = await store.readAll({ after, limit: 4 });
        if (page.length === 0) break;
        pages.push(page);
        after = page[page.length - 1]!.position;
      }

      expect(pages.map((p) => p.length)).toEqual([4, 2]);
      const read = pages.flat();
      expect(read.map((e) => e.eventId)).toEqual(appended);
      const positions = read.map((e) => e.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(new Set(positions).size).toBe(positions.length);
      expect(positions[0]).toBeGreaterThan(head);
    });

    it('subscribes from a position: catches up on stored events, then delivers live ones in order', async () => {
      const streamId = uniqueStream('category');
      const before = await store.append(streamId, [categoryCreated('c0')], {
        expectedRevision: 'no_stream',
      });
      const stored = [categoryCreated('c1'), categoryCreated('c2')];
      await store.append(streamId, stored, { expectedRevision: 0 });
      const received = collect(streamId);

      const subscription = store.subscribeToAll({
        after: before.position,
        onEvent: received.onEvent,
      });
      await received.received(2);
      const live = [categoryCreated('c3'), categoryCreated('c4'), categoryCreated('c5')];
      await store.append(streamId, [live[0]!], { expectedRevision: 2 });
      await store.append(streamId, [live[1]!, live[2]!], { expectedRevision: 3 });
      await received.received(5);
      await subscription.close();

      // `after` is exclusive: the event at before.position is not delivered.
      expect(received.events.map((e) => e.eventId)).toEqual(
        [...stored, ...live].map((e) => e.eventId),
      );
      expect(received.events.map((e) => e.revision)).toEqual([1, 2, 3, 4, 5]);
    });

    it('awaits each handler call before delivering the next event', async () => {
      const streamId = uniqueStream('category');
      const { position } = await store.append(streamId, [categoryCreated('c0')], {
        expectedRevision: 'no_stream',
      });
      await store.append(
        streamId,
        [1, 2, 3, 4].map((n) => categoryCreated(`c${n}`)),
        {
          expectedRevision: 0,
        },
      );
      let running = 0;
      let mostAtOnce = 0;
      const received = collect(streamId);

      const subscription = store.subscribeToAll({
        after: position,
        onEvent: async (event) => {
          if (event.streamId !== streamId) return;
          running += 1;
          mostAtOnce = Math.max(mostAtOnce, running);
          // Several turns of the event loop: time enough for an eager adapter to start the next call.
          for (let turn = 0; turn < 3; turn += 1)
            await new Promise<void>((resolve) => setImmediate(resolve));
          running -= 1;
          received.onEvent(event);
        },
      });
      await received.received(4);
      await subscription.close();

      expect(mostAtOnce).toBe(1);
      expect(received.events.map((e) => e.revision)).toEqual([1, 2, 3, 4]);
    });

    it('delivers nothing more once closed', async () => {
      const streamId = uniqueStream('category');
      const head = await store.headPosition();
      await store.append(streamId, [categoryCreated('c0')], { expectedRevision: 'no_stream' });
      const closedOne = collect(streamId);
      const control = collect(streamId);
      const subscription = store.subscribeToAll({ after: head, onEvent: closedOne.onEvent });
      const controlSubscription = store.subscribeToAll({ after: head, onEvent: control.onEvent });
      await closedOne.received(1);

      await subscription.close();
      await store.append(streamId, [categoryCreated('c1')], { expectedRevision: 0 });
      await control.received(2);
      await controlSubscription.close();

      expect(closedOne.events.map((e) => e.revision)).toEqual([0]);
    });

    it('a close awaited inside its own handler stops delivery; one from outside waits for the handler', async () => {
      const streamId = uniqueStream('category');
      const head = await store.headPosition();
      await store.append(streamId, [categoryCreated('c0'), categoryCreated('c1')], {
        expectedRevision: 'no_stream',
      });
      const delivered: number[] = [];
      let closedInside!: () => void;
      const closedFromInside = new Promise<void>((resolve) => (closedInside = resolve));
      const inside: Subscription = store.subscribeToAll({
        after: head,
        onEvent: async (event) => {
          if (event.streamId !== streamId) return;
          delivered.push(event.revision);
          await inside.close();
          closedInside();
        },
      });
      await closedFromInside;
      expect(delivered).toEqual([0]);

      // From outside, close resolves only after the handler call in progress has finished.
      let finished = false;
      let entered!: () => void;
      const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
      const outside = store.subscribeToAll({
        after: head,
        onEvent: async (event) => {
          if (event.streamId !== streamId) return;
          entered();
          for (let turn = 0; turn < 5; turn += 1)
            await new Promise<void>((resolve) => setImmediate(resolve));
          finished = true;
        },
      });
      await handlerEntered;
      await outside.close();
      expect(finished).toBe(true);
    });

    it('ends the subscription and reports a failing handler through onError', async () => {
      const streamId = uniqueStream('category');
      const { position } = await store.append(streamId, [categoryCreated('c0')], {
        expectedRevision: 'no_stream',
      });
      await store.append(streamId, [categoryCreated('c1'), categoryCreated('c2')], {
        expectedRevision: 0,
      });
      const delivered: number[] = [];
      const failure = new Promise<Error>((resolve) => {
        store.subscribeToAll({
          after: position,
          onEvent: (event) => {
            if (event.streamId !== streamId) return;
            delivered.push(event.revision);
            throw new Error('projection broke');
          },
          onError: resolve,
        });
      });

      expect((await failure).message).toBe('projection broke');
      expect(delivered).toEqual([1]);
    });
  });

  describe('personal data', () => {
    const streamOf = (uid: string) => `user-${uid}`;

    it('reads the personal data back as appended, in every read', async () => {
      const uid = uniqueStream('ann');
      const head = await store.headPosition();
      await store.append(streamOf(uid), [userRegistered(uid)], { expectedRevision: 'no_stream' });
      const [registered] = await store.readStream(streamOf(uid));
      expect(registered?.data).toMatchObject({ uid, name: 'Ann', email: 'ann@example.com' });
      expect(registered?.metadata.actorEmail).toBe('ann@example.com');
      const page = await store.readAll({ after: head, limit: 100 });
      expect(page.find((event) => event.streamId === streamOf(uid))?.data).toEqual(
        registered?.data,
      );
    });

    it('after an erasure, reads their fields as erased in stored and later events; ids stay', async () => {
      const [uid, other] = [uniqueStream('ann'), uniqueStream('bob')];
      const head = await store.headPosition();
      await store.append(streamOf(uid), [userRegistered(uid)], { expectedRevision: 'no_stream' });
      await store.append(streamOf(other), [userRegistered(other)], {
        expectedRevision: 'no_stream',
      });
      await store.erasePersonalData(uid);
      await store.erasePersonalData(uid);
      await store.append(streamOf(uid), [userRegistered(uid)], { expectedRevision: 0 });

      const erased = { uid, name: 'erased', email: 'erased@erased.invalid', role: 'buyer' };
      const events = await store.readStream(streamOf(uid));
      expect(events.map((event) => event.data)).toEqual([erased, erased]);
      expect(events.map((event) => event.metadata.actorEmail)).toEqual([
        'erased@erased.invalid',
        'erased@erased.invalid',
      ]);
      expect(events[0]?.metadata.actorUid).toBe(uid);
      const delivered = collect(streamOf(uid));
      const subscription = store.subscribeToAll({ after: head, onEvent: delivered.onEvent });
      await delivered.received(2);
      await subscription.close();
      expect(delivered.events.map((event) => event.data)).toEqual([erased, erased]);
      // Nobody else's data is touched.
      const [bob] = await store.readStream(streamOf(other));
      expect(bob?.data).toMatchObject({ name: 'Ann', email: 'ann@example.com' });
    });
  });
}
