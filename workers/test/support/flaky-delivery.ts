import type { RecordedEvent } from '@resale/events';
import type { EventHandler } from '../../src/queue/port.ts';
import { condition } from './events.ts';

/**
 * Wraps a pipeline's handler to deliver the way a real queue may: late (random delays), twice
 * (a redelivery after a lost acknowledgement), and stale (an event seen long ago, again).
 */
export function flakyDelivery(random: () => number) {
  const seen: RecordedEvent[] = [];
  const applied = new Set<number>();
  const progress = condition(30_000);
  let duplicates = 0;
  let deliveries = 0;
  let staleSent = 0;
  const instrument =
    (handler: EventHandler): EventHandler =>
    async (events) => {
      if (random() < 0.3) await new Promise((resolve) => setTimeout(resolve, random() * 4));
      await handler(events);
      seen.push(...events);
      for (const event of events) applied.add(event.position);
      progress.notify();
      // The first run always comes twice, so that every test sees redeliveries, however few runs.
      if (deliveries++ === 0 || random() < 0.2) {
        duplicates += events.length;
        await handler(events);
      }
      const stale = seen[Math.floor(random() * seen.length)];
      if (stale && (staleSent === 0 || random() < 0.15)) {
        duplicates += 1;
        staleSent += 1;
        await handler([stale]);
      }
    };
  return {
    instrument,
    /**
     * Resolves once every position up to `head` went through the handler. With several partitions
     * this is the only sure sign: the read store's checkpoint may pass `head` while an earlier
     * event of another partition is still waiting.
     */
    allApplied: (head: number) =>
      progress.until(() => {
        for (let position = 1; position <= head; position++)
          if (!applied.has(position)) return false;
        return true;
      }, `every position up to ${head}`),
    get duplicates() {
      return duplicates;
    },
  };
}
