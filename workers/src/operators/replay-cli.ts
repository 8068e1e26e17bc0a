import { createEventStore } from '@resale/events';
import { SingleBar, Presets } from 'cli-progress';
import { createReadStore, isReadModelName, readModelNames } from '../read-models.ts';
import { workerEnvironment } from './environment.ts';
import { replayReadModels } from './replay.ts';

// npm run replay [-- names...]: rebuilds every read model, or the named ones, from position 0.
const names = process.argv.slice(2).filter((arg) => arg !== '--');
const unknown = names.filter((name) => !isReadModelName(name));
if (unknown.length > 0) {
  console.error(
    `Unknown read model(s): ${unknown.join(', ')}. Known: ${readModelNames.join(', ')}`,
  );
  process.exit(2);
}

const env = workerEnvironment();
const eventStore = await createEventStore(env);
const readStore = await createReadStore(env);
const bar = new SingleBar(
  {
    format: 'replay |{bar}| {percentage}% | {value}/{total} | {eta_formatted} left',
    hideCursor: true,
  },
  Presets.shades_classic,
);
try {
  bar.start(await eventStore.headPosition(), 0);
  const report = await replayReadModels({
    eventStore,
    readStore,
    names: names.filter(isReadModelName),
    onProgress: ({ position, head }) => {
      bar.setTotal(head);
      bar.update(position);
    },
  });
  bar.stop();
  console.info(
    `Rebuilt ${report.names.join(', ')} from ${report.events} events up to position ${report.position} ` +
      `in ${report.seconds.toFixed(2)} s: ${Math.round(report.eventsPerSecond).toLocaleString('en')} events/s` +
      (report.catchUps > 0
        ? ` (caught up with the live service ${report.catchUps}x before the swap)`
        : ''),
  );
} catch (error) {
  bar.stop();
  console.error(`Replay failed, the live read models are unchanged: ${String(error)}`);
  process.exitCode = 1;
} finally {
  await readStore.close();
  await eventStore.close();
}
