import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { newIdempotencyKey } from '@/lib/api-client.ts';
import { failureError, failureKey, failureToast } from '@/lib/command-failure.ts';
import { notify } from '@/lib/toast.tsx';
import type { ProductFieldsFragment } from '@/graphql/graphql.ts';
import { placeBooking, type BookingAnswer, type BookingRequest } from '../api/place-booking.ts';

/** The fields of a product (as the products feature reads them) a booking shows. */
export type BookableProduct = Pick<
  ProductFieldsFragment,
  '_id' | 'productName' | 'Brand' | 'sellingPrice'
>;

export type Buyer = { name: string; email: string };

export type BookingEvent =
  | { type: 'booking.open'; product: BookableProduct; buyer: Buyer }
  | { type: 'booking.submit'; phone: string; address: string }
  | { type: 'booking.close' };

export type BookingContext = {
  product: BookableProduct | null;
  buyer: Buyer | null;
  error: string | null;
  /** One key per attempt, kept when an answer was lost: a resubmission cannot book twice. */
  idempotencyKey: string;
};

export const bookingMachine = setup({
  types: { context: {} as BookingContext, events: {} as BookingEvent },
  actors: {
    placeBooking: fromPromise<BookingAnswer, { booking: BookingRequest; idempotencyKey: string }>(
      ({ input }) => placeBooking(input.booking, input.idempotencyKey),
    ),
  },
  actions: {
    notifyConfirmed: () => {
      notify.success('Booking confirmed');
    },
    notifyFailed: (_, params: { message: string }) => {
      notify.error(params.message);
    },
  },
}).createMachine({
  id: 'booking',
  context: { product: null, buyer: null, error: null, idempotencyKey: '' },
  initial: 'closed',
  states: {
    closed: { on: { 'booking.open': 'editing' } },
    editing: {
      entry: assign(({ event, context }) =>
        event.type === 'booking.open'
          ? {
              product: event.product,
              buyer: event.buyer,
              error: null,
              idempotencyKey: newIdempotencyKey(),
            }
          : context,
      ),
      on: { 'booking.submit': 'submitting', 'booking.close': 'closed' },
    },
    submitting: {
      invoke: {
        src: 'placeBooking',
        input: ({ context, event }) => {
          assertEvent(event, 'booking.submit');
          return {
            booking: {
              productId: context.product?._id ?? '',
              Brand: context.product?.Brand ?? '',
              buyerName: context.buyer?.name ?? '',
              email: context.buyer?.email ?? '',
              sellingPrice: context.product?.sellingPrice ?? 0,
              phone: event.phone,
              address: event.address,
            },
            idempotencyKey: context.idempotencyKey,
          };
        },
        onDone: 'confirmed',
        onError: {
          target: 'failed',
          actions: [
            assign({ error: failureError, idempotencyKey: failureKey }),
            { type: 'notifyFailed', params: failureToast },
          ],
        },
      },
    },
    // The server acknowledged: the modal closes.
    confirmed: {
      entry: ['notifyConfirmed', assign({ error: null })],
      on: { 'booking.open': 'editing' },
    },
    failed: {
      on: { 'booking.submit': 'submitting', 'booking.close': 'closed' },
    },
  },
});

export function isBookingFormOpen(state: { value: unknown }): boolean {
  return state.value === 'editing' || state.value === 'submitting' || state.value === 'failed';
}
