import { createInProcessPubSub, type ChangePubSub } from '@resale/workers';
import { describe, expect, it } from 'vitest';
import { watchNoticeReception } from '../src/notice-reception.ts';

/** The in-process pub/sub, with a receiving connection the test drops and restores. */
function givenAPubSub() {
  const pubsub = createInProcessPubSub();
  const receivingListeners = new Set<(receiving: boolean) => void>();
  const flaky: Pick<ChangePubSub, 'subscribe' | 'onReceivingChange'> = {
    subscribe: (topic, listener) => pubsub.subscribe(topic, listener),
    onReceivingChange(listener) {
      receivingListeners.add(listener);
      return () => receivingListeners.delete(listener);
    },
  };
  const receiving = (up: boolean) => {
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
});
