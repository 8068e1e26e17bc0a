import { SingleBar, Presets } from 'cli-progress';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRedisPubSub } from '../pubsub/mqemitter-pubsub.ts';
import type { ChangePubSub } from '../pubsub/port.ts';
import { createReadStore, readModelNames } from '../read-models.ts';
import { openExistingEventStore, runOperatorCommand } from './cli.ts';
import { replayCommand } from './command-line.ts';
import { replayProgressReporter } from './replay-progress.ts';
import { replayReadModels } from './replay.ts';

/** Redis away must not hold the command: its publications wait for a reconnection. */
async function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  const stop = new AbortController();
  try {
    return await Promise.race([
      work,
      sleep(ms, undefined, { signal: stop.signal }).then(() => {
        throw new Error(`${what} took longer than ${ms / 1_000} s`);
      }),
    ]);
  } finally {
    stop.abort();
  }
}

// npm run replay [-- names...]: rebuilds every read model, or the named ones, from position 0
// (--help: usage).
await runOperatorCommand(replayCommand, async ({ names }, env, logger) => {
  const eventStore = openExistingEventStore(env, { readerThread: true });
  const readStore = await createReadStore(env);
  // The live service's pub/sub, when it is Redis: the rebuilt read models are announced there.
  const pubsub: ChangePubSub | undefined = env.REDIS_URL
    ? createRedisPubSub({
        redisUrl: env.REDIS_URL,
        ...(env.REDIS_CHANNEL_PREFIX ? { channelPrefix: env.REDIS_CHANNEL_PREFIX } : {}),
        onError: (error) => logger.warn({ err: error }, `Redis: ${error.message}`),
      })
    : undefined;
  const bar = new SingleBar(
    {
      format: 'replay |{bar}| {percentage}% | {value}/{total} | {eta_formatted} left',
      hideCursor: true,
    },
    Presets.shades_classic,
  );
  // The live service's operations page shows the progress: from the file beside the embedded
  // read store, or through Redis.
  const reporter = replayProgressReporter({
    names: names && names.length > 0 ? names : readModelNames,
    startedBy: 'command line',
    ...(env.MONGODB_URL ? {} : { dataDir: env.DATA_DIR }),
    ...(pubsub
      ? {
          pubsub: {
            publish: (topic, payload) =>
              within(pubsub.publish(topic, payload), 5_000, 'Publishing on Redis'),
          },
        }
      : {}),
    onError: (error) =>
      logger.warn({ err: error }, `replay progress not reported: ${error.message}`),
  });
  try {
    bar.start(await eventStore.headPosition(), 0);
    const report = await replayReadModels({
      eventStore,
      readStore,
      names,
      ...(pubsub
        ? {
            pubsub: {
              publishApplied: (position, changes) =>
                within(pubsub.publishApplied(position, changes), 5_000, 'Publishing on Redis'),
            },
          }
        : {}),
      onProgress: (progress) => {
        bar.setTotal(progress.head);
        bar.update(progress.position);
        reporter.progress(progress);
      },
    });
    bar.stop();
    await reporter.swapped(report);
    console.info(
      `Rebuilt ${report.names.join(', ')} from ${report.events} events up to position ${report.position} ` +
        `in ${report.seconds.toFixed(2)} s: ${Math.round(report.eventsPerSecond).toLocaleString('en')} events/s` +
        (report.catchUps > 0
          ? ` (caught up with the live service ${report.catchUps}x before the swap)`
          : ''),
    );
    if (!pubsub)
      console.info(
        'No REDIS_URL, so no change notices sent from here. A service using this read store in the ' +
          'embedded profile notices the swap within about a second and tells its clients to refetch; ' +
          'for a distributed deployment set REDIS_URL and REDIS_CHANNEL_PREFIX to reach its gateways.',
      );
    else if (report.noticeError)
      console.warn(
        `The read models were swapped in, but the change notices were not sent (${report.noticeError.message}): ` +
          'connected clients see the rebuilt documents on their next change or reconnect.',
      );
    else
      console.info(
        `Announced the rebuilt read models on Redis (change.<model>, position ${report.position}).`,
      );
  } catch (error) {
    bar.stop();
    await reporter.failed(error);
    console.error(`Replay failed, the live read models are unchanged: ${String(error)}`);
    process.exitCode = 1;
  } finally {
    await readStore.close();
    await eventStore.close();
    if (pubsub) await within(pubsub.close(), 2_000, 'Closing Redis').catch(() => undefined);
  }
});
// A Redis connection still trying to reconnect would keep the process alive.
process.exit();
