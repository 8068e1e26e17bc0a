// Commands: POST /bookings of distinct products against a bare route answering its bytes (the
// ceiling), the maximum rate with the projection each round left behind, and the p99 at a fixed
// rate.
import { randomUUID } from 'node:crypto';
import type { EventStore } from '@resale/events';
import type { BenchAccount } from '../accounts.ts';
import { seedProducts, type SeededProduct } from '../catalog-seed.ts';
import type { ChildServer } from '../child-processes.ts';
import {
  measureAtRate,
  measureMaxRates,
  contentionOf,
  type HttpTarget,
  type MaxRateFigures,
} from '../http-load.ts';
import { bookingBody } from '../live-path.ts';
import { goalRow, type GoalRow, type HttpRow } from '../report.ts';
import { load, settings, withIdempotencyKey } from '../settings.ts';
import { log, round } from '../support.ts';
import { captureAnswer, startCeiling } from './ceiling.ts';
import type { BenchPart } from './part.ts';
import { readModelsCatchUp, untilProjected } from './processes.ts';
import { deferredWork, percent, perSecond, ratioOf } from './texts.ts';

/** Products handed out one per request, topped up (through events) before each run. */
export class ProductPool {
  private products: SeededProduct[] = [];
  private next = 0;
  private readonly store: EventStore;
  private readonly seller: BenchAccount;
  constructor(store: EventStore, seller: BenchAccount) {
    this.store = store;
    this.seller = seller;
  }
  get remaining(): number {
    return this.products.length - this.next;
  }
  /** The next unbooked product; past the end the last one again (its booking answers 409). */
  take(): string {
    const product = this.products[Math.min(this.next, this.products.length - 1)];
    this.next += 1;
    if (!product) throw new Error('The product pool is empty');
    return product.productId;
  }
  async ensure(count: number, gateway: ChildServer): Promise<void> {
    if (this.remaining >= count) return;
    const wanted = Math.ceil(count - Math.max(0, this.remaining));
    log(`  seeding ${wanted} more products for bookings`);
    this.products = [
      ...this.products.slice(this.next),
      ...(await seedProducts(this.store, this.seller, wanted)),
    ];
    this.next = 0;
    await untilProjected(gateway);
  }
}

/**
 * "gateway CPU per booking 1,190, 1,240, 1,210 µs; ": at a moderate rate each group commit,
 * projection transaction and change notice carries fewer bookings than at the maximum rate, so a
 * booking costs more than the maximum rate's figure says.
 */
const atRateCpu = (rounds: readonly { serverCpuMicrosPerAnswer?: number }[]): string =>
  rounds.every((r) => r.serverCpuMicrosPerAnswer !== undefined)
    ? `gateway CPU per booking ${rounds.map((r) => (r.serverCpuMicrosPerAnswer ?? 0).toLocaleString('en-US')).join(', ')} µs; `
    : '';

