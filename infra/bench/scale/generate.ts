// Generated marketplace history (issue 32), written straight into an event log: users and
// sellers (registered, some verified, a few deleted by an admin), listings over the categories
// with varied names, descriptions, prices, conditions and years, bookings through their whole
// life (placed, then accepted, declined, cancelled or expired), listings advertised, taken off
// sale for a while, edited (price, description, condition, picture), withdrawn or sold outside
// the site, reports and the admin's deletions (a deleted seller's listings withdrawn, as the
// reactor does). Reproducible from a seed: the same seed and settings write the same log, event
// ids included.
//
// Every event is decided by the product's own deciders against the state of its stream, held
// here while the stream can still change, and the store checks each one against the catalog and
// its stream's revision as it appends it: the log is one the gateway could have written. What it
// skips is the reading back of each stream per command (the command handler's job), which at
// millions of events is most of the time: the events go through the store's batch append
// (appendSequence, one transaction per batch), one batch in flight while the next is decided.
//
// Run on its own: `npx tsx infra/bench/scale/generate.ts --data-dir <dir> [--listings 1000000]
// [--history full|light] [--seed 32]`; it prints events/s as it goes.
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  bookingDecider,
  bookingStreamId,
  categoryDecider,
  categoryStreamId,
  createEventStore,
  decideBookingMove,
  eventMetadataFrom,
  placeBookingFor,
  productDecider,
  productStreamId,
  sellerDecider,
  sellerStreamId,
  systemActor,
  userDecider,
  userStreamId,
  type Booking,
  type BookingMove,
  type Command,
  type CommandMetadata,
  type Decider,
  type DomainEvent,
  type EventStore,
  type NewEvent,
  type Product,
  type ProductBooked,
  type Seller,
  type StreamAppend,
  type User,
} from '@resale/events';
import { marketCategories } from '@resale/workers/operators/bootstrap';
import { seededRandom } from '../../../workers/test/support/random.ts';
import { brands, type Brand } from '../catalog-seed.ts';
import {
  areas,
  colours,
  descriptionParts,
  firstNames,
  lastNames,
  modelsByBrand,
  rareWords,
  storages,
} from './vocabulary.ts';

/** How a listing's life goes: chances (0-1) of each step. */
export interface HistoryShape {
  /** A listing is booked at least once. */
  readonly booked: number;
  /** Booked again after a booking ended unsold. */
  readonly bookedAgain: number;
  /** How a booking ends (the rest expire unanswered). */
  readonly accepted: number;
  readonly declined: number;
  readonly cancelled: number;
  readonly advertised: number;
  /** Taken off sale by its seller for a while, then put back. */
  readonly paused: number;
  /** Edited by its seller (mostly the price, then the description, condition or picture). */
  readonly edited: number;
  /** Of the listings never sold through a booking: withdrawn, or sold outside the site. */
  readonly withdrawn: number;
  readonly soldElsewhere: number;
  readonly reported: number;
  /** Of the reported listings, those an admin deletes. */
  readonly deletedWhenReported: number;
  /** Of the users, those an admin deletes some time after they joined. */
  readonly deletedUsers: number;
  /** Of the sellers, those an admin verifies, and those an admin deletes. */
  readonly verifiedSellers: number;
  readonly deletedSellers: number;
}

/**
 * 'full': issue 32's history, about 10 events per listing (1,000,000 listings: 10,000,000
 * events). 'light': most listings never booked, about 2.5 events per listing, for the
 * benchmark's catalog part, which must seed and project a million listings in a few minutes.
 */
export const historyShapes: Readonly<Record<'full' | 'light', HistoryShape>> = {
  full: {
    booked: 0.9,
    bookedAgain: 0.8,
    accepted: 0.3,
    declined: 0.25,
    cancelled: 0.3,
    advertised: 0.2,
    paused: 0.1,
    edited: 0.5,
    withdrawn: 0.1,
    soldElsewhere: 0.05,
    reported: 0.03,
    deletedWhenReported: 0.4,
    deletedUsers: 0.02,
    verifiedSellers: 0.35,
    deletedSellers: 0.005,
  },
  light: {
    booked: 0.25,
    bookedAgain: 0.3,
    accepted: 0.4,
    declined: 0.2,
    cancelled: 0.25,
    advertised: 0.1,
    paused: 0.03,
    edited: 0.15,
    withdrawn: 0.03,
    soldElsewhere: 0.02,
    reported: 0.02,
    deletedWhenReported: 0.4,
    deletedUsers: 0.01,
    verifiedSellers: 0.35,
    deletedSellers: 0.002,
  },
};

