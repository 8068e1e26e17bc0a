import type { AnyEvent, EventMetadata, NewEvent } from '@resale/events';
import { pick } from './random.ts';

/** One append of a generated workload: events for one stream at the revision it expects. */
export interface WorkloadAppend {
  readonly streamId: string;
  readonly expectedRevision: 'no_stream' | number;
  readonly events: NewEvent<AnyEvent>[];
}

interface ProductState {
  id: string;
  sellerUid: string;
  status: 'available' | 'unavailable' | 'booked' | 'withdrawn' | 'soldElsewhere' | 'deleted';
  reported: boolean;
}

/** A booking nobody answered: an admin's deletion of its buyer or seller cancels it. */
interface PendingBooking {
  id: string;
  product: ProductState;
  buyerUid: string;
}

/**
 * A random but plausible marketplace history (what the deciders would let through): categories,
 * users who register as buyers or sellers, seller records, listings, reports, bookings (ProductBooked
 * then BookingPlaced), advertising, deletions and promotions. Every payload passes the catalog; ids
 * and times come from `random`, so one seed always yields the same history.
 */
export function randomWorkload(
  random: () => number,
  appends: number,
  options: {
    /**
     * Whether an account's deletion is preceded by the cancellation of its pending bookings, as
     * the workers' reactor makes it (default true). Off for a log appended out of order (streams
     * racing), where a cancellation could land before the booking it ends.
     */
    readonly cancelBookingsOfDeleted?: boolean;
  } = {},
): WorkloadAppend[] {
  const hex = (length: number): string =>
    Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');
  const uuid = (): string => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
  let clock = Date.UTC(2026, 10, 21, 10);
  const metadata = (actorUid: string, actorEmail: string): EventMetadata => {
    clock += 1_000 + Math.floor(random() * 60_000);
    const correlationId = uuid();
    return {
      actorUid,
      actorEmail,
      occurredAt: new Date(clock).toISOString(),
      correlationId,
      causationId: correlationId,
    };
  };
  const revisions = new Map<string, number>();
  const out: WorkloadAppend[] = [];
  const append = (streamId: string, events: AnyEvent[], actor: [string, string]): void => {
    const current = revisions.get(streamId);
    const meta = metadata(...actor);
    out.push({
      streamId,
      expectedRevision: current ?? 'no_stream',
      events: events.map((event) => ({ eventId: uuid(), event, metadata: meta })),
    });
    revisions.set(streamId, (current ?? -1) + events.length);
  };

  const brands = ['Apple', 'Samsung', 'Xiaomi'];
  const users: {
    admin?: boolean;
    uid: string;
    email: string;
    name: string;
    role: 'buyer' | 'seller';
    alive: boolean;
  }[] = [];
  const sellers: {
    uid: string;
    email: string;
    name: string;
    alive: boolean;
    verified?: boolean;
  }[] = [];
  const products: ProductState[] = [];
  const pending: PendingBooking[] = [];
  const sellersById = new Map<string, { email: string }>();
  let liveSellerCount = 0;
  let liveUserCount = 0;
  const admin: [string, string] = ['admin-1', 'admin@example.com'];

  for (const title of brands)
    append(
      `category-${title.toLowerCase()}`,
      [
        {
          type: 'CategoryCreated',
          schemaVersion: 2,
          data: {
            categoryId: title.toLowerCase(),
            title,
            image: `${title}.png`,
          },
        },
      ],
      admin,
    );

  const registerUser = (): void => {
    const n = users.length + 1;
    const role = random() < 0.5 ? 'seller' : 'buyer';
    const user = {
      uid: `u${n}${hex(4)}`,
      email: `user${n}@example.com`,
      name: `User ${n}`,
      role,
      alive: true,
    } as const;
    users.push({ ...user });
    liveUserCount += 1;
    append(
      `user-${user.uid}`,
      [
        {
          type: 'UserRegistered',
          schemaVersion: 1,
          data: { uid: user.uid, name: user.name, email: user.email, role },
        },
      ],
      [user.uid, user.email],
    );
    if (role === 'seller') {
      const seller = { uid: user.uid, email: user.email, name: user.name, alive: true };
      sellers.push(seller);
      liveSellerCount += 1;
      sellersById.set(seller.uid, seller);
      append(
        `seller-${user.uid}`,
        [
          {
            type: 'SellerRegistered',
            schemaVersion: 1,
            data: {
              sellerId: user.uid,
              name: user.name,
              email: user.email,
              sellerEmail: user.email,
            },
          },
        ],
        [user.uid, user.email],
      );
    }
  };
  while (sellers.length < 2 || users.length < 4) registerUser();

  const productEvent = (product: ProductState, event: AnyEvent, actor: [string, string]): void =>
    append(`product-${product.id}`, [event], actor);

  /**
   * What the workers' reactor does when an admin deletes an account: each pending booking it made
   * or received is cancelled, saying why, and its product is on sale again. Written here, before
   * the deletion, so the reactor finds nothing left to do and appends nothing to the log a test
   * compares.
   */
  const cancelPendingOf = (uid: string): void => {
    if (options.cancelBookingsOfDeleted === false) return;
    for (const booking of [...pending]) {
      const reason =
        booking.buyerUid === uid
          ? 'buyer-deleted'
          : booking.product.sellerUid === uid
            ? 'seller-deleted'
            : undefined;
      if (!reason) continue;
      pending.splice(pending.indexOf(booking), 1);
      const ids = { bookingId: booking.id, productId: booking.product.id };
      const system: [string, string] = ['system', ''];
      append(
        `booking-${booking.id}`,
        [{ type: 'BookingCancelled', schemaVersion: 1, data: { ...ids, reason } }],
        system,
      );
      if (booking.product.status !== 'booked') continue;
      booking.product.status = 'available';
      productEvent(
        booking.product,
        { type: 'ProductReleased', schemaVersion: 1, data: { ...ids, reason: 'cancelled' } },
        system,
      );
    }
  };

  /**
   * Then the reactor withdraws the deleted account's products still on the site, saying why:
   * written here too, for the same reason.
   */
  const withdrawProductsOf = (uid: string): void => {
    for (const product of products) {
      if (product.sellerUid !== uid) continue;
      if (product.status !== 'available' && product.status !== 'unavailable') continue;
      product.status = 'withdrawn';
      productEvent(
        product,
        {
          type: 'ProductWithdrawn',
          schemaVersion: 1,
          data: { productId: product.id, reason: 'account-deleted' },
        },
        ['system', ''],
      );
    }
  };

  // Random picks among the items that qualify, without scanning long lists on every step.
  const pickWhere = <T>(items: readonly T[], fits: (item: T) => boolean): T | undefined => {
    for (let tries = 0; tries < 24 && items.length > 0; tries++) {
      const item = pick(random, items);
      if (fits(item)) return item;
    }
    return items.length <= 64 ? items.find(fits) : undefined;
  };
  const isOpen = (p: ProductState): boolean =>
    p.status === 'available' || p.status === 'unavailable';
  const alive = (who: { alive: boolean }): boolean => who.alive;

  while (out.length < appends) {
    const roll = random();
    const seller0 = pickWhere(sellers, alive);
    const buyer0 = pickWhere(users, alive);
    const open0 = pickWhere(products, isOpen);
    if (roll < 0.08 || !buyer0) registerUser();
    else if (roll < 0.35) {
      // The gateway takes no listing from a deleted account, even if its seller record is left.
      if (!seller0 || users.find((user) => user.uid === seller0.uid)?.alive === false) continue;
      const seller = seller0;
      const brand = pick(random, brands);
      const product: ProductState = {
        id: `p${products.length + 1}${hex(4)}`,
        sellerUid: seller.uid,
        status: 'available',
        reported: false,
      };
      products.push(product);
      productEvent(
        product,
        {
          type: 'ProductListed',
          schemaVersion: 2,
          data: {
            productId: product.id,
            productName: `${brand} phone ${products.length}`,
            picture: `${product.id}.jpg`,
            address: 'Dhaka',
            year: Math.floor(random() * 5),
            buyingPrice: 500 + Math.floor(random() * 500),
            sellingPrice: 100 + Math.floor(random() * 400),
            sellerName: seller.name,
            condition: pick(random, ['Good', 'Excelent', 'Fair'] as const),
            phone: '+880100000',
            about: 'Works well',
            postTime: new Date(clock).toISOString(),
            Brand: brand,
            email: seller.email,
            sellerEmail: seller.email,
            sellerUid: seller.uid,
          },
        },
        [seller.uid, seller.email],
      );
    } else if (roll < 0.5) {
      if (!open0) continue;
      const product = open0;
      const buyer = buyer0;
      if (product.status !== 'available' || buyer.uid === product.sellerUid) continue;
      // The gateway books no product of a deleted seller (nor of a deleted user).
      const sellerOf = (uid: string) => ({
        user: users.find((user) => user.uid === uid),
        seller: sellers.find((seller) => seller.uid === uid),
      });
      const { user: sellerUser, seller: sellerRecord } = sellerOf(product.sellerUid);
      if (sellerUser?.alive === false || sellerRecord?.alive === false) continue;
      // A seller whose seller record was deleted can no longer book either.
      if (sellerOf(buyer.uid).seller?.alive === false) continue;
      product.status = 'booked';
      const bookingId = `b${hex(10)}`;
      const booking = {
        productId: product.id,
        bookingId,
        buyerUid: buyer.uid,
        buyerName: buyer.name,
        email: buyer.email,
        phone: '+880111111',
        address: 'Chattogram',
        sellingPrice: 250,
        Brand: 'Apple',
        productName: 'a phone',
        sellerUid: product.sellerUid,
        sellerEmail: sellersById.get(product.sellerUid)?.email ?? null,
        // Never due while a test runs: no expiry appends to the log it compares.
        expiresAt: '2099-01-01T00:00:00.000Z',
      };
      pending.push({ id: bookingId, product, buyerUid: buyer.uid });
      productEvent(product, { type: 'ProductBooked', schemaVersion: 2, data: booking }, [
        buyer.uid,
        buyer.email,
      ]);
      append(
        `booking-${bookingId}`,
        [{ type: 'BookingPlaced', schemaVersion: 2, data: booking }],
        [buyer.uid, buyer.email],
      );
    } else if (roll < 0.6) {
      const product = pickWhere(products, (p) => p.status !== 'deleted' && !p.reported);
      if (!product) continue;
      product.reported = true;
      const reporter = buyer0;
      productEvent(
        product,
        {
          type: 'ProductReported',
          schemaVersion: 2,
          data: {
            productId: product.id,
            reporterUid: reporter.uid,
            reporterName: reporter.email,
            reason: 'wrong-price',
            details: null,
            reportedAt: '2026-01-01T00:00:00.000Z',
          },
        },
        [reporter.uid, reporter.email],
      );
    } else if (roll < 0.67) {
      // An admin claims the case, then deletes the listing, or hides it and (claiming it again)
      // restores it at once: a listing never stays hidden, which the other moves would not allow.
      const product = pickWhere(products, (p) => p.reported && p.status !== 'deleted');
      if (!product) continue;
      const productId = product.id;
      productEvent(
        product,
        {
          type: 'CaseClaimed',
          schemaVersion: 1,
          data: { productId, adminUid: admin[0], adminName: 'Admin' },
        },
        admin,
      );
      const onSite = product.status !== 'withdrawn' && product.status !== 'soldElsewhere';
      const hiding = onSite && random() < 0.5;
      if (hiding) {
        const action = { productId, adminUid: admin[0], reason: 'Checked' };
        productEvent(product, { type: 'ProductHidden', schemaVersion: 1, data: action }, admin);
        productEvent(
          product,
          {
            type: 'CaseClaimed',
            schemaVersion: 1,
            data: { productId, adminUid: admin[0], adminName: 'Admin' },
          },
          admin,
        );
        productEvent(product, { type: 'ProductRestored', schemaVersion: 1, data: action }, admin);
        product.reported = false;
      } else {
        product.status = 'deleted';
        productEvent(
          product,
          {
            type: 'ReportedProductDeleted',
            schemaVersion: 2,
            data: { productId, adminUid: admin[0], reason: 'Reported' },
          },
          admin,
        );
      }
    } else if (roll < 0.75) {
      if (!open0) continue;
      const product = open0;
      const seller: [string, string] = [
        product.sellerUid,
        sellersById.get(product.sellerUid)?.email ?? '',
      ];
      const move = pick(random, [
        product.status === 'available' ? 'ProductAdvertised' : 'ProductMarkedAvailable',
        product.status === 'available' ? 'ProductMarkedUnavailable' : 'ProductMarkedAvailable',
        'edit',
        'edit',
        'ProductWithdrawn',
        'ProductSoldElsewhere',
      ] as const);
      if (move === 'edit') {
        // A seller's edit: one event per field changed, in one append, as the decider makes it.
        const productId = product.id;
        const edits: AnyEvent[] = [];
        if (random() < 0.7)
          edits.push({
            type: 'ProductPriceChanged',
            schemaVersion: 1,
            data: {
              productId,
              sellingPrice: 100 + Math.floor(random() * 400),
              changedAt: new Date(clock).toISOString(),
            },
          });
        if (random() < 0.4)
          edits.push({
            type: 'ProductConditionChanged',
            schemaVersion: 1,
            data: { productId, condition: pick(random, ['Good', 'Excelent', 'Fair'] as const) },
          });
        if (random() < 0.4)
          edits.push({
            type: 'ProductDescriptionChanged',
            schemaVersion: 1,
            data: { productId, about: `Works well, battery ${50 + Math.floor(random() * 50)}%` },
          });
        if (random() < 0.3)
          edits.push({
            type: 'ProductPictureChanged',
            schemaVersion: 1,
            data: { productId, picture: `${productId}-${hex(4)}.webp` },
          });
        if (edits.length > 0) append(`product-${productId}`, edits, seller);
        continue;
      }
      if (move === 'ProductMarkedUnavailable') product.status = 'unavailable';
      if (move === 'ProductMarkedAvailable') product.status = 'available';
      if (move === 'ProductWithdrawn') product.status = 'withdrawn';
      if (move === 'ProductSoldElsewhere') product.status = 'soldElsewhere';
      productEvent(
        product,
        move === 'ProductWithdrawn'
          ? {
              type: move,
              schemaVersion: 1,
              data: { productId: product.id, reason: 'seller-withdrew' },
            }
          : { type: move, schemaVersion: 1, data: { productId: product.id } },
        seller,
      );
    } else if (roll < 0.82) {
      const seller = pickWhere(sellers, (s) => s.alive && !s.verified);
      if (!seller) continue;
      seller.verified = true;
      append(
        `seller-${seller.uid}`,
        [{ type: 'SellerVerified', schemaVersion: 1, data: { sellerId: seller.uid } }],
        admin,
      );
    } else if (roll < 0.86) {
      if (!seller0 || liveSellerCount <= 2) continue;
      seller0.alive = false;
      liveSellerCount -= 1;
      cancelPendingOf(seller0.uid);
      withdrawProductsOf(seller0.uid);
      append(
        `seller-${seller0.uid}`,
        [{ type: 'SellerDeleted', schemaVersion: 1, data: { sellerId: seller0.uid } }],
        admin,
      );
    } else if (roll < 0.93) {
      const user = pickWhere(users, (u) => u.alive && !u.admin);
      if (!user) continue;
      user.admin = true;
      append(
        `user-${user.uid}`,
        [{ type: 'UserPromoted', schemaVersion: 1, data: { uid: user.uid, role: 'admin' } }],
        admin,
      );
    } else {
      if (liveUserCount <= 4) continue;
      buyer0.alive = false;
      liveUserCount -= 1;
      cancelPendingOf(buyer0.uid);
      withdrawProductsOf(buyer0.uid);
      append(
        `user-${buyer0.uid}`,
        [{ type: 'UserDeleted', schemaVersion: 1, data: { uid: buyer0.uid } }],
        admin,
      );
    }
  }
  return out;
}
