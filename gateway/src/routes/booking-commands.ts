import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { handleBookingMove, type BookingMove } from '@resale/events';
import { commandMetadata, modifiedAnswer, newEventId } from '../commands.ts';
import { actorOfRequest } from '../plugins/app/authentication.ts';
import { Modified } from '../schemas/answers.ts';
import { Id } from '../schemas/common.ts';

const BookingParams = Type.Object({ bookingId: Id });

/** The answers that end a pending booking: the seller's accept and decline, the buyer's cancel. */
const moves = [
  {
    path: 'accept',
    type: 'AcceptBooking',
    summary: 'Accept a pending booking of an own product: the phone is sold (its seller)',
  },
  {
    path: 'decline',
    type: 'DeclineBooking',
    summary: 'Decline a pending booking of an own product: it is on sale again (its seller)',
  },
  {
    path: 'cancel',
    type: 'CancelBooking',
    summary: 'Cancel an own pending booking: the product is on sale again (its buyer)',
  },
] as const;

const description =
  'A booking is pending until its seller accepts or declines it, its buyer cancels it, or it ' +
  'expires unanswered (BOOKING_EXPIRY_HOURS after it was made). Of two answers at once exactly ' +
  'one is recorded; the other gets 409 saying how the booking ended (e.g. "The buyer cancelled ' +
  'this booking"). The same answer again changes nothing (`modifiedCount` 0). Only the seller ' +
  'of the booked product accepts or declines, only the buyer cancels (403 otherwise).';

export default async function bookingCommandRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  for (const move of moves)
    app.post(
      `/bookings/:bookingId/${move.path}`,
      {
        config: { auth: 'user', idempotent: true, rateLimit: app.writeLimit },
        schema: {
          tags: ['bookings'],
          summary: move.summary,
          description,
          params: BookingParams,
          response: { 200: Modified },
        },
      },
      async (request) => {
        const actor = actorOfRequest(request);
        const { bookingId } = request.params;
        const metadata = commandMetadata(request, actor);
        const command: BookingMove =
          move.type === 'CancelBooking'
            ? { type: move.type, data: { bookingId, reason: 'buyer-cancelled' }, metadata }
            : { type: move.type, data: { bookingId }, metadata };
        const result = await handleBookingMove(app.eventStore, command, { newEventId });
        return modifiedAnswer(result);
      },
    );
}
