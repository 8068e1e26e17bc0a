// Reads: each read against bare routes answering its bytes (the ceiling), the maximum rate, and
// the p99 at half the maximum; the gateway's peak memory over them.
import { print } from 'graphql';
import { MyBookingsDocument, ProductsDocument } from '../../../web/src/graphql/graphql.ts';
import { load, settings } from '../settings.ts';
import {
  measureAtRate,
  measureMaxRates,
  contentionOf,
  type HttpTarget,
  type MaxRateFigures,
} from '../http-load.ts';
import { residentMiB, watchPeakMemory } from '../child-processes.ts';
import type { BenchAccount } from '../accounts.ts';
import { goalRow, type GoalRow, type HttpRow } from '../report.ts';
import { log, round } from '../support.ts';
import { captureAnswer, startCeiling, type CapturedAnswer, type CeilingRoute } from './ceiling.ts';
import type { BenchPart } from './part.ts';
import { gatewayEnv } from './processes.ts';
import { percent, perSecond, ratioOf } from './texts.ts';

interface ReadTarget {
  readonly name: string;
  readonly endpoint: string;
  readonly goalRatio: number;
  /** The p99 at half the maximum rate may be at most this; 20 ms unless said. */
  readonly p99GoalMs?: number;
  readonly authenticated: boolean;
  readonly target: (base: string) => HttpTarget;
}

// The web client's own queries (its generated documents), as it sends them: they cannot drift.
const productsQuery = print(ProductsDocument);
const myBookingsQuery = print(MyBookingsDocument);

function readTargets(reader: BenchAccount, readerToken: string): ReadTarget[] {
  const bearer = { authorization: `Bearer ${readerToken}` };
  // A query as the web client's urql sends it: GET, its parts in the URL (URLSearchParams).
  const graphql =
    (operationName: string, query: string, variables: Record<string, unknown>) =>
    (base: string) => ({
      url: `${base}/graphql?${new URLSearchParams({ query, operationName, variables: JSON.stringify(variables) }).toString()}`,
      headers: { accept: 'application/graphql-response+json, application/json', ...bearer },
    });
  return [
    {
      name: 'categories',
      endpoint: 'GET /categories',
      goalRatio: 0.8,
      authenticated: false,
      target: (base) => ({ url: `${base}/categories` }),
    },
    {
      name: 'productPage',
      endpoint: `GET /allProducts/Samsung?limit=${settings.productPageLimit}`,
      goalRatio: 0.8,
      authenticated: false,
      target: (base) => ({ url: `${base}/allProducts/Samsung?limit=${settings.productPageLimit}` }),
    },
    {
      // The search page's first page: keywords (word prefixes), a filter and an order.
      name: 'search',
      endpoint: `GET /products?q=samsung ph&available=true&sort=priceAsc&limit=${settings.productPageLimit}`,
      goalRatio: 0.5,
      p99GoalMs: 50,
      authenticated: false,
      target: (base) => ({
        url: `${base}/products?q=samsung%20ph&available=true&sort=priceAsc&limit=${settings.productPageLimit}`,
      }),
    },
    {
      name: 'bookings',
      endpoint: `GET /bookings?email= (${settings.readerBookings} bookings, bearer)`,
      goalRatio: 0.5,
      authenticated: true,
      target: (base) => ({
        url: `${base}/bookings?email=${encodeURIComponent(reader.email)}`,
        headers: bearer,
      }),
    },
    {
      // What the web client's category page sends (signed in): GraphQL, first page of 6.
      name: 'productPageGraphql',
      endpoint: `GET /graphql products(brand, limit: ${settings.productPageLimit}) (bearer, as the web client)`,
      goalRatio: 0.5,
      authenticated: true,
      target: graphql('Products', productsQuery, {
        brand: 'Samsung',
        limit: settings.productPageLimit,
      }),
    },
    {
      name: 'myBookingsGraphql',
      endpoint: 'GET /graphql myBookings (bearer, as the web client)',
      goalRatio: 0.5,
      authenticated: true,
      target: graphql('MyBookings', myBookingsQuery, {}),
    },
  ];
}

