import type { RecordedEvent } from '@resale/events';
import { describe, expect, it } from 'vitest';
import { toAuditEntry } from '../../src/operators/audit.ts';
import { historyOfStreams, linksOf, timelinePage } from '../../src/operators/audit-timeline.ts';
import { foldUpTo, listingThenAndNow } from '../../src/operators/listing-as-of.ts';
import { evolveProduct } from '../../src/projections/products/products-read-model.ts';
import {
  eventLog,
  productBooked,
  productConditionChanged,
  productListed,
  productPriceChanged,
  sellerRegistered,
  sellerVerified,
  userRegistered,
} from '../projections/recorded-events.ts';

/** Recorded events as if `actorUid` caused them (the test log's own actor otherwise). */
const by = (actorUid: string, actorEmail: string, events: RecordedEvent[]): RecordedEvent[] =>
  events.map((event) => ({ ...event, metadata: { ...event.metadata, actorUid, actorEmail } }));

/** Seller s1 registers and lists p1 at 300; b1 books it; s1 reprices to 250; an admin verifies s1. */
function givenAListingsLife() {
  const log = eventLog();
  const registered = by('s1', 's1@example.com', [
    log.record(userRegistered('s1', { role: 'seller' })),
    log.record(sellerRegistered('s1')),
  ]);
  const listed = by('s1', 's1@example.com', [log.record(productListed('p1'))]);
  const booked = by('b1', 'b1@example.com', [log.record(productBooked('p1', 'k1', 'b1'))]);
  const repriced = by('s1', 's1@example.com', [
    log.record(productPriceChanged('p1', 250)),
    log.record(productConditionChanged('p1', 'Fair')),
  ]);
  const verified = by('system', '', [log.record(sellerVerified('s1'))]);
  const all = [...registered, ...listed, ...booked, ...repriced, ...verified];
  const streams = new Map<string, RecordedEvent[]>();
  for (const event of all)
    streams.set(event.streamId, [...(streams.get(event.streamId) ?? []), event]);
  const store = { readStream: async (id: string) => streams.get(id) ?? [] };
  return { all, store, bookedAt: booked[0]!.position, listedAt: listed[0]!.position };
}

const noProfiles = async () => null;
const everything = { filter: { types: [], actor: undefined }, after: undefined, limit: 50 };