export interface GenerateOptions {
  readonly listings: number;
  readonly seed?: number;
  readonly history?: HistoryShape;
  /**
   * Events per appendSequence (one transaction); default 100,000. Larger transactions write
   * each page of the log's stream index fewer times.
   */
  readonly batchEvents?: number;
  /** The last listing's time; the history spans `days` before it. */
  readonly endsAt?: Date;
  readonly days?: number;
  /** Listings whose ids the report keeps (still listed at the end): for reads to ask for. */
  readonly sampleListings?: number;
  /** Called after each batch committed. */
  readonly onProgress?: (progress: { readonly events: number; readonly listings: number }) => void;
}

export interface GenerateReport {
  readonly events: number;
  readonly listings: number;
  readonly buyers: number;
  readonly sellers: number;
  readonly bookings: number;
  readonly seconds: number;
  readonly eventsPerSecond: number;
  readonly byType: Readonly<Record<string, number>>;
  /** Ids of listings still on the site at the end (or sold through it), spread over the history. */
  readonly sampleProductIds: readonly string[];
}

const hour = 3_600_000;
const day = 24 * hour;
/** As the gateway's BOOKING_EXPIRY_HOURS default. */
const bookingExpiryMs = 48 * hour;

/** A stream as far as the generator has decided it: its state and its last revision. */
interface Stream<S> {
  readonly id: string;
  state: S;
  /** -1: the stream has no event yet. */
  revision: number;
}

interface Account {
  readonly uid: string;
  readonly name: string;
  readonly email: string;
  readonly user: Stream<User>;
  /** Products with a pending booking this account made (buyer) or received (seller). */
  readonly pending: Set<Listing>;
}

interface SellerAccount extends Account {
  readonly seller: Stream<Seller>;
  /**
   * The listings of a seller an admin will delete, which the deletion withdraws (as the
   * account-deleted reactor does); kept for those sellers only.
   */
  readonly listings?: Listing[];
}

/** One step of a listing's life, at its time. */
type Step =
  | {
      readonly kind:
        | 'advertise'
        | 'pause'
        | 'resume'
        | 'report'
        | 'deleteReported'
        | 'edit'
        | 'withdraw'
        | 'sellElsewhere';
    }
  | { readonly kind: 'book'; readonly booking: PlannedBooking }
  | { readonly kind: 'end'; readonly booking: PlannedBooking };

interface PlannedBooking {
  readonly ending: 'accepted' | 'declined' | 'cancelled' | 'expired';
  stream?: Stream<Booking>;
  buyer?: Account;
}

interface Listing {
  readonly product: Stream<Product>;
  readonly productId: string;
  readonly seller: SellerAccount;
  readonly steps: { readonly at: number; readonly step: Step }[];
  next: number;
  /** The booking holding it now, and who made it. */
  holder?: PlannedBooking;
}

/** Something due at a time: a listing's next step, or an account's. */
interface Due {
  readonly at: number;
  readonly order: number;
  readonly run: () => void;
}

/** A binary heap of what is due, earliest first (ties in the order they were added). */
class Agenda {
  private readonly items: Due[] = [];
  private added = 0;

  get size(): number {
    return this.items.length;
  }

  add(at: number, run: () => void): void {
    const items = this.items;
    items.push({ at, order: this.added++, run });
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!earlier(items[i] as Due, items[parent] as Due)) break;
      [items[i], items[parent]] = [items[parent] as Due, items[i] as Due];
      i = parent;
    }
  }

  peekAt(): number {
    return this.items[0]?.at ?? Number.POSITIVE_INFINITY;
  }

  take(): Due | undefined {
    const items = this.items;
    const first = items[0];
    const last = items.pop();
    if (first === undefined || last === undefined || items.length === 0) return first;
    items[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < items.length && earlier(items[left] as Due, items[least] as Due)) least = left;
      if (right < items.length && earlier(items[right] as Due, items[least] as Due)) least = right;
      if (least === i) break;
      [items[i], items[least]] = [items[least] as Due, items[i] as Due];
      i = least;
    }
    return first;
  }
}

const earlier = (a: Due, b: Due): boolean => a.at < b.at || (a.at === b.at && a.order < b.order);

/**
 * Writes the marketplace's history into `store` (an empty log, or one holding other streams than
 * the ones generated: the generated ids are new).
 */
export async function generateMarketplace(
  store: EventStore,
  options: GenerateOptions,
): Promise<GenerateReport> {
  const generator = new MarketplaceGenerator(store, options);
  return generator.run();
}

