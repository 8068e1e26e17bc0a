import type { RecordedEvent } from '@resale/events';
import type { EventHandler } from '../../src/queue/port.ts';

/**
 * Wraps a pipeline's handler to deliver the way a real queue may: late (random delays), twice
 * (a redelivery after a lost acknowledgement), and stale (an event seen long ago, again).
 */
export function flakyDelivery(random: () => number) {
  const seen: RecordedEvent[] = [];
  let duplicates = 0;
  const instrument =
    (handler: EventHandler): EventHandler =>
    async (events) => {
      if (random() < 0.3) await new Promise((resolve) => setTimeout(resolve, random() * 4));
      await handler(events);
      seen.push(...events);
      if (random() < 0.2) {
        duplicates += events.length;
        await handler(events);
      }
      const stale = seen[Math.floor(random() * seen.length)];
      if (stale && random() < 0.15) {
        duplicates += 1;
        await handler([stale]);
      }
    };
  return {
    instrument,
    get duplicates() {
      return duplicates;
    },
  };
}