export const reads: BenchPart = {
  name: 'reads',
  sharesEmbeddedProfile: true,
  async run(context) {
    const { gateway, reader, tokenOf, dataDir, auth } = context.embedded();
    const goals: GoalRow[] = [];
    const http: HttpRow[] = [];
    const details: Record<string, unknown> = {};
    log('Reads: ceiling, maximum rate, p99 at half the maximum');
    const chosenReads = new Set((process.env['BENCH_READS'] ?? '').split(',').filter(Boolean));
    const targets = readTargets(reader, tokenOf(reader)).filter(
      (read) => chosenReads.size === 0 || chosenReads.has(read.name),
    );
    const answers: CapturedAnswer[] = [];
    for (const read of targets) answers.push(await captureAnswer(read.target(gateway.url)));
    const ceilingRoutes = targets.map((read, index): CeilingRoute => {
      const target = read.target('');
      const answer = answers[index] ?? { body: '', contentType: 'application/json', headers: {} };
      return { method: target.method ?? 'GET', path: `/${read.name}`, ...answer };
    });
    const ceiling = await startCeiling(context, ceilingRoutes);
    const bodyOnlyRoutes = ceilingRoutes.map((route) => ({ ...route, headers: {} }));
    // Sessions 1-5 measured against this one: the body alone, with Fastify's headers only.
    const bodyOnly = await startCeiling(context, bodyOnlyRoutes);
    const protocol = await startCeiling(context, bodyOnlyRoutes, gatewayEnv(dataDir, auth));
    const idleMiB = round(residentMiB(gateway.pid));
    const memory = watchPeakMemory(gateway.pid);
    const readFigures: Record<string, unknown> = {};
    for (const [index, read] of targets.entries()) {
      const target = read.target(gateway.url);
      // The bare routes get the same request line length (their routing ignores the query).
      const search = new URL(target.url).search;
      const ceilingTarget = {
        ...read.target(ceiling.url),
        url: `${ceiling.url}/${read.name}${search}`,
      };
      const protocolTarget = { ...ceilingTarget, url: `${protocol.url}/${read.name}` };
      const bodyOnlyTarget = { ...ceilingTarget, url: `${bodyOnly.url}/${read.name}` };
      const [ceilingFigures, bodyOnlyFigures, protocolFigures, max] = (await measureMaxRates(
        [
          { label: `ceiling ${read.name}`, target: ceilingTarget, serverPid: ceiling.pid },
          { label: `body alone ${read.name}`, target: bodyOnlyTarget, serverPid: bodyOnly.pid },
          { label: `protocol ${read.name}`, target: protocolTarget, serverPid: protocol.pid },
          { label: `gateway ${read.name}`, target, serverPid: gateway.pid },
        ],
        load,
      )) as [MaxRateFigures, MaxRateFigures, MaxRateFigures, MaxRateFigures];
      const half = await measureAtRate(
        `gateway ${read.name}`,
        target,
        max.median.okPerSecond / 2,
        settings.halfRateSeconds,
        settings.halfRateRounds,
        gateway.pid,
      );
      // The same rate against the bare route: the load generator's own share of the tail.
      const ceilingHalf = await measureAtRate(
        `ceiling ${read.name}`,
        ceilingTarget,
        max.median.okPerSecond / 2,
        settings.halfRateSeconds,
        settings.halfRateRounds,
      );
      const ratio = ratioOf(max, ceilingFigures);
      const answerBytes = Buffer.byteLength(answers[index]?.body ?? '');
      http.push({
        endpoint: read.endpoint,
        answerBytes,
        ceilingOkPerSecond: ceilingFigures.median.okPerSecond,
        gatewayOkPerSecond: max.median.okPerSecond,
        ratio: round(ratio, 3),
        p99AtMaxMs: max.median.p99Ms,
        ceilingP99AtMaxMs: ceilingFigures.median.p99Ms,
        gatewayCpuMicros: max.median.serverCpuMicrosPerAnswer,
        ceilingCpuMicros: ceilingFigures.median.serverCpuMicrosPerAnswer,
        gatewayKiloInstructions: max.median.serverKiloInstructionsPerAnswer,
        ceilingKiloInstructions: ceilingFigures.median.serverKiloInstructionsPerAnswer,
        protocolOkPerSecond: protocolFigures.median.okPerSecond,
        protocolCpuMicros: protocolFigures.median.serverCpuMicrosPerAnswer,
        protocolKiloInstructions: protocolFigures.median.serverKiloInstructionsPerAnswer,
        bodyOnlyOkPerSecond: bodyOnlyFigures.median.okPerSecond,
        bodyOnlyCpuMicros: bodyOnlyFigures.median.serverCpuMicrosPerAnswer,
        bodyOnlyKiloInstructions: bodyOnlyFigures.median.serverKiloInstructionsPerAnswer,
        p99AtRateMs: half.p99Ms,
        ceilingP99AtRateMs: ceilingHalf.p99Ms,
        rate: half.rate,
      });
      readFigures[read.name] = {
        answerBytes,
        ceiling: ceilingFigures,
        bodyOnly: bodyOnlyFigures,
        protocol: protocolFigures,
        gateway: max,
        half,
        ceilingHalf,
      };
      const p99GoalMs = read.p99GoalMs ?? 20;
      goals.push(
        goalRow(
          'Reads',
          `${read.endpoint}: share of the ceiling`,
          `≥ ${Math.round(read.goalRatio * 100)} %`,
          ratio,
          read.goalRatio,
          'min',
          `${percent(ratio)} (${perSecond(max.median.okPerSecond)} of ${perSecond(ceilingFigures.median.okPerSecond)}; the API's protocol alone: ${percent(ratioOf(protocolFigures, ceilingFigures))}; of a bare route answering the body alone, without the API's headers: ${percent(ratioOf(max, bodyOnlyFigures))})`,
        ),
        goalRow(
          'Reads',
          `${read.endpoint}: p99 at half the maximum rate`,
          `≤ ${p99GoalMs} ms`,
          half.non2xx + half.errors > 0 ? Number.NaN : half.p99Ms,
          p99GoalMs,
          'max',
          `${half.p99Ms} ms at ${perSecond(half.rate)}, median of ${half.roundsP99Ms.length} rounds (${half.roundsP99Ms.join(', ')} ms${contentionOf(half.rounds)}; the ceiling at that rate: ${ceilingHalf.p99Ms} ms)`,
        ),
      );
    }
    const peakMiB = round(memory.stop());
    await ceiling.stop();
    await bodyOnly.stop();
    await protocol.stop();
    details['reads'] = readFigures;
    details['memory'] = { rssMiBBeforeReads: idleMiB, peakRssMiBDuringReads: peakMiB };
    goals.push(
      goalRow(
        'Memory',
        'Peak RSS of the gateway process during the read runs',
        '≤ 250 MB',
        (peakMiB * 2 ** 20) / 1e6,
        250,
        'max',
        `${round((peakMiB * 2 ** 20) / 1e6)} MB (${peakMiB} MiB; ${idleMiB} MiB before the reads)`,
      ),
    );
    return { goals, http, details };
  },
};