class MarketplaceGenerator {
  private readonly random: () => number;
  private readonly shape: HistoryShape;
  private readonly batchEvents: number;
  private readonly agenda = new Agenda();
  private readonly byType: Record<string, number> = {};
  private buffer: StreamAppend[] = [];
  private buffered = 0;
  private inFlight: Promise<unknown> = Promise.resolve();
  private committed = 0;
  private events = 0;
  private listed = 0;
  private bookings = 0;
  private correlation = 0;
  private readonly buyers: (Account | undefined)[];
  private readonly sellers: (SellerAccount | undefined)[];
  private readonly deleted = new Set<string>();
  private admin: Account | undefined;
  private readonly sampleEvery: number;
  private readonly sample: Listing[] = [];
  private readonly startsAt: number;
  private readonly gapMs: number;
  /** The time of what runs now: an agenda entry's, or the listing's. */
  private now = 0;

  private readonly store: EventStore;
  private readonly options: GenerateOptions;

  constructor(store: EventStore, options: GenerateOptions) {
    this.store = store;
    this.options = options;
    this.random = seededRandom(options.seed ?? 32);
    this.shape = options.history ?? historyShapes.full;
    this.batchEvents = options.batchEvents ?? 100_000;
    // A buyer books a few phones over the years, a seller lists dozens.
    this.buyers = Array.from({ length: Math.max(20, Math.round(options.listings / 8)) });
    this.sellers = Array.from({ length: Math.max(5, Math.round(options.listings / 40)) });
    this.sampleEvery = Math.max(
      1,
      Math.floor(options.listings / (options.sampleListings ?? 20_000)),
    );
    const endsAt = (options.endsAt ?? new Date(Date.UTC(2026, 8, 1))).getTime();
    const days = options.days ?? 730;
    this.startsAt = endsAt - days * day;
    this.gapMs = (days * day) / Math.max(1, options.listings);
  }

  async run(): Promise<GenerateReport> {
    const started = performance.now();
    this.openMarket(this.startsAt - day);
    for (let index = 0; index < this.options.listings; index++) {
      const at = this.startsAt + (index + this.random() * 0.9) * this.gapMs;
      this.runDue(at);
      this.list(at);
      if (this.buffered >= this.batchEvents) await this.flush();
    }
    this.runDue(Number.POSITIVE_INFINITY);
    await this.flush();
    await this.inFlight;
    const seconds = (performance.now() - started) / 1_000;
    return {
      events: this.events,
      listings: this.listed,
      buyers: this.buyers.filter(Boolean).length,
      sellers: this.sellers.filter(Boolean).length,
      bookings: this.bookings,
      seconds,
      eventsPerSecond: Math.round(this.events / seconds),
      byType: { ...this.byType },
      sampleProductIds: this.sample
        .filter((listing) => onSite.has(listing.product.state.status))
        .map((listing) => listing.productId),
    };
  }

  /** Runs everything due up to `at`, batch by batch. */
  private runDue(at: number): void {
    while (this.agenda.peekAt() <= at) {
      const due = this.agenda.take();
      if (!due) return;
      this.now = due.at;
      due.run();
    }
  }

  /////////////////////////////////////////
  // Streams and batches
  /////////////////////////////////////////

  private hex(bits: number): string {
    return Math.floor(this.random() * 2 ** bits)
      .toString(16)
      .padStart(bits / 4, '0');
  }

  /** A random UUID (version 4, as randomUUID makes them) from the seeded source: ids of things. */
  private uuid(): string {
    const variant = (8 + Math.floor(this.random() * 4)).toString(16);
    return `${this.hex(32)}-${this.hex(16)}-4${this.hex(12)}-${variant}${this.hex(12)}-${this.hex(24)}${this.hex(24)}`;
  }

  /**
   * An event id: a UUID of version 7 (its time first, then random bits), so that the log's
   * unique index of event ids grows at its end while millions are written in a few large
   * transactions; random ids there rewrite pages all over the index in every one of them.
   */
  private eventId(at: number): string {
    const time = Math.floor(at).toString(16).padStart(12, '0');
    const variant = (8 + Math.floor(this.random() * 4)).toString(16);
    return `${time.slice(0, 8)}-${time.slice(8)}-7${this.hex(12)}-${variant}${this.hex(12)}-${this.hex(24)}${this.hex(24)}`;
  }

  private metadata(actor: { uid: string; email: string }, at: number): CommandMetadata {
    const correlationId = `gen-${(this.correlation++).toString(36)}`;
    return {
      actorUid: actor.uid,
      actorEmail: actor.email,
      now: new Date(at).toISOString(),
      correlationId,
      causationId: correlationId,
    };
  }

  /** Decides a command on a stream and queues its events at the stream's revision. */
  private decide<C extends Command, E extends DomainEvent, S>(
    stream: Stream<S>,
    decider: Decider<C, E, S>,
    command: C,
  ): E[] {
    const decided = decider.decide(command, stream.state);
    this.queue(stream, decided, command.metadata);
    for (const event of decided) stream.state = decider.evolve(stream.state, event);
    return decided;
  }

