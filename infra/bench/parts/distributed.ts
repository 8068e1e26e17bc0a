// Distributed: the processes of `npm run start:distributed` (2 gateways, 2 workers, Redis,
// FerretDB): their live path across gateways, then a closed loop of bookers over both gateways.
import path from 'node:path';
import { startMongoWireServer } from '../../src/mongo-wire-server.ts';
import { postgresBinDir, startPostgresServer } from '../../src/postgres-server.ts';
import {
  distributedDataDir,
  distributedEnv,
  measureDistributed,
  type DistributedFigures,
} from '../distributed.ts';
import { goalRow, recordedRow, type GoalRow } from '../report.ts';
import { settings, withIdempotencyKey } from '../settings.ts';
import { log } from '../support.ts';
import type { BenchPart } from './part.ts';
import { beforeTheAnswer, perSecond } from './texts.ts';

export const distributed: BenchPart = {
  name: 'distributed',
  async run({ scratch, machine }) {
    const goals: GoalRow[] = [];
    const details: Record<string, unknown> = {};
    const notes: string[] = [];
    const { gateways, workers } = settings.distributed;
    log(
      `Distributed profile: ${gateways} gateways, ${workers} workers, Redis, FerretDB 1.24 on SQLite`,
    );
    const area = `Distributed (${gateways} gateways, ${workers} workers, Redis, FerretDB 1.24 on SQLite, not MongoDB)`;
    const liveMeasure = `p99 acknowledgement -> subscription message at ${settings.liveBookingsPerSecond} bookings/s (subscribed at one gateway, booked at the other)`;
    // Stops its processes itself, whatever happens. A stack that cannot start (no Go to build
    // FerretDB with, say) leaves this row unmeasured, not the rest of the run.
    const stackSettings = {
      ...settings.distributed,
      liveBookingsPerSecond: settings.liveBookingsPerSecond,
      liveSeconds: settings.liveSeconds,
      idempotencyKey: withIdempotencyKey,
      env: {
        ...distributedEnv(settings.rateLimitWrites, settings.logLevel),
        NODE_ENV: 'development',
      },
    };
    const figures = await measureDistributed(distributedDataDir(scratch), stackSettings).catch(
      (error: unknown) => {
        console.error(error);
        const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
        notes.push(`Distributed row not measured: ${reason}`);
        goals.push(goalRow(area, liveMeasure, '≤ 100 ms', undefined, 100, 'max', ''));
        return undefined;
      },
    );
    if (figures) {
      details['distributed'] = figures;
      const { live, closedLoop: loop } = figures;
      const { deferred } = loop;
      const refused = Object.entries(loop.refused)
        .map(([status, count]) => `${count} × ${status}`)
        .join(', ');
      goals.push(
        goalRow(
          area,
          liveMeasure,
          '≤ 100 ms',
          live.deliveredPercent < 100 ? Math.max(live.p99Ms, 101) : live.p99Ms,
          100,
          'max',
          `${live.p99Ms} ms (p50 ${live.p50Ms} ms, max ${live.maxMs} ms; ${live.acknowledged} bookings at ${live.bookingsPerSecond}/s, ${live.deliveredPercent} % delivered; ${beforeTheAnswer(live)})`,
        ),
        recordedRow(
          area,
          `POST /bookings acknowledged per second over both gateways (closed loop: ${loop.bookers} bookers, ${withIdempotencyKey ? 'Idempotency-Key, ' : ''}distinct products, ${loop.windowSeconds} s after ${settings.distributed.warmUpSeconds} s of warm-up)`,
          `${perSecond(loop.okPerSecond)} (201s in each second: ${loop.perSecondCounts.join(', ')}; by gateway: ${loop.okByGateway.join(', ')}; p50 ${loop.p50Ms} ms, p99 ${loop.p99Ms} ms${refused ? `; refused: ${refused}` : ''}${loop.errors > 0 ? `; ${loop.errors} failed` : ''}${loop.productsRanOut ? '; the products ran out before the window ended' : ''}; cores busy: gateways ${loop.coresBusy.gateways}, workers ${loop.coresBusy.workers}${loop.coresBusy.mongodb === undefined ? '' : `, FerretDB ${loop.coresBusy.mongodb}`}; ${loop.gatewayCpuMicrosPerBooking} µs gateway CPU per booking${loop.stealPercent === undefined ? '' : `; CPU steal ${loop.stealPercent} %`}). The read models were ${deferred.behind.toLocaleString('en-US')} events behind when the loop ended and ${deferred.caughtUp ? `caught up in ${deferred.seconds} s: ${perSecond(deferred.sustainedOkPerSecond ?? 0)} booked and projected sustained` : `were still ${deferred.remaining.toLocaleString('en-US')} behind after ${deferred.seconds} s`}; the workers projected ${deferred.projectedEventsPerSecond} events/s over the loop and the catch-up, ${deferred.workerCpuMicrosPerEvent} µs worker CPU per event${deferred.mongodbCpuMicrosPerBooking === undefined ? '' : `; FerretDB ${deferred.mongodbCpuMicrosPerBooking} µs CPU per booking, booked and projected`}`,
        ),
      );
      notes.push(
        `Distributed row: the processes of \`npm run start:distributed\` (infra/src/distributed-stack.ts) on this machine, without Docker: ${figures.gateways} gateway processes and ${figures.workers} worker processes (BullMQ partition queues and pub/sub on a redis-server started for the run), read models in ${figures.mongodb}, a MongoDB-wire server on SQLite built from its Go module, not MongoDB: its figures are FerretDB's, not MongoDB's. The event log is the embedded SQLite file every process opens; the relay runs in the worker holding its lease and finds the gateways' commits at their notices on the Redis pub/sub (README, Profiles), or at its poll of the file every 500 ms when a notice is lost. Products and accounts are seeded as events into the stack's log and projected by the workers before measuring (${figures.seededProducts.toLocaleString('en-US')} products in ${figures.seedAndProjectSeconds} s). Live path: as the other live rows (each booking with an Idempotency-Key), but the buyer's graphql-ws subscription is on the first gateway and the bookings go to the second, and it waits up to ${settings.distributed.liveDeliveryLimitSeconds} s (not 10) for the messages, so that its p99 covers every booking when the workers fall behind. Throughput: a closed loop, each booker sends its next booking when the previous answer is in, half of them to each gateway (undici, one connection each), every booking of a product of its own${withIdempotencyKey ? ', with an Idempotency-Key as the web client sends (BENCH_IDEMPOTENCY_KEY=off leaves it out)' : ', without the Idempotency-Key the web client sends (BENCH_IDEMPOTENCY_KEY=off)'}; 201s are counted by the second they arrived in; then the workers get up to ${settings.distributed.catchUpLimitSeconds} s to project what it appended. Where MongoDB is configured the gateways keep the answers of idempotent commands there too (workers/src/idempotency-store/mongo-idempotency-store.ts), so a booking with the key reads and writes FerretDB before its 201, alongside the workers' projection. Every document is read and written by its \`_id\`, but FerretDB 1.24's SQLite backend hands SQLite only a filter that is exactly \`_id\`, in an expression its \`_id\` index does not match: a look-up or an update by \`_id\` scans the table in SQLite, and any other filter (the projection's compare-and-set on \`_id\` and \`_position\` included) decodes the documents in Go up to the one it matches. Its CPU per booking grows with the collections, where MongoDB's stays flat; and it applies concurrent updates of one document without atomicity, which MongoDB guarantees. Everything (load generator, gateways, workers, FerretDB, Redis, Auth emulator) shares the same ${machine.cpus} cores. The row took ${figures.seconds} s (the stack started in ${figures.stackStartSeconds} s).`,
      );
    }

    // The same stack and load with FerretDB on PostgreSQL, where it is installed: its `_id`
    // look-ups and updates use an index, where the SQLite backend's scan the table.
    const onPostgres = await measureOnFerretdbPostgres(scratch, stackSettings).catch(
      (error: unknown) => {
        console.error(error);
        return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
      },
    );
    if (typeof onPostgres === 'string')
      notes.push(`Distributed row on FerretDB with PostgreSQL not measured: ${onPostgres}`);
    else {
      details['distributedOnPostgresql'] = onPostgres.figures;
      const { live, closedLoop: loop } = onPostgres.figures;
      const { deferred } = loop;
      const areaOnPostgres = `Distributed (${gateways} gateways, ${workers} workers, Redis, FerretDB 1.24 on ${onPostgres.label}, not MongoDB)`;
      goals.push(
        recordedRow(
          areaOnPostgres,
          liveMeasure,
          `${live.p99Ms} ms (p50 ${live.p50Ms} ms, max ${live.maxMs} ms; ${live.acknowledged} bookings at ${live.bookingsPerSecond}/s, ${live.deliveredPercent} % delivered; ${beforeTheAnswer(live)}); the closed loop: ${perSecond(loop.okPerSecond)} acknowledged (p99 ${loop.p99Ms} ms), the workers projected ${deferred.projectedEventsPerSecond} events/s over the loop and its catch-up`,
        ),
      );
      notes.push(
        `Distributed row on FerretDB with ${onPostgres.label} (recorded): the row above, its stack and its load, with FerretDB's PostgreSQL backend (a throwaway cluster of Debian's postgresql, infra/src/postgres-server.ts, started only by this row) in place of its SQLite one. FerretDB hands PostgreSQL the \`_id\` of a look-up or an update, which its index answers, so the collections' size no longer sets the cost; PostgreSQL acknowledges a commit before flushing its WAL (synchronous_commit off), as MongoDB acknowledges a write without \`j: true\` before its journal flush. Its figures are still FerretDB's and PostgreSQL's: both share the ${machine.cpus} cores with everything else, and their CPU per operation is far above MongoDB's.`,
      );
    }
    return { goals, details, notes };
  },
};

/** The distributed measurement on FerretDB's PostgreSQL backend; why not, when it cannot run. */
async function measureOnFerretdbPostgres(
  scratch: string,
  stackSettings: Parameters<typeof measureDistributed>[1],
): Promise<{ figures: DistributedFigures; label: string } | string> {
  if (!postgresBinDir()) return 'PostgreSQL is not installed (apt-get install postgresql)';
  log('Distributed profile again, FerretDB 1.24 on PostgreSQL');
  const postgres = await startPostgresServer();
  try {
    const ferretdb = await startMongoWireServer({ postgresqlUrl: postgres.url });
    try {
      const figures = await measureDistributed(path.join(scratch, 'distributed-postgresql'), {
        ...stackSettings,
        env: { ...stackSettings.env, MONGODB_URL: ferretdb.url },
      });
      return { figures, label: postgres.label };
    } finally {
      await ferretdb.stop();
    }
  } finally {
    await postgres.stop();
  }
}
