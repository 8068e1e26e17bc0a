// Seeds the benchmark's data through events, straight into the event store, with the same deciders
// and command handler the gateway uses: every seeded event is one the product could have appended.
import { randomUUID } from 'node:crypto';
import {
  bookingDecider,
  bookingStreamId,
  categoryDecider,
  categoryStreamId,
  handleCommand,
  placeBookingAfter,
  placeBookingFor,
  productDecider,
  productStreamId,
  sellerDecider,
  sellerStreamId,
  systemActor,
  userDecider,
  userStreamId,
  type CommandMetadata,
  type EventStore,
  type ProductBooked,
} from '@resale/events';
import type { BenchAccount } from './accounts.ts';
import { mapConcurrently } from './support.ts';

export const brands = ['Samsung', 'Oppo', 'Iphone'] as const;
export type Brand = (typeof brands)[number];

export interface SeededProduct {
  readonly productId: string;
  readonly brand: Brand;
}

/** Appends in flight at once: the embedded store commits concurrent appends in groups. */
const concurrency = 64;
let clock = Date.UTC(2026, 0, 1);
const metadata = (actor: { actorUid: string; actorEmail: string }): CommandMetadata => {
  clock += 1_000;
  const correlationId = `bench-${randomUUID()}`;
  return {
    ...actor,
    now: new Date(clock).toISOString(),
    correlationId,
    causationId: correlationId,
  };
};
const actorOf = (account: BenchAccount) => ({ actorUid: account.uid, actorEmail: account.email });

/** The three brand categories, every account as a registered user, the seller verified. */
export async function seedAccountsAndCategories(
  store: EventStore,
  accounts: readonly BenchAccount[],
  seller: BenchAccount,
): Promise<void> {
  for (const title of brands) {
    const categoryId = title.toLowerCase();
    await handleCommand(store, categoryStreamId(categoryId), categoryDecider, {
      type: 'CreateCategory',
      data: { categoryId, title, image: `${categoryId}.png` },
      metadata: metadata(systemActor),
    });
  }
  await seedAccounts(store, accounts, seller);
}

/**
 * Every account as a registered user, the seller registered and verified (where the categories
 * exist already, as the distributed stack's demo data makes them).
 */
export async function seedAccounts(
  store: EventStore,
  accounts: readonly BenchAccount[],
  seller: BenchAccount,
): Promise<void> {
  await mapConcurrently(accounts, concurrency, ({ uid, name, email, role }) =>
    handleCommand(store, userStreamId(uid), userDecider, {
      type: 'RegisterUser',
      data: { uid, name, email, role },
      metadata: metadata({ actorUid: uid, actorEmail: email }),
    }),
  );
  const sellerRecord = {
    sellerId: seller.uid,
    name: seller.name,
    email: seller.email,
    sellerEmail: seller.email,
  };
  await handleCommand(store, sellerStreamId(seller.uid), sellerDecider, {
    type: 'RegisterSeller',
    data: sellerRecord,
    metadata: metadata(actorOf(seller)),
  });
  await handleCommand(store, sellerStreamId(seller.uid), sellerDecider, {
    type: 'VerifySeller',
    data: { sellerId: seller.uid },
    metadata: metadata(systemActor),
  });
}

/** Lists `count` products of the seller; brands in turn unless one is given. */
export async function seedProducts(
  store: EventStore,
  seller: BenchAccount,
  count: number,
  brand?: Brand,
): Promise<SeededProduct[]> {
  const products = Array.from({ length: count }, (_, index) => ({
    productId: randomUUID(),
    brand: brand ?? (brands[index % brands.length] as Brand),
  }));
  await mapConcurrently(products, concurrency, ({ productId, brand: Brand }, index) =>
    handleCommand(store, productStreamId(productId), productDecider, {
      type: 'ListProduct',
      data: {
        productId,
        productName: `${Brand} phone ${index + 1}`,
        picture: `${productId}.png`,
        address: 'Dhaka, Mirpur 10',
        year: 1 + (index % 5),
        buyingPrice: 400 + (index % 700),
        sellingPrice: 150 + (index % 350),
        sellerName: seller.name,
        condition: (['Good', 'Excelent', 'Fair'] as const)[index % 3] ?? 'Good',
        phone: '+8801700000000',
        about: 'Used for two years, battery replaced, no scratches on the screen.',
        Brand,
        email: seller.email,
        sellerEmail: seller.email,
        sellerUid: seller.uid,
      },
      metadata: metadata(actorOf(seller)),
    }),
  );
  return products;
}

/**
 * As the gateway's default, 48 hours after the booking, counted from now at the latest: the
 * seeded clock is in the past, and a booking seeded expired would expire while it is measured.
 */
const expiresAtOf = (meta: CommandMetadata): string =>
  new Date(Math.max(Date.parse(meta.now), Date.now()) + 48 * 3_600_000).toISOString();

/** A pending booking seeded for the booking ends' benchmark, and who made it. */
export interface SeededBooking {
  readonly bookingId: string;
  readonly buyer: BenchAccount;
}

/**
 * Lists `count` products of the seller and books each, by the buyers in turn, the way POST
 * /bookings does (ProductBooked and BookingPlaced in one sequence): pending bookings to answer.
 */
export async function seedPendingBookings(
  store: EventStore,
  seller: BenchAccount,
  buyers: readonly BenchAccount[],
  count: number,
): Promise<SeededBooking[]> {
  const products = await seedProducts(store, seller, count);
  return mapConcurrently(products, concurrency, async ({ productId }, index) => {
    const buyer = buyers[index % buyers.length] as BenchAccount;
    const meta = metadata(actorOf(buyer));
    const bookingId = randomUUID();
    const newEventId = (): string => randomUUID();
    await handleCommand(
      store,
      productStreamId(productId),
      productDecider,
      {
        type: 'BookProduct',
        data: {
          productId,
          bookingId,
          buyerName: buyer.name,
          email: buyer.email,
          phone: '+8801800000000',
          address: 'Dhaka, Gulshan 2',
          expiresAt: expiresAtOf(meta),
        },
        metadata: meta,
      },
      { newEventId, followedBy: placeBookingAfter(meta, newEventId) },
    );
    return { bookingId, buyer };
  });
}

/** Books each product for the buyer the way POST /bookings does: ProductBooked, BookingPlaced. */
export async function seedBookings(
  store: EventStore,
  buyer: BenchAccount,
  products: readonly SeededProduct[],
): Promise<void> {
  await mapConcurrently(products, concurrency, async ({ productId }) => {
    const meta = metadata(actorOf(buyer));
    const bookingId = randomUUID();
    const booked = await handleCommand(store, productStreamId(productId), productDecider, {
      type: 'BookProduct',
      data: {
        productId,
        bookingId,
        buyerName: buyer.name,
        email: buyer.email,
        phone: '+8801800000000',
        address: 'Dhaka, Gulshan 2',
        expiresAt: expiresAtOf(meta),
      },
      metadata: meta,
    });
    const event = booked.events.find((candidate) => candidate.type === 'ProductBooked');
    if (!event) throw new Error(`Product ${productId} was not booked`);
    await handleCommand(
      store,
      bookingStreamId(bookingId),
      bookingDecider,
      placeBookingFor(
        { type: 'ProductBooked', schemaVersion: 2, data: event.data } as ProductBooked,
        meta,
      ),
    );
  });
}