  private queue<S>(
    stream: Stream<S>,
    decided: readonly DomainEvent[],
    metadata: CommandMetadata,
  ): void {
    if (decided.length === 0) return;
    const recorded = eventMetadataFrom(metadata);
    const at = Date.parse(metadata.now);
    const events: NewEvent[] = decided.map((event) => ({
      eventId: this.eventId(at),
      event,
      metadata: recorded,
    }));
    this.buffer.push({
      streamId: stream.id,
      events,
      expectedRevision: stream.revision < 0 ? 'no_stream' : stream.revision,
    });
    stream.revision += decided.length;
    this.buffered += decided.length;
    this.events += decided.length;
    for (const event of decided) this.byType[event.type] = (this.byType[event.type] ?? 0) + 1;
  }

  /** Sends the queued appends as one sequence, once the one before has committed. */
  private async flush(): Promise<void> {
    await this.inFlight;
    if (this.buffer.length === 0) return;
    const batch = this.buffer;
    const events = this.buffered;
    this.buffer = [];
    this.buffered = 0;
    this.inFlight = this.store.appendSequence(batch).then(() => {
      this.committed += events;
      this.options.onProgress?.({ events: this.committed, listings: this.listed });
    });
  }

  /////////////////////////////////////////
  // Accounts
  /////////////////////////////////////////

  private openMarket(at: number): void {
    for (const { categoryId, title } of marketCategories)
      this.decide(
        { id: categoryStreamId(categoryId), state: categoryDecider.initialState(), revision: -1 },
        categoryDecider,
        {
          type: 'CreateCategory',
          data: { categoryId, title, image: `category-${categoryId}.png` },
          metadata: this.metadata({ uid: systemActor.actorUid, email: '' }, at),
        },
      );
    // Granted admin at registration, as ADMIN_EMAILS does.
    this.admin = this.register('admin', 'Market Admin', 'admin@market.example', 'buyer', at, true);
  }

  private register(
    uid: string,
    name: string,
    email: string,
    role: 'buyer' | 'seller',
    at: number,
    grantAdmin = false,
  ): Account {
    const user: Stream<User> = {
      id: userStreamId(uid),
      state: userDecider.initialState(),
      revision: -1,
    };
    this.decide(user, userDecider, {
      type: 'RegisterUser',
      data: { uid, name, email, role, ...(grantAdmin ? { grantAdmin } : {}) },
      metadata: this.metadata({ uid, email }, at),
    });
    return { uid, name, email, user, pending: new Set() };
  }

  private personName(index: number): { name: string; email: string } {
    const first = firstNames[index % firstNames.length] ?? 'Rahim';
    const last = lastNames[Math.floor(index / firstNames.length) % lastNames.length] ?? 'Ahmed';
    return {
      name: `${first} ${last}`,
      email: `${first}.${last}.${index}@mail.example`.toLowerCase(),
    };
  }

  /** A buyer still active at `at`, registered at their first act; a few buy most. */
  private buyer(at: number): Account | undefined {
    for (let attempt = 0; attempt < 8; attempt++) {
      const index = Math.floor(this.random() ** 2 * this.buyers.length);
      const known = this.buyers[index];
      if (known) {
        if (this.deleted.has(known.uid)) continue;
        return known;
      }
      const { name, email } = this.personName(index);
      const account = this.register(`buyer-${index}`, name, email, 'buyer', at);
      this.buyers[index] = account;
      if (this.random() < this.shape.deletedUsers)
        this.agenda.add(at + (1 + this.random() * 300) * day, () => this.deleteUser(account));
      return account;
    }
    return undefined;
  }

  private seller(at: number): SellerAccount | undefined {
    for (let attempt = 0; attempt < 8; attempt++) {
      const index = Math.floor(this.random() ** 1.5 * this.sellers.length);
      const known = this.sellers[index];
      if (known) {
        if (this.deleted.has(known.uid)) continue;
        return known;
      }
      const person = this.personName(index + 100_000);
      const shop = this.random() < 0.3 ? `${person.name.split(' ')[0] ?? ''} Mobile Shop` : null;
      const name = shop ?? person.name;
      const account = this.register(`seller-${index}`, name, person.email, 'seller', at);
      const seller: Stream<Seller> = {
        id: sellerStreamId(account.uid),
        state: sellerDecider.initialState(),
        revision: -1,
      };
      this.decide(seller, sellerDecider, {
        type: 'RegisterSeller',
        data: { sellerId: account.uid, name, email: account.email, sellerEmail: account.email },
        metadata: this.metadata(account, at),
      });
      const verified = this.random() < this.shape.verifiedSellers;
      const deleted = this.random() < this.shape.deletedSellers;
      const registered: SellerAccount = {
        ...account,
        seller,
        ...(deleted ? { listings: [] } : {}),
      };
      this.sellers[index] = registered;
      if (verified)
        this.agenda.add(at + (1 + this.random() * 160) * hour, () => this.verify(registered));
      if (deleted)
        this.agenda.add(at + (10 + this.random() * 300) * day, () => this.deleteSeller(registered));
      return registered;
    }
    return undefined;
  }