export const commands: BenchPart = {
  name: 'commands',
  sharesEmbeddedProfile: true,
  async run(context) {
    const { gateway, store, seller, commandBuyers, tokenOf } = context.embedded();
    const goals: GoalRow[] = [];
    const http: HttpRow[] = [];
    const details: Record<string, unknown> = {};
    log('Commands: POST /bookings of distinct products');
    const pool = new ProductPool(store, seller);
    // Enough for a round a third longer than planned at 4,000 bookings/s.
    const productsPerRound = Math.ceil(4_000 * (load.roundSeconds + 1) * 1.3);
    await pool.ensure(productsPerRound, gateway);
    let turn = 0;
    const nextBooking = () => {
      const buyer = commandBuyers[turn++ % commandBuyers.length] as BenchAccount;
      return {
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${tokenOf(buyer)}`,
          // The web client sends one with every booking.
          ...(withIdempotencyKey ? { 'idempotency-key': randomUUID() } : {}),
        },
        body: JSON.stringify(bookingBody(buyer, pool.take())),
      };
    };
    const target: HttpTarget = {
      url: `${gateway.url}/bookings`,
      method: 'POST',
      ...nextBooking(),
      next: nextBooking,
    };
    const sample = await captureAnswer({ ...target, ...nextBooking() });
    const ceiling = await startCeiling(context, [{ method: 'POST', path: '/bookings', ...sample }]);
    // Bodies of the same shape, without using up the pool's products.
    const ceilingBooking = () => {
      const buyer = commandBuyers[turn++ % commandBuyers.length] as BenchAccount;
      return {
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${tokenOf(buyer)}`,
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify(bookingBody(buyer, randomUUID())),
      };
    };
    const ceilingTarget = { ...target, url: `${ceiling.url}/bookings`, next: ceilingBooking };
    const [ceilingFigures, max] = (await measureMaxRates(
      [
        { label: 'ceiling POST /bookings', target: ceilingTarget, serverPid: ceiling.pid },
        {
          label: 'gateway POST /bookings',
          target,
          serverPid: gateway.pid,
          beforeRound: () => pool.ensure(productsPerRound, gateway),
          // Acknowledged bookings are projected after the 201: a round is counted with the
          // projection it left behind.
          afterRound: () => readModelsCatchUp(gateway),
        },
      ],
      load,
    )) as [MaxRateFigures, MaxRateFigures];
    // The fixed rate against the bare route: the load generator's own share of the tail.
    const ceilingFixed = await measureAtRate(
      'ceiling POST /bookings',
      ceilingTarget,
      settings.fixedCommandRate,
      settings.fixedCommandSeconds,
      settings.fixedCommandRounds,
    );
    await ceiling.stop();
    await pool.ensure(
      Math.ceil(
        settings.fixedCommandRate *
          (settings.fixedCommandSeconds + 1) *
          settings.fixedCommandRounds *
          1.3,
      ),
      gateway,
    );
    const fixed = await measureAtRate(
      'gateway POST /bookings',
      target,
      settings.fixedCommandRate,
      settings.fixedCommandSeconds,
      settings.fixedCommandRounds,
      gateway.pid,
    );
    // A round that refused or fell behind fails the goal, whichever round is the median.
    const refusedInRounds = fixed.rounds.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
    const slowestRoundOkPerSecond = Math.min(...fixed.rounds.map((r) => r.okPerSecond));
    const ratio = ratioOf(max, ceilingFigures);
    http.push({
      endpoint: `POST /bookings (bearer, ${withIdempotencyKey ? 'Idempotency-Key, ' : ''}distinct products)`,
      answerBytes: Buffer.byteLength(sample.body),
      ceilingOkPerSecond: ceilingFigures.median.okPerSecond,
      gatewayOkPerSecond: max.median.okPerSecond,
      ratio: round(ratio, 3),
      p99AtMaxMs: max.median.p99Ms,
      ceilingP99AtMaxMs: ceilingFigures.median.p99Ms,
      gatewayCpuMicros: max.median.serverCpuMicrosPerAnswer,
      ceilingCpuMicros: ceilingFigures.median.serverCpuMicrosPerAnswer,
      gatewayKiloInstructions: max.median.serverKiloInstructionsPerAnswer,
      ceilingKiloInstructions: ceilingFigures.median.serverKiloInstructionsPerAnswer,
      p99AtRateMs: fixed.p99Ms,
      ceilingP99AtRateMs: ceilingFixed.p99Ms,
      rate: fixed.rate,
    });
    details['commands'] = { ceiling: ceilingFigures, gateway: max, fixed, ceilingFixed };
    goals.push(
      goalRow(
        'Commands',
        'POST /bookings acknowledged per second',
        '≥ 3,000/s',
        max.median.okPerSecond,
        3_000,
        'min',
        `${perSecond(max.median.okPerSecond)} (${percent(ratio)} of the ceiling's ${perSecond(ceilingFigures.median.okPerSecond)})${deferredWork(max.median)}`,
      ),
      goalRow(
        'Commands',
        `POST /bookings p99 at ${perSecond(settings.fixedCommandRate)}`,
        '≤ 50 ms',
        refusedInRounds > 0 || slowestRoundOkPerSecond < settings.fixedCommandRate * 0.95
          ? Math.max(fixed.p99Ms, 51)
          : fixed.p99Ms,
        50,
        'max',
        `${fixed.p99Ms} ms, median of ${fixed.roundsP99Ms.length} rounds (${fixed.roundsP99Ms.join(', ')} ms${contentionOf(fixed.rounds)}; ${perSecond(slowestRoundOkPerSecond)} acknowledged in the slowest round${refusedInRounds > 0 ? `, ${refusedInRounds} refused or failed` : ''}; ${atRateCpu(fixed.rounds)}the ceiling at that rate: ${ceilingFixed.p99Ms} ms)`,
      ),
    );
    return { goals, http, details };
  },
};
