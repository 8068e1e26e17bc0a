// How the parts write their figures: rates, shares and the live path's rows.
import { byThreadText, type MaxRateFigures } from '../http-load.ts';
import type { LiveFigures } from '../live-path.ts';
import { goalRow, type GoalRow } from '../report.ts';

export const ratioOf = (gateway: MaxRateFigures, ceiling: MaxRateFigures): number =>
  ceiling.median.okPerSecond > 0 ? gateway.median.okPerSecond / ceiling.median.okPerSecond : 0;
export const percent = (ratio: number): string => `${Math.round(ratio * 100)} %`;
export const perSecond = (value: number): string =>
  `${Math.round(value).toLocaleString('en-US')}/s`;

/** What a round left the read models to do, as the commands row reports it. */
export const deferredWork = ({ deferred }: MaxRateFigures['median']): string =>
  deferred
    ? `; the read models were ${deferred.behind.toLocaleString('en-US')} events behind when the round ended and caught up in ${deferred.seconds} s: ${perSecond(deferred.sustainedOkPerSecond)} sustained, ${deferred.serverCpuMicrosPerAnswer ?? '?'} µs CPU per booking with the catch-up${byThreadText(deferred)}`
    : '';

/** How many messages beat the 201 (their lag counts 0), and the lag from the request instead. */
export const beforeTheAnswer = (figures: LiveFigures): string =>
  `${figures.beforeAcknowledgement.toLocaleString('en-US')} of ${figures.samples.toLocaleString('en-US')} messages before the 201; from the request: p99 ${figures.sinceRequest.p99Ms} ms to the message, ${figures.requestToAcknowledgement.p99Ms} ms to the 201`;

export function liveGoals(
  area: string,
  figures: LiveFigures | undefined,
  p50Limit: number | undefined,
  p99Limit: number,
): GoalRow[] {
  const delivered =
    figures && figures.deliveredPercent < 100
      ? `, ${figures.deliveredPercent} % of ${figures.acknowledged} delivered`
      : '';
  const rows: GoalRow[] = [];
  if (p50Limit !== undefined)
    rows.push(
      goalRow(
        area,
        'p50 acknowledgement -> subscription message',
        `≤ ${p50Limit} ms`,
        figures?.p50Ms,
        p50Limit,
        'max',
        `${figures?.p50Ms} ms`,
      ),
    );
  rows.push(
    goalRow(
      area,
      'p99 acknowledgement -> subscription message',
      `≤ ${p99Limit} ms`,
      figures && figures.deliveredPercent < 100
        ? Math.max(figures.p99Ms, p99Limit + 1)
        : figures?.p99Ms,
      p99Limit,
      'max',
      `${figures?.p99Ms} ms (${figures?.samples} bookings at ${figures?.bookingsPerSecond}/s${delivered}${figures ? `; ${beforeTheAnswer(figures)}` : ''})`,
    ),
  );
  return rows;
}