  private adminActor(): Account {
    if (!this.admin) throw new Error('The market has no admin yet');
    return this.admin;
  }

  private verify(seller: SellerAccount): void {
    if (this.deleted.has(seller.uid)) return;
    this.decide(seller.seller, sellerDecider, {
      type: 'VerifySeller',
      data: { sellerId: seller.uid },
      metadata: this.metadata(this.adminActor(), this.now),
    });
  }

  private deleteUser(account: Account): void {
    const decided = this.decide(account.user, userDecider, {
      type: 'DeleteUser',
      data: { uid: account.uid },
      metadata: this.metadata(this.adminActor(), this.now),
    });
    this.deleted.add(account.uid);
    this.cancelPendingOf(account, 'buyer-deleted', decided.length > 0);
  }

  private deleteSeller(seller: SellerAccount): void {
    const decided = this.decide(seller.seller, sellerDecider, {
      type: 'DeleteSeller',
      data: { sellerId: seller.uid },
      metadata: this.metadata(this.adminActor(), this.now),
    });
    this.deleted.add(seller.uid);
    this.cancelPendingOf(seller, 'seller-deleted', decided.length > 0);
    if (decided.length === 0) return;
    // Then, as the same reactor, every listing of theirs still on the site.
    for (const listing of seller.listings ?? []) {
      const status = listing.product.state.status;
      if (status === 'available' || status === 'unavailable')
        this.decide(listing.product, productDecider, {
          type: 'WithdrawProduct',
          data: { productId: listing.productId, reason: 'account-deleted' },
          metadata: this.metadata(
            { uid: systemActor.actorUid, email: systemActor.actorEmail },
            this.now,
          ),
        });
    }
  }

  /** As the account-deleted reactor: the system cancels the deleted account's pending bookings. */
  private cancelPendingOf(
    account: Account,
    reason: 'buyer-deleted' | 'seller-deleted',
    deleted: boolean,
  ): void {
    if (!deleted) return;
    for (const listing of [...account.pending]) {
      const booking = listing.holder;
      if (!booking?.stream) continue;
      this.move(listing, booking, {
        type: 'CancelBooking',
        data: { bookingId: bookingIdOf(booking), reason },
        metadata: this.metadata(
          { uid: systemActor.actorUid, email: systemActor.actorEmail },
          this.now,
        ),
      });
    }
  }

  /////////////////////////////////////////
  // Listings
  /////////////////////////////////////////

  private list(at: number): void {
    this.now = at;
    const seller = this.seller(at);
    if (!seller) return;
    const brand = brands[Math.floor(this.random() * brands.length)] as Brand;
    const models = modelsByBrand[brand];
    const model = models[Math.floor(this.random() ** 1.3 * models.length)] ?? models[0];
    if (!model) return;
    const year = Math.min(6, Math.floor(this.random() ** 1.6 * 7));
    const condition = (['Excelent', 'Good', 'Good', 'Fair'] as const)[
      Math.floor(this.random() * 4)
    ] as 'Excelent' | 'Good' | 'Fair';
    const wear = { Excelent: 0.85, Good: 0.72, Fair: 0.55 }[condition];
    const buyingPrice = Math.round(model.newPrice * (0.9 + this.random() * 0.2));
    const sellingPrice = Math.max(
      20,
      Math.round(buyingPrice * wear * 0.85 ** year * (0.85 + this.random() * 0.3)),
    );
    const storage = storages[Math.floor(this.random() * storages.length)] ?? '128GB';
    const colour = colours[Math.floor(this.random() * colours.length)] ?? 'Black';
    const productName =
      this.random() < 0.5 ? `${model.name} ${storage}` : `${model.name} ${storage} ${colour}`;
    const productId = this.uuid();
    const product: Stream<Product> = {
      id: productStreamId(productId),
      state: productDecider.initialState(),
      revision: -1,
    };
    this.decide(product, productDecider, {
      type: 'ListProduct',
      data: {
        productId,
        productName,
        picture: `${productId}.webp`,
        address: areas[Math.floor(this.random() * areas.length)] ?? 'Dhaka, Mirpur 10',
        year,
        buyingPrice,
        sellingPrice,
        sellerName: seller.name,
        condition,
        phone: `+88017${Math.floor(this.random() * 1e8)
          .toString()
          .padStart(8, '0')}`,
        about: this.description(brand, model.name, colour),
        Brand: brand,
        email: seller.email,
        sellerEmail: seller.email,
        sellerUid: seller.uid,
      },
      metadata: this.metadata(seller, at),
    });
    this.listed += 1;
    const listing: Listing = { product, productId, seller, steps: this.plan(at), next: 0 };
    if (this.listed % this.sampleEvery === 0) this.sample.push(listing);
    seller.listings?.push(listing);
    this.scheduleNext(listing);
  }

