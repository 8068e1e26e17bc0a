// The embedded profile the reads, commands, live and fan-out parts share: an Auth emulator, the
// accounts, a seeded catalog and one gateway, started once for all of them.
import path from 'node:path';
import { createEventStore, type EventStore } from '@resale/events';
import { startAuthEmulator, type AuthEmulator } from '../../src/auth-emulator.ts';
import { accessTokensOf, signUpAccounts, type BenchAccount } from '../accounts.ts';
import { brands, seedAccountsAndCategories, seedBookings, seedProducts } from '../catalog-seed.ts';
import { untilIdle, type ChildServer } from '../child-processes.ts';
import { settings } from '../settings.ts';
import { freePort, log, round } from '../support.ts';
import { account, gatewayEnv, untilProjected, type BenchProcesses } from './processes.ts';

export interface EmbeddedProfile {
  readonly auth: AuthEmulator;
  readonly dataDir: string;
  readonly store: EventStore;
  readonly gateway: ChildServer;
  readonly seller: BenchAccount;
  /** The buyer with `settings.readerBookings` bookings, whose reads are measured. */
  readonly reader: BenchAccount;
  readonly liveBuyer: BenchAccount;
  readonly commandBuyers: readonly BenchAccount[];
  /** The fan-out's subscribers (none unless the fan-out part runs). */
  readonly watchers: readonly BenchAccount[];
  readonly tokenOf: (who: BenchAccount) => string;
  /** results.details.catalog */
  readonly catalog: Record<string, unknown>;
}

export async function startEmbeddedProfile(
  processes: BenchProcesses,
  scratch: string,
  { fanOutSubscribers }: { readonly fanOutSubscribers: number },
): Promise<EmbeddedProfile> {
  log('Embedded profile: accounts, catalog and gateway');
  const auth = await startAuthEmulator({ port: await freePort(2) });
  processes.onStop(() => auth.stop());
  const accounts = await signUpAccounts(auth.host, [
    account('seller', 0, 'seller'),
    account('reader', 0, 'buyer'),
    account('live', 0, 'buyer'),
    ...Array.from({ length: settings.commandBuyers }, (_, i) => account('buyer', i, 'buyer')),
    ...Array.from({ length: fanOutSubscribers }, (_, i) => account('watcher', i, 'buyer')),
  ]);
  const [seller, reader, liveBuyer] = accounts as [BenchAccount, BenchAccount, BenchAccount];
  const commandBuyers = accounts.slice(3, 3 + settings.commandBuyers);
  const watchers = accounts.slice(3 + settings.commandBuyers);

  const dataDir = path.join(scratch, 'embedded');
  const store = createEventStore({ DATA_DIR: dataDir });
  processes.onStop(() => store.close());
  const seedStarted = performance.now();
  await seedAccountsAndCategories(store, accounts, seller);
  const catalog = await seedProducts(store, seller, settings.catalogProducts);
  await seedBookings(
    store,
    reader,
    catalog.filter((p) => p.brand === 'Samsung').slice(0, settings.readerBookings),
  );
  const seeded = await store.headPosition();
  log(`  seeded ${seeded} events in ${round((performance.now() - seedStarted) / 1_000)} s`);

  const gateway = await processes.startGateway('embedded gateway', gatewayEnv(dataDir, auth));
  const catchUpStarted = performance.now();
  await untilProjected(gateway);
  const tokens = await accessTokensOf(gateway.url, accounts);
  const tokenOf = (who: BenchAccount): string => tokens.get(who.email) ?? '';
  const settleMs = await untilIdle(gateway.pid);
  log(
    `  gateway idle after ${round(settleMs / 1_000)} s (projection, WAL checkpoints, start-up GC)`,
  );
  return {
    auth,
    dataDir,
    store,
    gateway,
    seller,
    reader,
    liveBuyer,
    commandBuyers,
    watchers,
    tokenOf,
    catalog: {
      events: seeded,
      products: settings.catalogProducts,
      brands,
      projectionCatchUpSeconds: round((performance.now() - catchUpStarted) / 1_000),
    },
  };
}
