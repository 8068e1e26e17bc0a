// The benchmarked gateway, in its own process: started by startServer as `npm start` and
// `gateway serve` start it, configured by the environment the benchmark passes. Tells the parent
// its URL over IPC, and closes when asked.
//
// BENCH_PIPELINE=bullmq: the gateway does not project (as in the distributed profile, where worker
// processes do); a BullMQ relay follows the log in this process and worker processes consume the
// queues. The relay sits here because only this process's store handle is woken by its own commits:
// another process would poll the SQLite file (500 ms), where EventStoreDB's subscription pushes.
import { loadConfig, startServer } from '@resale/gateway';
import { startBullmqPipeline, type Pipeline } from '@resale/workers';
import { appendFileSync } from 'node:fs';
import { constants as perfConstants, PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const loaded = loadConfig(process.env);
const bullmq = process.env['BENCH_PIPELINE'] === 'bullmq';
const config = bullmq ? { ...loaded, distributed: true } : loaded;

// BENCH_GC_LOG=<file>: GC pauses of 3 ms or more, to tell the gateway's own tail from the host's.
const gcLog = process.env['BENCH_GC_LOG'];
if (gcLog) {
  const gcKinds: Record<number, string> = {
    [perfConstants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [perfConstants.NODE_PERFORMANCE_GC_MINOR_MARK_SWEEP]: 'minor-mark-sweep',
    [perfConstants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [perfConstants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [perfConstants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak',
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration < 3) continue;
      const { kind = 0 } = (entry as unknown as { detail?: { kind?: number } }).detail ?? {};
      appendFileSync(
        gcLog,
        `${Math.round(entry.startTime)} ${gcKinds[kind] ?? kind} ${entry.duration.toFixed(1)}\n`,
      );
    }
  }).observe({ entryTypes: ['gc'] });
}
let relay: Pipeline | undefined;
const { app, url } = await startServer(config, {
  host: '127.0.0.1',
  port: 0,
  tuneRuntime: process.env['BENCH_RUNTIME_TUNING'] !== 'off',
  beforeListen: async (ready) => {
    if (!bullmq) return;
    const redisUrl = config.REDIS_URL;
    if (!redisUrl) throw new Error('BENCH_PIPELINE=bullmq needs REDIS_URL');
    relay = await startBullmqPipeline({
      eventStore: ready.eventStore,
      readStore: ready.readModels.store,
      pubsub: ready.readModels.pubsub,
      redisUrl,
      prefix: process.env['REDIS_PREFIX'] ?? 'resale',
      partitions: Number(process.env['QUEUE_PARTITIONS'] ?? 4),
      work: false,
      onError: (error) => ready.log.warn({ err: error }, 'relay error'),
    });
  },
});
process.send?.({ type: 'listening', url });

// { type: 'memory' }: what the process holds after a full collection, so that two measurements
// differ by what was retained between them (the fan-out's memory per subscription), not by garbage
// not yet collected. The collector is reached without --expose-gc on the command line, which
// would change the measured process for every other part.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
process.on('message', (message: { type?: string }) => {
  if (message.type !== 'memory') return;
  collectGarbage();
  const { rss, heapUsed } = process.memoryUsage();
  process.send?.({ type: 'memory', usage: { rss, heapUsed } });
});

process.on('message', (message: { type?: string }) => {
  if (message.type !== 'stop') return;
  void (async () => {
    await relay?.stop();
    await app.close();
    // A normal exit, so that --cpu-prof writes its profile.
    process.exit(0);
  })();
});
