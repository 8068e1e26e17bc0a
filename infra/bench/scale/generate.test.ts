import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bookingDecider,
  openEmbeddedEventStore,
  productDecider,
  type Booking,
  type BookingEvent,
  type EmbeddedEventStore,
  type Product,
  type ProductEvent,
  type RecordedEvent,
} from '@resale/events';
import { MemoryDocuments } from '@resale/workers/read-store/memory-documents';
import { generateMarketplace, historyShapes, type GenerateOptions } from './generate.ts';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function generated(options: GenerateOptions) {
  const dir = await mkdtemp(path.join(tmpdir(), 'generate-test-'));
  folders.push(dir);
  const store = openEmbeddedEventStore({ file: path.join(dir, 'events.sqlite3') });
  const report = await generateMarketplace(store, options);
  return { store, report };
}

async function everyEvent(store: EmbeddedEventStore): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (;;) {
    const page = await store.readAll({ after: events.at(-1)?.position ?? 0, limit: 5_000 });
    if (page.length === 0) return events;
    events.push(...page);
  }
}

function byStream(events: readonly RecordedEvent[]): Map<string, RecordedEvent[]> {
  const streams = new Map<string, RecordedEvent[]>();
  for (const event of events) {
    const stream = streams.get(event.streamId);
    if (stream) stream.push(event);
    else streams.set(event.streamId, [event]);
  }
  return streams;
}

const domainEvent = <E>({ type, schemaVersion, data }: RecordedEvent): E =>
  ({ type, schemaVersion, data }) as E;

describe('generateMarketplace', () => {
  it('writes a log the store keeps intact, every event read back against the catalog', async () => {
    const { store, report } = await generated({ listings: 1_500, seed: 7 });
    try {
      expect(await store.headPosition()).toBe(report.events);
      expect(store.integrityCheck()).toEqual({ ok: true, problems: [] });
      // readAll checks each event against the catalog as it reads it.
      const events = await everyEvent(store);
      expect(events).toHaveLength(report.events);
      expect(report.listings).toBe(1_500);
      const counts = Object.fromEntries(
        Object.entries(report.byType).filter(([, count]) => count > 0),
      );
      for (const type of [
        'CategoryCreated',
        'UserRegistered',
        'UserPromoted',
        'SellerRegistered',
        'SellerVerified',
        'ProductListed',
        'ProductBooked',
        'BookingPlaced',
        'BookingAccepted',
        'BookingDeclined',
        'BookingCancelled',
        'BookingExpired',
        'ProductSold',
        'ProductReleased',
        'ProductReported',
        'ReportedProductDeleted',
        'ProductAdvertised',
        'ProductMarkedUnavailable',
        'ProductMarkedAvailable',
        'ProductPriceChanged',
        'ProductDescriptionChanged',
        'ProductConditionChanged',
        'ProductPictureChanged',
        'ProductWithdrawn',
        'ProductSoldElsewhere',
      ])
        expect(counts[type], type).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  });

  it('ends every booking and leaves each product in a state its decider reaches', async () => {
    const { store, report } = await generated({ listings: 1_500, seed: 11 });
    try {
      const streams = byStream(await everyEvent(store));
      let products = 0;
      let bookings = 0;
      for (const [streamId, events] of streams) {
        if (streamId.startsWith('product-')) {
          products += 1;
          const product = events
            .map((event) => domainEvent<ProductEvent>(event))
            .reduce<Product>(productDecider.evolve, productDecider.initialState());
          expect(product.status, streamId).not.toBe('booked');
          expect(product.status, streamId).not.toBe('empty');
        }
        if (streamId.startsWith('booking-')) {
          bookings += 1;
          const booking = events
            .map((event) => domainEvent<BookingEvent>(event))
            .reduce<Booking>(bookingDecider.evolve, bookingDecider.initialState());
          expect(booking.status, streamId).not.toBe('pending');
          expect(booking.status, streamId).not.toBe('none');
          if (booking.status !== 'none')
            expect(streams.has(`product-${booking.booking.productId}`)).toBe(true);
        }
      }
      expect(products).toBe(report.listings);
      expect(bookings).toBe(report.bookings);
    } finally {
      await store.close();
    }
  });

  it("withdraws a deleted seller's listings still on the site, as the reactor does", async () => {
    const { store } = await generated({
      listings: 600,
      seed: 13,
      history: { ...historyShapes.full, deletedSellers: 0.3 },
    });
    try {
      const events = await everyEvent(store);
      const deletedSellers = new Set(
        events
          .filter((event) => event.type === 'SellerDeleted')
          .map((event) => (event.data as { sellerId: string }).sellerId),
      );
      expect(deletedSellers.size).toBeGreaterThan(0);
      const withdrawn = events.filter(
        (event) =>
          event.type === 'ProductWithdrawn' &&
          (event.data as { reason: string }).reason === 'account-deleted',
      );
      expect(withdrawn.length).toBeGreaterThan(0);
      for (const [streamId, stream] of byStream(events)) {
        if (!streamId.startsWith('product-')) continue;
        const product = stream
          .map((event) => domainEvent<ProductEvent>(event))
          .reduce<Product>(productDecider.evolve, productDecider.initialState());
        if (product.status === 'empty' || product.status === 'deleted') continue;
        if (deletedSellers.has(product.listing.sellerUid))
          expect(['available', 'unavailable', 'booked'], streamId).not.toContain(product.status);
      }
    } finally {
      await store.close();
    }
  });

  it('projects into every read model, with its sample of listings still listed', async () => {
    const { store, report } = await generated({
      listings: 800,
      seed: 5,
      history: historyShapes.light,
      sampleListings: 100,
    });
    try {
      const documents = new MemoryDocuments();
      documents.apply(await everyEvent(store));
      const deleted = report.byType['ReportedProductDeleted'] ?? 0;
      expect(documents.documents('products')).toHaveLength(report.listings - deleted);
      expect(report.sampleProductIds.length).toBeGreaterThan(90);
      for (const id of report.sampleProductIds)
        expect(documents.document('products', id), id).not.toBeNull();
    } finally {
      await store.close();
    }
  });

  it('writes the same log from the same seed, and another from another', async () => {
    const ids = async (seed: number): Promise<string[]> => {
      const { store } = await generated({ listings: 200, seed });
      try {
        return (await everyEvent(store)).map(
          (event) =>
            `${event.eventId} ${event.streamId} ${event.type} ${JSON.stringify(event.data)}`,
        );
      } finally {
        await store.close();
      }
    };
    const first = await ids(3);
    expect(await ids(3)).toEqual(first);
    expect(await ids(4)).not.toEqual(first);
  });
});
