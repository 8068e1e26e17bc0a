// Fan-out: bookings of one brand while many subscribers of productsChanged(brand) listen.
import type { BenchAccount } from '../accounts.ts';
import { seedProducts } from '../catalog-seed.ts';
import { cpuMicros, type ChildMemory } from '../child-processes.ts';
import { measureFanOut } from '../live-path.ts';
import { goalRow, recordedRow } from '../report.ts';
import { settings } from '../settings.ts';
import { log, round } from '../support.ts';
import type { BenchPart } from './part.ts';
import { untilProjected } from './processes.ts';
import { beforeTheAnswer } from './texts.ts';

export const fanout: BenchPart = {
  name: 'fanout',
  sharesEmbeddedProfile: true,
  async run(context) {
    const { gateway, store, seller, commandBuyers, watchers, tokenOf } = context.embedded();
    log(
      `Fan-out: ${watchers.length} subscribers of productsChanged(Oppo), ${settings.fanOutEventsPerSecond} bookings/s`,
    );
    const products = await seedProducts(
      store,
      seller,
      settings.fanOutEventsPerSecond * settings.fanOutSeconds,
      'Oppo',
    );
    await untilProjected(gateway);
    const booker = commandBuyers[0] as BenchAccount;
    // The gateway's memory before the subscribers connect and once they all are live, each after
    // a full collection: what it keeps per subscriber (its connection and one subscription).
    const before = await gateway.memory();
    let live: ChildMemory | undefined;
    let cpuBefore = Number.NaN;
    const figures = await measureFanOut('fan-out', {
      gatewayUrl: gateway.url,
      buyer: { account: booker, accessToken: tokenOf(booker) },
      products,
      perSecond: settings.fanOutEventsPerSecond,
      subscriberTokens: watchers.map(tokenOf),
      brand: 'Oppo',
      whenSubscribed: async () => {
        live = await gateway.memory();
        cpuBefore = cpuMicros(gateway.pid);
      },
    });
    // Per message delivered, with the bookings that caused them (one per thousand messages).
    const delivered = (figures.deliveredPercent / 100) * figures.acknowledged * figures.subscribers;
    const gatewayCpuMicrosPerMessage =
      delivered > 0 ? round((cpuMicros(gateway.pid) - cpuBefore) / delivered, 1) : undefined;
    const memory = perSubscriber(before, live, figures.subscribers);
    if (memory) log(`  memory per subscriber: ${memory.text}`);
    return {
      details: {
        fanOut: { ...figures, memoryPerSubscriber: memory?.bytes, gatewayCpuMicrosPerMessage },
      },
      goals: [
        goalRow(
          'Live fan-out',
          `${figures.subscribers} subscribers × ${settings.fanOutEventsPerSecond} events/s: delivered`,
          '100 %',
          figures.deliveredPercent,
          100,
          'min',
          `${figures.deliveredPercent} % of ${(figures.acknowledged * figures.subscribers).toLocaleString('en-US')}`,
        ),
        goalRow(
          'Live fan-out',
          'p99 acknowledgement -> message',
          '≤ 100 ms',
          figures.p99Ms,
          100,
          'max',
          `${figures.p99Ms} ms (p50 ${figures.p50Ms} ms; ${beforeTheAnswer(figures)})`,
        ),
        recordedRow(
          'Live fan-out',
          "gateway's memory per subscriber (a connection with one subscription), after a full GC",
          memory?.text ?? '–',
        ),
        recordedRow(
          'Live fan-out',
          "gateway's CPU per message delivered (with the bookings that caused them)",
          gatewayCpuMicrosPerMessage === undefined ? '–' : `${gatewayCpuMicrosPerMessage} µs`,
        ),
      ],
    };
  },
};

/** What the gateway kept per subscriber between two measurements, in bytes. */
function perSubscriber(
  before: ChildMemory | undefined,
  live: ChildMemory | undefined,
  subscribers: number,
): { bytes: { heap: number; rss: number }; text: string } | undefined {
  if (!before || !live || subscribers === 0) return undefined;
  const heap = Math.round((live.heapUsed - before.heapUsed) / subscribers);
  const rss = Math.round((live.rss - before.rss) / subscribers);
  const kB = (bytes: number): string => `${(bytes / 1024).toFixed(1)} kB`;
  return {
    bytes: { heap, rss },
    text: `${kB(heap)} of heap, ${kB(rss)} resident (${subscribers.toLocaleString('en-US')} subscribers)`,
  };
}
