import {
  productStreamId,
  userStreamId,
  type EventStore,
  type UserRegistered,
} from '@resale/events';
import { osThreadNames } from '@resale/events/testing/os-threads';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startProjectionThread } from '../../src/pipeline/projection-thread.ts';
import { createInProcessPubSub } from '../../src/pubsub/mqemitter-pubsub.ts';
import { appliedTopic, changeTopic } from '../../src/pubsub/topics.ts';
import { workerThreadNames } from '../../src/thread-names.ts';
import { getUserByEmail } from '../../src/read-models.ts';
import { condition } from '../support/events.ts';
import { givenEmbeddedStores, scratchDir, teardownAfterEach } from '../support/stores.ts';

const teardown = teardownAfterEach();

/** Registers a user, telling the listeners as the gateway's observed store does. */
async function register(
  store: EventStore,
  listeners: Set<() => void>,
  uid: string,
): Promise<number> {
  const event: UserRegistered = {
    type: 'UserRegistered',
    schemaVersion: 1,
    data: { uid, name: `User ${uid}`, email: `${uid}@example.com`, role: 'buyer' },
  };
  const metadata = {
    actorUid: uid,
    actorEmail: `${uid}@example.com`,
    occurredAt: '2026-11-21T10:00:00.000Z',
    correlationId: 'req-1',
    causationId: 'req-1',
  };
  const { position } = await store.append(
    userStreamId(uid),
    [{ eventId: randomUUID(), event, metadata }],
    { expectedRevision: 'no_stream' },
  );
  for (const listener of listeners) listener();
  return position;
}

/** Reports a product nobody listed: an event no read model changes for. */
async function reportUnknownProduct(
  store: EventStore,
  listeners: Set<() => void>,
): Promise<number> {
  const productId = randomUUID();
  const { position } = await store.append(
    productStreamId(productId),
    [
      {
        eventId: randomUUID(),
        event: { type: 'ProductReported', schemaVersion: 1, data: { productId } },
        metadata: {
          actorUid: 'u1',
          actorEmail: 'u1@example.com',
          occurredAt: '2026-11-21T10:00:00.000Z',
          correlationId: 'req-2',
          causationId: 'req-2',
        },
      },
    ],
    { expectedRevision: 'any' },
  );
  for (const listener of listeners) listener();
  return position;
}

describe('the projection thread (the embedded pipeline beside the event loop)', () => {
  it("projects this process's appends at once and publishes the notices on its pub/sub", async () => {
    const { eventStore, readStore, dir } = await givenEmbeddedStores('thread', teardown);
    const pubsub = createInProcessPubSub();
    teardown(() => pubsub.close());
    const listeners = new Set<() => void>();
    let reached = 0;
    const appliedOrder: number[] = [];
    const applied = condition();
    await pubsub.subscribe(appliedTopic, (payload) => {
      const { position } = payload as { position: number };
      appliedOrder.push(position);
      reached = Math.max(reached, position);
      applied.notify();
    });
    const userNotices: unknown[] = [];
    await pubsub.subscribe(changeTopic('users'), (payload) => userNotices.push(payload));

    const thread = await startProjectionThread({
      settings: { DATA_DIR: dir },
      pubsub,
      onAppendSettled: (listener) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    });
    teardown(() => thread.stop());
    await thread.ready;
    // Named for the OS (Linux shows it in /proc): the bench reports CPU time per thread by name.
    const threadNames = osThreadNames();
    if (threadNames) expect(threadNames).toContain(workerThreadNames.projection);

    // One append at a time, each waited for: the thread's connection would only find a commit
    // of this one at its next poll (500 ms) if it were not woken, 5 s for the ten.
    const started = performance.now();
    for (let i = 1; i <= 10; i++) {
      const position = await register(eventStore, listeners, `u${i}`);
      await applied.until(() => reached >= position, `position ${position} to be projected`);
    }
    expect(performance.now() - started).toBeLessThan(2_500);

    // Committed in the read store this process reads, and announced here, one notice each.
    expect(await getUserByEmail(readStore, 'u1@example.com')).toMatchObject({ name: 'User u1' });
    expect(userNotices).toHaveLength(10);
    expect(userNotices[0]).toMatchObject({ topic: 'users', ids: ['u1'], position: 1 });

    // A burst of appends, some changing a read model and some nothing (a report of an unknown
    // product): every one projected and announced once, in log order. An `applied` position
    // past the next one tells a gateway it missed notices.
    const positions = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? register(eventStore, listeners, `v${i}`)
          : reportUnknownProduct(eventStore, listeners),
      ),
    );
    const last = Math.max(...positions);
    await applied.until(() => reached >= last, `position ${last} to be projected`);
    expect(appliedOrder).toEqual(Array.from({ length: last }, (_, i) => i + 1));
    expect(
      userNotices.slice(10).map((notice) => (notice as { position: number }).position),
    ).toEqual(positions.filter((_, i) => i % 2 === 0).sort((a, b) => a - b));

    await thread.stop();
    // Stopped: later appends are no longer projected by it.
    const after = await register(eventStore, listeners, 'u11');
    expect(await readStore.checkpoint()).toBeLessThan(after);
  });

  it('says why when it cannot start', async () => {
    const scratch = await scratchDir('thread-bad');
    teardown(scratch.remove);
    // A file where the data folder should be: no store can be opened under it.
    const notAFolder = join(scratch.path, 'file');
    await writeFile(notAFolder, 'not a folder');
    const thread = await startProjectionThread({
      settings: { DATA_DIR: notAFolder },
      pubsub: { publishApplied: async () => {} },
    });
    await expect(thread.ready).rejects.toThrow(
      /The projection thread did not start: .*(EEXIST|ENOTDIR)/s,
    );
    await thread.stop();
  });
});
