// Fan-out: bookings of one brand while many subscribers of productsChanged(brand) listen.
import type { BenchAccount } from '../accounts.ts';
import { seedProducts } from '../catalog-seed.ts';
import { measureFanOut } from '../live-path.ts';
import { goalRow } from '../report.ts';
import { settings } from '../settings.ts';
import { log } from '../support.ts';
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
    const figures = await measureFanOut('fan-out', {
      gatewayUrl: gateway.url,
      buyer: { account: booker, accessToken: tokenOf(booker) },
      products,
      perSecond: settings.fanOutEventsPerSecond,
      subscriberTokens: watchers.map(tokenOf),
      brand: 'Oppo',
    });
    return {
      details: { fanOut: figures },
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
      ],
    };
  },
};