  private description(brand: Brand, model: string, colour: string): string {
    const parts: string[] = [];
    if (this.random() < 0.4) parts.push(`${brand} ${model}, ${colour.toLowerCase()}.`);
    for (const group of descriptionParts)
      if (this.random() < 0.75) parts.push(group[Math.floor(this.random() * group.length)] ?? '');
    if (this.random() < 0.05)
      parts.push(`Ref ${rareWords[Math.floor(this.random() * rareWords.length)] ?? ''}.`);
    const text = parts
      .join(' ')
      .replace('{battery}', String(78 + Math.floor(this.random() * 22)))
      .replace(
        '{area}',
        (areas[Math.floor(this.random() * areas.length)] ?? '').split(', ')[1] ?? '',
      )
      .replace('{months}', String(1 + Math.floor(this.random() * 11)));
    return text.length > 0 ? text : `${brand} ${model} for sale.`;
  }

  /** A listing's life, decided at once: its steps in time order. */
  private plan(listedAt: number): { at: number; step: Step }[] {
    const steps: { at: number; step: Step }[] = [];
    const shape = this.shape;
    const later = (from: number, meanMs: number): number =>
      from + Math.max(60_000, -Math.log(1 - this.random()) * meanMs);
    if (this.random() < shape.advertised)
      steps.push({ at: later(listedAt, 6 * hour), step: { kind: 'advertise' } });
    if (this.random() < shape.paused) {
      const pausedAt = later(listedAt, 3 * day);
      steps.push({ at: pausedAt, step: { kind: 'pause' } });
      steps.push({ at: later(pausedAt, 2 * day), step: { kind: 'resume' } });
    }
    for (let edits = 0; edits < 3 && this.random() < shape.edited; edits++)
      steps.push({ at: later(listedAt, 4 * day), step: { kind: 'edit' } });
    if (this.random() < shape.reported) {
      const reportedAt = later(listedAt, 5 * day);
      steps.push({ at: reportedAt, step: { kind: 'report' } });
      if (this.random() < shape.deletedWhenReported)
        steps.push({ at: later(reportedAt, day), step: { kind: 'deleteReported' } });
    }
    if (this.random() < shape.booked) {
      let from = listedAt;
      for (let count = 0; count < 6; count++) {
        const bookedAt = later(from, 3 * day);
        const draw = this.random();
        const ending =
          draw < shape.accepted
            ? 'accepted'
            : draw < shape.accepted + shape.declined
              ? 'declined'
              : draw < shape.accepted + shape.declined + shape.cancelled
                ? 'cancelled'
                : 'expired';
        const booking: PlannedBooking = { ending };
        // The expiry job runs once the deadline passed; answers come before it.
        const endsAt =
          ending === 'expired'
            ? bookedAt + bookingExpiryMs + 60_000 + this.random() * hour
            : bookedAt + 600_000 + this.random() * (bookingExpiryMs - 2 * hour);
        steps.push({ at: bookedAt, step: { kind: 'book', booking } });
        steps.push({ at: endsAt, step: { kind: 'end', booking } });
        if (ending === 'accepted' || this.random() >= shape.bookedAgain) break;
        from = endsAt;
      }
    }
    // Its seller ends it after everything else (a listing sold through a booking stays as it is).
    const last = steps.reduce((latest, { at }) => Math.max(latest, at), listedAt);
    const end = this.random();
    if (end < shape.withdrawn)
      steps.push({ at: later(last, 10 * day), step: { kind: 'withdraw' } });
    else if (end < shape.withdrawn + shape.soldElsewhere)
      steps.push({ at: later(last, 10 * day), step: { kind: 'sellElsewhere' } });
    return steps.sort((a, b) => a.at - b.at);
  }

  private scheduleNext(listing: Listing): void {
    const next = listing.steps[listing.next];
    if (!next) return;
    this.agenda.add(next.at, () => {
      listing.next += 1;
      this.take(listing, next.step);
      this.scheduleNext(listing);
    });
  }

