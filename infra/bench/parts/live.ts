// Live path, embedded: from a booking's 201 to the myBookingsChanged message at its buyer.
import { seedProducts } from '../catalog-seed.ts';
import { measureBookingConfirmations } from '../live-path.ts';
import { settings } from '../settings.ts';
import { log } from '../support.ts';
import type { BenchPart } from './part.ts';
import { untilProjected } from './processes.ts';
import { liveGoals } from './texts.ts';

export const live: BenchPart = {
  name: 'live',
  sharesEmbeddedProfile: true,
  async run(context) {
    const { gateway, store, seller, liveBuyer, tokenOf } = context.embedded();
    log('Live path, embedded: booking acknowledged -> myBookingsChanged at the buyer');
    const products = await seedProducts(
      store,
      seller,
      settings.liveBookingsPerSecond * settings.liveSeconds,
    );
    await untilProjected(gateway);
    const figures = await measureBookingConfirmations('embedded', {
      gatewayUrl: gateway.url,
      buyer: { account: liveBuyer, accessToken: tokenOf(liveBuyer) },
      products,
      perSecond: settings.liveBookingsPerSecond,
    });
    return {
      goals: liveGoals('Live path (embedded)', figures, 15, 50),
      details: { liveEmbedded: figures },
    };
  },
};