describe('the audit timeline', () => {
  it("merges a listing's and its seller's streams in log order", async () => {
    const { store } = givenAListingsLife();
    const history = await historyOfStreams(store, ['seller-s1', 'product-p1', 'product-p1']);
    expect(history.map((entry) => [entry.position, entry.type])).toEqual([
      [2, 'SellerRegistered'],
      [3, 'ProductListed'],
      [4, 'ProductBooked'],
      [5, 'ProductPriceChanged'],
      [6, 'ProductConditionChanged'],
      [7, 'SellerVerified'],
    ]);
  });

  it('words each event as `npm run audit` does, names its actor and the request it came from', async () => {
    const { store } = givenAListingsLife();
    const history = await historyOfStreams(store, ['product-p1', 'seller-s1']);
    const asked: string[] = [];
    const page = await timelinePage(history, everything, async (uid) => {
      asked.push(uid);
      return uid === 's1' ? { name: 'Sam', role: 'seller' } : null;
    });
    expect(page.entries.map((entry) => entry.description)).toEqual([
      '"Seller s1" became a seller (s1@example.com)',
      '"Phone p1" (Samsung, Good) listed at $300',
      expect.stringMatching(/^booked by ".+" <.+>$/),
      'price changed to $250',
      'condition changed to Fair',
      'seller verified',
    ]);
    expect(page.entries[1]).toMatchObject({
      actor: { uid: 's1', email: 's1@example.com', name: 'Sam', role: 'seller' },
      correlationId: 'correlation-3',
      streamId: 'product-p1',
    });
    // A user no longer known keeps uid and e-mail; the marketplace itself is "system".
    expect(page.entries[2]?.actor).toEqual({
      uid: 'b1',
      email: 'b1@example.com',
      name: null,
      role: null,
    });
    expect(page.entries[5]?.actor).toEqual({
      uid: 'system',
      email: '',
      name: null,
      role: 'system',
    });
    // Each actor of the page is looked up once; the system never.
    expect(asked.sort()).toEqual(['b1', 's1']);
    expect(page.eventTypes).toEqual([
      'ProductBooked',
      'ProductConditionChanged',
      'ProductListed',
      'ProductPriceChanged',
      'SellerRegistered',
      'SellerVerified',
    ]);
    expect(page.actors).toEqual([
      { uid: 's1', email: 's1@example.com' },
      { uid: 'b1', email: 'b1@example.com' },
      { uid: 'system', email: '' },
    ]);
  });

  it('links each event to the listings, users and bookings its payload names', () => {
    expect(linksOf(productBooked('p1', 'k1', 'b1').data)).toEqual({
      productIds: ['p1'],
      userIds: ['b1', 's1'],
      bookingIds: ['k1'],
    });
    expect(linksOf(sellerVerified('s1').data)).toEqual({
      productIds: [],
      userIds: ['s1'],
      bookingIds: [],
    });
    expect(linksOf('not an object')).toEqual({ productIds: [], userIds: [], bookingIds: [] });
  });

  it('filters by event type and actor, and pages by position', async () => {
    const { store } = givenAListingsLife();
    const history = await historyOfStreams(store, ['product-p1', 'seller-s1']);
    const bySeller = await timelinePage(
      history,
      { ...everything, filter: { types: [], actor: 'S1@EXAMPLE.COM' } },
      noProfiles,
    );
    expect(bySeller.entries.map((entry) => entry.position)).toEqual([2, 3, 5, 6]);
    expect(bySeller.matching).toBe(4);

    const first = await timelinePage(history, { ...everything, limit: 2 }, noProfiles);
    expect(first.entries.map((entry) => entry.position)).toEqual([2, 3]);
    expect(first.nextCursor).toBe(3);
    const second = await timelinePage(history, { ...everything, after: 3, limit: 2 }, noProfiles);
    expect(second.entries.map((entry) => entry.position)).toEqual([4, 5]);
    const last = await timelinePage(history, { ...everything, after: 5, limit: 2 }, noProfiles);
    expect(last.entries.map((entry) => entry.position)).toEqual([6, 7]);
    expect(last.nextCursor).toBeNull();
    const past = await timelinePage(history, { ...everything, after: 7, limit: 2 }, noProfiles);
    expect(past).toMatchObject({ entries: [], nextCursor: null });

    const prices = await timelinePage(
      history,
      { ...everything, filter: { types: ['ProductPriceChanged'], actor: undefined } },
      noProfiles,
    );
    expect(prices.entries.map((entry) => entry.type)).toEqual(['ProductPriceChanged']);
  });
});

describe('time travel: the listing as of a position', () => {
  it("folds the stream through the read model's own evolve, up to the position", () => {
    const { all, bookedAt } = givenAListingsLife();
    const product = all.filter((event) => event.streamId === 'product-p1');
    const then = foldUpTo(product, bookedAt, evolveProduct);
    expect(then).toMatchObject({ sellingPrice: 300, condition: 'Good', status: 'booked' });
    expect(foldUpTo(product, 0, evolveProduct)).toBeNull();
    expect(foldUpTo(product, Number.MAX_SAFE_INTEGER, evolveProduct)).toMatchObject({
      sellingPrice: 250,
      condition: 'Fair',
    });
  });

  it("skips event types no projection knows (a newer writer's)", () => {
    const { all } = givenAListingsLife();
    const product = all.filter((event) => event.streamId === 'product-p1');
    const unknown = { ...product[1]!, type: 'ProductTeleported', position: 4.5 } as RecordedEvent;
    const withUnknown = [...product.slice(0, 2), unknown, ...product.slice(2)];
    expect(foldUpTo(withUnknown, 5, evolveProduct)).toEqual(foldUpTo(product, 5, evolveProduct));
  });

  it("then and now, with the seller's verification as of each", async () => {
    const { store, bookedAt } = givenAListingsLife();
    const found = await listingThenAndNow(store, 'p1', bookedAt);
    expect(found.then).toMatchObject({
      product: { sellingPrice: 300, condition: 'Good' },
      sellerVerified: false,
    });
    expect(found.now).toMatchObject({
      product: { sellingPrice: 250, condition: 'Fair' },
      sellerVerified: true,
    });
    expect(found.asOf).toBe(toAuditEntry((await store.readStream('product-p1'))[1]!).recordedAt);
    await expect(listingThenAndNow(store, 'nope', 1)).rejects.toThrow('No listing nope');
  });
});