  /** Takes a step where it is still allowed (the product may be deleted, booked or sold). */
  private take(listing: Listing, step: Step): void {
    const { product, seller, productId } = listing;
    const status = product.state.status;
    // Gone for good: nothing changes a listing any more (its bookings ended before).
    if (
      status === 'deleted' ||
      status === 'sold' ||
      status === 'empty' ||
      status === 'withdrawn' ||
      status === 'soldElsewhere'
    )
      return;
    const sellerHasIt = status === 'available' || status === 'unavailable';
    const sellerActive = !this.deleted.has(seller.uid);
    switch (step.kind) {
      case 'advertise':
        if (sellerActive && status === 'available' && !advertised(product.state))
          this.decide(product, productDecider, {
            type: 'AdvertiseProduct',
            data: { productId },
            metadata: this.metadata(seller, this.now),
          });
        return;
      case 'pause':
      case 'resume':
        if (sellerActive && status === (step.kind === 'pause' ? 'available' : 'unavailable'))
          this.decide(product, productDecider, {
            type: step.kind === 'pause' ? 'MarkProductUnavailable' : 'MarkProductAvailable',
            data: { productId },
            metadata: this.metadata(seller, this.now),
          });
        return;
      case 'report': {
        const reporter = this.buyer(this.now);
        // One report per listing at a time, as the history had before reports had reasons.
        if (reporter && !reported(product.state))
          this.decide(product, productDecider, {
            type: 'ReportProduct',
            data: { productId, reporterName: reporter.name, reason: 'misleading-description' },
            metadata: this.metadata(reporter, this.now),
          });
        return;
      }
      case 'deleteReported':
        // A booked listing waits for its booking's end: deleting it would leave a booking pending.
        if (status !== 'booked' && reported(product.state))
          this.decide(product, productDecider, {
            type: 'DeleteReportedProduct',
            data: { productId, adminName: this.adminActor().name, reason: 'Reported and checked' },
            metadata: this.metadata(this.adminActor(), this.now),
          });
        return;
      case 'book':
        if (sellerActive && status === 'available') this.book(listing, step.booking);
        return;
      case 'edit':
        if (sellerActive && sellerHasIt) this.edit(listing);
        return;
      case 'withdraw':
      case 'sellElsewhere':
        if (sellerActive && sellerHasIt)
          this.decide(
            product,
            productDecider,
            step.kind === 'withdraw'
              ? {
                  type: 'WithdrawProduct',
                  data: { productId, reason: 'seller-withdrew' },
                  metadata: this.metadata(seller, this.now),
                }
              : {
                  type: 'MarkProductSoldElsewhere',
                  data: { productId },
                  metadata: this.metadata(seller, this.now),
                },
          );
        return;
      case 'end':
        this.end(listing, step.booking);
        return;
    }
  }

  /** A seller's edit: mostly a lower price, else a new description, condition or picture. */
  private edit(listing: Listing): void {
    const state = listing.product.state;
    if (state.status !== 'available' && state.status !== 'unavailable') return;
    const { sellingPrice, condition, Brand, productName } = state.listing;
    const draw = this.random();
    const change =
      draw < 0.6
        ? { sellingPrice: Math.max(20, Math.round(sellingPrice * (0.8 + this.random() * 0.15))) }
        : draw < 0.8
          ? { about: this.description(Brand as Brand, productName, colours[0]) }
          : draw < 0.9
            ? { condition: condition === 'Fair' ? ('Good' as const) : ('Fair' as const) }
            : { picture: `${listing.productId}-${listing.product.revision + 1}.webp` };
    this.decide(listing.product, productDecider, {
      type: 'EditProduct',
      data: { productId: listing.productId, ...change },
      metadata: this.metadata(listing.seller, this.now),
    });
  }

  /** BookProduct and the BookingPlaced that follows it, as POST /bookings appends them. */
  private book(listing: Listing, booking: PlannedBooking): void {
    const buyer = this.buyer(this.now);
    if (!buyer) return;
    const bookingId = this.uuid();
    const metadata = this.metadata(buyer, this.now);
    const decided = this.decide(listing.product, productDecider, {
      type: 'BookProduct',
      data: {
        productId: listing.productId,
        bookingId,
        buyerName: buyer.name,
        email: buyer.email,
        phone: `+88018${Math.floor(this.random() * 1e8)
          .toString()
          .padStart(8, '0')}`,
        address: areas[Math.floor(this.random() * areas.length)] ?? 'Dhaka, Gulshan 2',
        expiresAt: new Date(this.now + bookingExpiryMs).toISOString(),
      },
      metadata,
    });
    const booked = decided.find((event): event is ProductBooked => event.type === 'ProductBooked');
    if (!booked) return;
    const stream: Stream<Booking> = {
      id: bookingStreamId(bookingId),
      state: bookingDecider.initialState(),
      revision: -1,
    };
    this.decide(stream, bookingDecider, placeBookingFor(booked, metadata));
    booking.stream = stream;
    booking.buyer = buyer;
    listing.holder = booking;
    buyer.pending.add(listing);
    listing.seller.pending.add(listing);
    this.bookings += 1;
  }

