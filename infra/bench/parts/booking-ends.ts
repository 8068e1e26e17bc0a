// Booking ends: POST /bookings/{id}/accept, /decline and /cancel of distinct pending bookings,
// each by whom it is for (the seller, the seller, the buyer), at the maximum rate, with the
// projection each round left behind.
import { randomUUID } from 'node:crypto';
import type { BenchAccount } from '../accounts.ts';
import { seedPendingBookings, type SeededBooking } from '../catalog-seed.ts';
import { measureMaxRates, type HttpTarget, type MaxRateFigures } from '../http-load.ts';
import { goalRow, type GoalRow } from '../report.ts';
import { load, withIdempotencyKey } from '../settings.ts';
import { log } from '../support.ts';
import type { BenchPart } from './part.ts';
import { readModelsCatchUp, untilProjected } from './processes.ts';
import { deferredWork, perSecond } from './texts.ts';

const moves = ['accept', 'decline', 'cancel'] as const;

export const bookingEnds: BenchPart = {
  name: 'bookingEnds',
  sharesEmbeddedProfile: true,
  async run(context) {
    const { gateway, store, seller, commandBuyers, tokenOf } = context.embedded();
    const goals: GoalRow[] = [];
    log('Booking ends: POST /bookings/{id}/accept|decline|cancel of distinct pending bookings');
    // Enough for a round a third longer than planned at 4,000 answers/s.
    const perRound = Math.ceil(4_000 * (load.roundSeconds + 1) * 1.3);
    let pending: SeededBooking[] = [];
    let next = 0;
    const ensure = async (): Promise<void> => {
      if (pending.length - next >= perRound) return;
      log(`  seeding ${perRound} pending bookings`);
      pending = [
        ...pending.slice(next),
        ...(await seedPendingBookings(store, seller, commandBuyers, perRound)),
      ];
      next = 0;
      await untilProjected(gateway);
    };
    await ensure();
    let turn = 0;
    const nextMove = () => {
      // Past the end the last booking again: its answer is a 409 (counted as refused).
      const booking = pending[Math.min(next++, pending.length - 1)] as SeededBooking;
      const move = moves[turn++ % moves.length] ?? 'cancel';
      const actor: BenchAccount = move === 'cancel' ? booking.buyer : seller;
      return {
        path: `/bookings/${booking.bookingId}/${move}`,
        headers: {
          authorization: `Bearer ${tokenOf(actor)}`,
          ...(withIdempotencyKey ? { 'idempotency-key': randomUUID() } : {}),
        },
      };
    };
    // Every request takes its path and token from `next`: the first takes no booking of its own.
    const target: HttpTarget = {
      url: `${gateway.url}/bookings/none/cancel`,
      method: 'POST',
      next: nextMove,
    };
    const [max] = (await measureMaxRates(
      [
        {
          label: 'gateway POST /bookings/{id}/accept|decline|cancel',
          target,
          serverPid: gateway.pid,
          beforeRound: ensure,
          afterRound: () => readModelsCatchUp(gateway),
        },
      ],
      load,
    )) as [MaxRateFigures];
    const refused = max.rounds.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
    goals.push(
      goalRow(
        'Commands',
        'accept, decline and cancel acknowledged per second',
        '≥ 2,000/s',
        refused > 0 ? Math.min(max.median.okPerSecond, 1_999) : max.median.okPerSecond,
        2_000,
        'min',
        `${perSecond(max.median.okPerSecond)} in turns of accept, decline and cancel, p99 ${max.median.p99Ms} ms${refused > 0 ? `, ${refused} refused or failed` : ''}${deferredWork(max.median)}`,
      ),
    );
    return { goals, details: { bookingEnds: max } };
  },
};
