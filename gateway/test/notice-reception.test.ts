import { createInProcessPubSub, type ChangePubSub } from '@resale/workers';
import { describe, expect, it } from 'vitest';
import { watchNoticeReception } from '../src/notice-reception.ts';

/** The in-process pub/sub, with a receiving connection the test drops and restores. */
function givenAPubSub() {
  const pubsub = createInProcessPubSub();
  const receivingListeners = new Set<(receiving: boolean) => void>();
  let connected = true;
  const flaky: Pick<ChangePubSub, 'subscribe' | 'onReceivingChange' | 'receiving'> = {
    subscribe: (topic, listener) => pubsub.subscribe(topic, listener),
    onReceivingChange(listener) {
      receivingListeners.add(listener);
      return () => receivingListeners.delete(listener);
    },
    receiving: () => connected,
  };
  const receiving = (up: boolean) => {
    connected = up;
    for (const listener of receivingListeners) listener(up);
  };
  return { pubsub, flaky, receiving };
}

describe('the notice reception of a gateway', () => {
  it('misses nothing while applied positions follow each other', async () => {
    const { pubsub, flaky } = givenAPubSub();
    const reception = await watchNoticeReception(
      flaky,
      async () => 0,
      () => {},
    );
    let missed = 0;
    reception.onMaybeMissed(() => (missed += 1));
    for (const position of [3, 4, 5, 5, 2, 6]) await pubsub.publishApplied(position, []);
    expect(reception.receivedAfter()).toBe(0);
    expect(missed).toBe(0);
    await reception.stop();
  });

  it('received everything only after the notice that follows a skipped position', async () => {
    const { pubsub, flaky } = givenAPubSub();
    const reception = await watchNoticeReception(
      flaky,
      async () => 0,
      () => {},
    );
    let missed = 0;
    reception.onMaybeMissed(() => (missed += 1));
    for (const position of [3, 4, 9, 10]) await pubsub.publishApplied(position, []);
    expect(reception.receivedAfter()).toBe(9);
    expect(missed).toBe(1);
    await reception.stop();
  });

  it('received everything only after where the read models were when notices came back', async () => {
    const { flaky, receiving } = givenAPubSub();
    let readModelsAt = 40;
    const reception = await watchNoticeReception(
      flaky,
      async () => readModelsAt,
      () => {},
    );
    const told: string[] = [];
    reception.onMaybeMissed(() => told.push(`missed at ${reception.receivedAfter()}`));
    receiving(false);
    readModelsAt = 57;
    receiving(true);
    await expect.poll(() => reception.receivedAfter()).toBe(57);
    expect(told).toEqual(['missed at 0', 'missed at 0', 'missed at 57']);
    await reception.stop();
  });

  describe('heard: whether the notices up to a position reached this gateway', () => {
    it('says yes at once for a position the read models had reached when the watch began', async () => {
      const { flaky } = givenAPubSub();
      const reception = await watchNoticeReception(
        flaky,
        async () => 12,
        () => {},
      );
      await expect(reception.heard(12, 60_000)).resolves.toBe(true);
      await reception.stop();
    });

    it("waits for the projector's applied notice of that position or a later one", async () => {
      const { pubsub, flaky } = givenAPubSub();
      const reception = await watchNoticeReception(
        flaky,
        async () => 12,
        () => {},
      );
      let heard: boolean | undefined;
      const hearing = reception.heard(14, 60_000).then((outcome) => (heard = outcome));
      await pubsub.publishApplied(13, []);
      expect(heard).toBeUndefined();
      await pubsub.publishApplied(15, []);
      await hearing;
      expect(heard).toBe(true);
      await expect(reception.heard(15, 60_000)).resolves.toBe(true);
      await reception.stop();
    });

    it('says no once the time given is over without the notice', async () => {
      const { flaky } = givenAPubSub();
      const reception = await watchNoticeReception(
        flaky,
        async () => 12,
        () => {},
      );
      await expect(reception.heard(13, 20)).resolves.toBe(false);
      await reception.stop();
    });

    it('does not wait while notices are not received: none would come', async () => {
      const { flaky, receiving } = givenAPubSub();
      const reception = await watchNoticeReception(
        flaky,
        async () => 12,
        () => {},
      );
      receiving(false);
      await expect(reception.heard(13, 60_000)).resolves.toBe(true);
      await reception.stop();
    });

    it('answers no to whoever still waits when it stops', async () => {
      const { flaky } = givenAPubSub();
      const reception = await watchNoticeReception(
        flaky,
        async () => 12,
        () => {},
      );
      const hearing = reception.heard(13, 60_000);
      await reception.stop();
      await expect(hearing).resolves.toBe(false);
    });
  });
});