  private end(listing: Listing, booking: PlannedBooking): void {
    const stream = booking.stream;
    if (!stream || stream.state.status !== 'pending' || !booking.buyer) return;
    const bookingId = bookingIdOf(booking);
    const seller = listing.seller;
    const system = { uid: systemActor.actorUid, email: systemActor.actorEmail };
    const move: BookingMove =
      booking.ending === 'accepted' || booking.ending === 'declined'
        ? {
            type: booking.ending === 'accepted' ? 'AcceptBooking' : 'DeclineBooking',
            data: { bookingId },
            metadata: this.metadata(seller, this.now),
          }
        : booking.ending === 'cancelled'
          ? {
              type: 'CancelBooking',
              data: { bookingId, reason: 'buyer-cancelled' },
              metadata: this.metadata(booking.buyer, this.now),
            }
          : {
              type: 'ExpireBooking',
              data: { bookingId },
              metadata: this.metadata(system, this.now),
            };
    this.move(listing, booking, move);
  }

  /** A booking's end, decided on the booking's and the product's streams together. */
  private move(listing: Listing, booking: PlannedBooking, move: BookingMove): void {
    const stream = booking.stream;
    if (!stream) return;
    const decided = decideBookingMove(move, {
      booking: stream.state,
      product: listing.product.state,
    });
    this.queue(stream, decided.booking, move.metadata);
    for (const event of decided.booking) stream.state = bookingDecider.evolve(stream.state, event);
    this.queue(listing.product, decided.product, move.metadata);
    for (const event of decided.product)
      listing.product.state = productDecider.evolve(listing.product.state, event);
    if (stream.state.status !== 'pending') {
      booking.buyer?.pending.delete(listing);
      listing.seller.pending.delete(listing);
      if (listing.holder === booking) delete listing.holder;
    }
  }
}

const bookingIdOf = (booking: PlannedBooking): string => {
  const state = booking.stream?.state;
  if (!state || state.status === 'none') throw new Error('The booking was never placed');
  return state.booking.bookingId;
};

/** Listings whose page answers: not deleted, withdrawn or sold outside the site. */
const onSite = new Set<Product['status']>(['available', 'unavailable', 'booked', 'sold']);

const advertised = (product: Product): boolean =>
  product.status !== 'empty' && product.status !== 'deleted' && product.advertised;

const reported = (product: Product): boolean =>
  product.status !== 'empty' &&
  product.status !== 'deleted' &&
  product.moderation.reporters.length > 0;

/////////////////////////////////////////
// As a script
/////////////////////////////////////////

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      listings: { type: 'string', default: '1000000' },
      history: { type: 'string', default: 'full' },
      seed: { type: 'string', default: '32' },
    },
  });
  const dataDir = values['data-dir'];
  const listings = Number(values.listings);
  const history = values.history;
  const seed = Number(values.seed);
  if (!dataDir) throw new Error('--data-dir <dir> is required (the event log goes there)');
  if (!Number.isSafeInteger(listings) || listings < 1)
    throw new Error(`--listings must be a positive whole number, not ${values.listings}`);
  if (history !== 'full' && history !== 'light')
    throw new Error(`--history must be full or light, not ${history}`);
  if (!Number.isSafeInteger(seed))
    throw new Error(`--seed must be a whole number, not ${values.seed}`);
  const store = createEventStore({ DATA_DIR: path.resolve(dataDir) });
  const started = performance.now();
  let reported = 0;
  try {
    const report = await generateMarketplace(store, {
      listings,
      seed,
      history: historyShapes[history],
      onProgress: ({ events, listings: listed }) => {
        if (events - reported < 500_000) return;
        reported = events;
        const seconds = (performance.now() - started) / 1_000;
        console.info(
          `  ${events.toLocaleString('en-US')} events, ${listed.toLocaleString('en-US')} listings, ${Math.round(events / seconds).toLocaleString('en-US')} events/s`,
        );
      },
    });
    console.info(
      `Generated ${report.events.toLocaleString('en-US')} events (${report.listings.toLocaleString('en-US')} listings, ${report.bookings.toLocaleString('en-US')} bookings, ${report.buyers.toLocaleString('en-US')} buyers, ${report.sellers.toLocaleString('en-US')} sellers) in ${report.seconds.toFixed(1)} s: ${report.eventsPerSecond.toLocaleString('en-US')} events/s`,
    );
    console.info(JSON.stringify(report.byType));
  } finally {
    await store.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname)
  await main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
