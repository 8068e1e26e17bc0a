import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '@/lib/api-client.ts';
import { deferred } from '@/testing/deferred.ts';
import type { BookingAnswer, BookingRequest } from '../api/place-booking.ts';
import { bookingMachine, isBookingFormOpen } from './booking-machine.ts';

const phone = { _id: 'p1', productName: 'Galaxy S10', Brand: 'Samsung', sellingPrice: 120 };
const buyer = { name: 'Bob', email: 'bob@example.com' };
type PlaceInput = { booking: BookingRequest; idempotencyKey: string };

function givenBooking(place: (input: PlaceInput) => Promise<BookingAnswer>) {
  const sent: PlaceInput[] = [];
  const confirmed = vi.fn();
  const failed = vi.fn();
  const actor = createActor(
    bookingMachine.provide({
      actors: {
        placeBooking: fromPromise<BookingAnswer, PlaceInput>(({ input }) => {
          sent.push(input);
          return place(input);
        }),
      },
      actions: {
        notifyConfirmed: confirmed,
        notifyFailed: (_, params: { message: string }) => failed(params.message),
      },
    }),
  ).start();
  return { actor, sent, confirmed, failed };
}

const acknowledged: BookingAnswer = { acknowledged: true, insertedId: 'b1', position: 7 };

describe('booking machine', () => {
  it('is closed until a product is chosen', () => {
    const { actor } = givenBooking(async () => acknowledged);
    expect(actor.getSnapshot().value).toBe('closed');
    expect(isBookingFormOpen(actor.getSnapshot())).toBe(false);
  });

  it('opens the form for the chosen product and buyer', () => {
    const { actor } = givenBooking(async () => acknowledged);
    actor.send({ type: 'booking.open', product: phone, buyer });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ product: phone, buyer, error: null });
    expect(isBookingFormOpen(actor.getSnapshot())).toBe(true);
  });

  it('sends the booking with the product, the buyer and the typed phone and address', async () => {
    const answer = deferred<BookingAnswer>();
    const { actor, sent } = givenBooking(() => answer.promise);
    actor.send({ type: 'booking.open', product: phone, buyer });
    actor.send({ type: 'booking.submit', phone: '0123', address: 'Main street 1' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(sent[0]?.booking).toEqual({
      productId: 'p1',
      Brand: 'Samsung',
      buyerName: 'Bob',
      email: 'bob@example.com',
      sellingPrice: 120,
      phone: '0123',
      address: 'Main street 1',
    });
    expect(sent[0]?.idempotencyKey).toMatch(/[0-9a-f-]{36}/);
    answer.resolve(acknowledged);
    await waitFor(actor, (s) => s.matches('confirmed'));
  });

  it("closes the form and toasts 'Booking confirmed' once the server acknowledges", async () => {
    const { actor, confirmed } = givenBooking(async () => acknowledged);
    actor.send({ type: 'booking.open', product: phone, buyer });
    actor.send({ type: 'booking.submit', phone: '', address: '' });
    await waitFor(actor, (s) => s.matches('confirmed'));
    expect(confirmed).toHaveBeenCalledTimes(1);
    expect(isBookingFormOpen(actor.getSnapshot())).toBe(false);
  });

  it('keeps the form open with the message when the product is already booked', async () => {
    const { actor, failed, confirmed } = givenBooking(async () => {
      throw new ApiError(409, 'This product is already booked');
    });
    actor.send({ type: 'booking.open', product: phone, buyer });
    actor.send({ type: 'booking.submit', phone: '1', address: 'a' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('This product is already booked');
    expect(failed).toHaveBeenCalledWith('This product is already booked');
    expect(confirmed).not.toHaveBeenCalled();
    expect(isBookingFormOpen(actor.getSnapshot())).toBe(true);
  });

  it('resends with the same idempotency key when the answer was lost', async () => {
    let attempt = 0;
    const { actor, sent } = givenBooking(async () => {
      attempt += 1;
      if (attempt === 1) throw new ApiError(0, 'Cannot reach the server.');
      return acknowledged;
    });
    actor.send({ type: 'booking.open', product: phone, buyer });
    actor.send({ type: 'booking.submit', phone: '1', address: 'a' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'booking.submit', phone: '1', address: 'a' });
    await waitFor(actor, (s) => s.matches('confirmed'));
    expect(sent[1]?.idempotencyKey).toBe(sent[0]?.idempotencyKey);
  });

  it('uses a new idempotency key after the server refused', async () => {
    const { actor, sent } = givenBooking(async () => {
      throw new ApiError(400, 'phone is required');
    });
    actor.send({ type: 'booking.open', product: phone, buyer });
    actor.send({ type: 'booking.submit', phone: '', address: 'a' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'booking.submit', phone: '1', address: 'a' });
    await waitFor(actor, (s) => s.matches('failed') && sent.length === 2);
    expect(sent[1]?.idempotencyKey).not.toBe(sent[0]?.idempotencyKey);
  });

  it('closes without booking when the buyer cancels', () => {
    const { actor, sent } = givenBooking(async () => acknowledged);
    actor.send({ type: 'booking.open', product: phone, buyer });
    actor.send({ type: 'booking.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(sent).toEqual([]);
  });
});
