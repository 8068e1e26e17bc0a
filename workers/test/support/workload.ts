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
  status: 'available' | 'unavailable' | 'booked' | 'deleted';
  reported: boolean;
}

/**
 * A random but plausible marketplace history (what the deciders would let through): categories,
 * users who register as buyers or sellers, seller records, listings, reports, bookings (ProductBooked
 * then BookingPlaced), advertising, deletions and promotions. Every payload passes the catalog; ids
 * and times come from `random`, so one seed always yields the same history.
 */
export function randomWorkload(random: () => number, appends: number): WorkloadAppend[] {
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
  const admin: [string, string] = ['admin-1', 'admin@example.com'];

  for (const title of brands)
    append(
      `category-${title.toLowerCase()}`,
      [
        {
          type: 'CategoryCreated',
          schemaVersion: 1,
          data: {
            categoryId: title.toLowerCase(),
            title,
            image: `https://img.example/${title}.png`,
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
      sellers.push({ uid: user.uid, email: user.email, name: user.name, alive: true });
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

  while (out.length < appends) {
    const roll = random();
    const liveSellers = sellers.filter((s) => s.alive);
    const buyers = users.filter((u) => u.alive);
    const open = products.filter((p) => p.status === 'available' || p.status === 'unavailable');
    if (roll < 0.08) registerUser();
    else if (roll < 0.35 && liveSellers.length > 0) {
      const seller = pick(random, liveSellers);
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
          schemaVersion: 1,
          data: {
            productId: product.id,
            productName: `${brand} phone ${products.length}`,
            picture: `https://img.example/${product.id}.jpg`,
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
    } else if (roll < 0.5 && open.length > 0) {
      const product = pick(random, open);
      const buyer = pick(random, buyers);
      if (product.status !== 'available' || buyer.uid === product.sellerUid) continue;
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
      };
      productEvent(product, { type: 'ProductBooked', schemaVersion: 1, data: booking }, [
        buyer.uid,
        buyer.email,
      ]);
      append(
        `booking-${bookingId}`,
        [{ type: 'BookingPlaced', schemaVersion: 1, data: booking }],
        [buyer.uid, buyer.email],
      );
    } else if (roll < 0.6 && products.some((p) => p.status !== 'deleted' && !p.reported)) {
      const product = pick(
        random,
        products.filter((p) => p.status !== 'deleted' && !p.reported),
      );
      product.reported = true;
      const reporter = pick(random, buyers);
      productEvent(
        product,
        { type: 'ProductReported', schemaVersion: 1, data: { productId: product.id } },
        [reporter.uid, reporter.email],
      );
    } else if (roll < 0.67 && products.some((p) => p.reported && p.status !== 'deleted')) {
      const product = pick(
        random,
        products.filter((p) => p.reported && p.status !== 'deleted'),
      );
      product.status = 'deleted';
      productEvent(
        product,
        { type: 'ReportedProductDeleted', schemaVersion: 1, data: { productId: product.id } },
        admin,
      );
    } else if (roll < 0.75 && open.length > 0) {
      const product = pick(random, open);
      const type =
        product.status === 'available'
          ? pick(random, ['ProductAdvertised', 'ProductMarkedUnavailable'] as const)
          : 'ProductMarkedAvailable';
      if (type === 'ProductMarkedUnavailable') product.status = 'unavailable';
      if (type === 'ProductMarkedAvailable') product.status = 'available';
      const seller = sellers.find((s) => s.uid === product.sellerUid);
      productEvent(product, { type, schemaVersion: 1, data: { productId: product.id } }, [
        product.sellerUid,
        seller?.email ?? '',
      ]);
    } else if (roll < 0.82 && liveSellers.some((s) => !s.verified)) {
      const seller = pick(
        random,
        liveSellers.filter((s) => !s.verified),
      );
      seller.verified = true;
      append(
        `seller-${seller.uid}`,
        [{ type: 'SellerVerified', schemaVersion: 1, data: { sellerId: seller.uid } }],
        admin,
      );
    } else if (roll < 0.86 && liveSellers.length > 2) {
      const seller = pick(random, liveSellers);
      seller.alive = false;
      append(
        `seller-${seller.uid}`,
        [{ type: 'SellerDeleted', schemaVersion: 1, data: { sellerId: seller.uid } }],
        admin,
      );
    } else if (roll < 0.93 && buyers.some((u) => !u.admin)) {
      const user = pick(
        random,
        buyers.filter((u) => !u.admin),
      );
      user.admin = true;
      append(
        `user-${user.uid}`,
        [{ type: 'UserPromoted', schemaVersion: 1, data: { uid: user.uid, role: 'admin' } }],
        admin,
      );
    } else if (buyers.length > 4) {
      const user = pick(random, buyers);
      user.alive = false;
      append(
        `user-${user.uid}`,
        [{ type: 'UserDeleted', schemaVersion: 1, data: { uid: user.uid } }],
        admin,
      );
    }
  }
  return out;
}
