import { WrongExpectedRevisionError, type EventStore, type RecordedEvent } from '@resale/events';
import { describe, expect, it } from 'vitest';
import {
  ensureBookingPlaced,
  ensureBookingsPlaced,
  uuidFromName,
} from '../../src/reactors/booking-placed-reactor.ts';

const productBooked: RecordedEvent = {
  eventId: '7b0c7f5e-1111-4c4c-8c8c-000000000001',
  streamId: 'product-p1',
  revision: 1,
  position: 12,
  type: 'ProductBooked',
  schemaVersion: 1,
  data: {
    productId: 'p1',
    bookingId: 'b1',
    buyerUid: 'ann1',
    buyerName: 'Ann',
    email: 'ann@example.com',
    phone: '+880111111',
    address: 'Chattogram',
    sellingPrice: 400,
    Brand: 'Apple',
    productName: 'iPhone 12',
  },
  metadata: {
    actorUid: 'ann1',
    actorEmail: 'ann@example.com',
    occurredAt: '2026-11-21T10:00:00.000Z',
    correlationId: 'req-9',
    causationId: 'req-9',
  },
  recordedAt: '2026-11-21T10:00:00.010Z',
};

/** An event store that knows only whether the booking stream exists, and records appends. */
function bookingStreams(options: { exists: boolean }) {
  const appends: Parameters<EventStore['append']>[] = [];
  const store: Pick<EventStore, 'append'> = {
    append: async (...args) => {
      appends.push(args);
      if (options.exists) throw new WrongExpectedRevisionError(args[0], 'no_stream', 0);
      return { nextExpectedRevision: 0, position: 13 };
    },
  };
  return { store, appends };
}

describe('the booking reactor', () => {
  it('places the booking a ProductBooked announced, on a new stream', async () => {
    const { store, appends } = bookingStreams({ exists: false });
    expect(await ensureBookingPlaced(store, productBooked)).toBe(true);
    expect(appends).toHaveLength(1);
    const [streamId, events, options] = appends[0] ?? [];
    expect(streamId).toBe('booking-b1');
    expect(options).toEqual({ expectedRevision: 'no_stream' });
    expect(events?.[0]).toEqual({
      eventId: uuidFromName(`BookingPlaced/${productBooked.eventId}`),
      event: { type: 'BookingPlaced', schemaVersion: 1, data: productBooked.data },
      metadata: { ...productBooked.metadata, causationId: productBooked.eventId },
    });
  });

  it('takes a booking stream that exists (a redelivery) as done', async () => {
    const { store, appends } = bookingStreams({ exists: true });
    expect(await ensureBookingPlaced(store, productBooked)).toBe(false);
    // The same event id again: whichever append came first recorded it.
    expect(appends[0]?.[1][0]?.eventId).toBe(
      uuidFromName(`BookingPlaced/${productBooked.eventId}`),
    );
  });

  it('ignores every other event type', async () => {
    const { store, appends } = bookingStreams({ exists: false });
    expect(
      await ensureBookingPlaced(store, {
        ...productBooked,
        type: 'ProductReported',
        data: { productId: 'p1' },
      }),
    ).toBe(false);
    expect(appends).toEqual([]);
  });

  it('in a run, places every booking at once, except those whose BookingPlaced is in the run', async () => {
    const bookedAs = (n: number): RecordedEvent => ({
      ...productBooked,
      eventId: `7b0c7f5e-1111-4c4c-8c8c-00000000010${n}`,
      streamId: `product-p${n}`,
      position: 20 + n,
      data: { ...productBooked.data, productId: `p${n}`, bookingId: `b${n}` },
    });
    const placed: RecordedEvent = {
      ...productBooked,
      eventId: '7b0c7f5e-1111-4c4c-8c8c-000000000002',
      streamId: 'booking-b1',
      revision: 0,
      position: 13,
      type: 'BookingPlaced',
    };
    // Appends answer only once both are in: one waiting for the other would never finish.
    const pending: string[] = [];
    let releaseAll: () => void = () => {};
    const bothIn = new Promise<void>((resolve) => (releaseAll = resolve));
    const store: Pick<EventStore, 'append'> = {
      append: async (streamId) => {
        pending.push(streamId);
        if (pending.length === 2) releaseAll();
        await bothIn;
        return { nextExpectedRevision: 0, position: 30 };
      },
    };
    await ensureBookingsPlaced(store, [productBooked, placed, bookedAs(2), bookedAs(3)]);
    expect(pending).toEqual(['booking-b2', 'booking-b3']);
  });

  it('derives a stable UUID from a name', () => {
    expect(uuidFromName('x')).toBe(uuidFromName('x'));
    expect(uuidFromName('x')).not.toBe(uuidFromName('y'));
    expect(uuidFromName('x')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
