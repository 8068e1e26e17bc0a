import { describe, expect, it } from 'vitest';
import { createInProcessPubSub } from '../../src/pubsub/mqemitter-pubsub.ts';
import { waitForPosition } from '../../src/pubsub/wait-for-position.ts';

/** A read store reduced to what read-your-writes asks of it. */
function fakeReadStore() {
  const applied = new Set<number>();
  let questions = 0;
  return {
    applied,
    get questions() {
      return questions;
    },
    hasApplied: async (position: number) => {
      questions += 1;
      return applied.has(position);
    },
  };
}

describe('waiting for a position (read your writes)', () => {
  it('answers at once when the read models already reached it', async () => {
    const store = fakeReadStore();
    store.applied.add(5);
    const pubsub = createInProcessPubSub();
    await expect(waitForPosition(store, pubsub, 5, 1_000)).resolves.toBe(true);
    await pubsub.close();
  });

  it('answers once the projector reports having applied it', async () => {
    const store = fakeReadStore();
    const pubsub = createInProcessPubSub();
    const started = Date.now();
    const waiting = waitForPosition(store, pubsub, 5, 5_000);
    setTimeout(() => {
      store.applied.add(4);
      void pubsub.publishApplied(4, []).then(() => {
        store.applied.add(5);
        return pubsub.publishApplied(5, []);
      });
    }, 20);
    await expect(waiting).resolves.toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
    await pubsub.close();
  });

  it('gives up with false at the deadline when the position is not reached', async () => {
    const store = fakeReadStore();
    const pubsub = createInProcessPubSub();
    const started = Date.now();
    await expect(waitForPosition(store, pubsub, 9, 150)).resolves.toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    await pubsub.close();
  });

  it('still answers true at the deadline when the notification was lost', async () => {
    const store = fakeReadStore();
    const pubsub = createInProcessPubSub();
    setTimeout(() => store.applied.add(3), 20);
    await expect(waitForPosition(store, pubsub, 3, 150)).resolves.toBe(true);
    await pubsub.close();
  });
});
