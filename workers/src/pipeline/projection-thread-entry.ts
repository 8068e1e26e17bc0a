// The projection thread (see projection-thread.ts): opens its own connections to the log and the
// read store, runs the embedded pipeline, and sends its change notices and errors to the process.
// It runs as an esbuild bundle (thread-bundle.ts) whose files are removed once it says ready: what
// it loads lazily (an adapter's chunk) must be loaded before then, as opening the stores does.
import { parentPort, workerData } from 'node:worker_threads';
import { EmbeddedEventStore, openEventStore, type RecordedEvent } from '@resale/events';
import type { ChangePubSub } from '../pubsub/port.ts';
import { createReadStore } from '../read-store/create-read-store.ts';
import { startEmbeddedPipeline } from './pipelines.ts';
import type {
  AppliedChanges,
  FromProjectionThread,
  ProjectionThreadSettings,
  ToProjectionThread,
} from './projection-thread.ts';

const port = parentPort;
if (!port) throw new Error('projection-thread-entry runs as a worker thread');
const send = (message: FromProjectionThread): void => port.postMessage(message);
const { settings } = workerData as { settings: ProjectionThreadSettings };

try {
  const eventStore = await openEventStore(settings);
  const readStore = await createReadStore(settings);
  // A run's notices go in one message, sent once the run's publishing is over: a message costs
  // each thread a wake-up and a copy, whatever its size.
  let notices: AppliedChanges[] = [];
  const pubsub: Pick<ChangePubSub, 'publishApplied'> = {
    async publishApplied(position, changes) {
      if (notices.length === 0)
        setImmediate(() => {
          send({ type: 'applied', notices });
          notices = [];
        });
      notices.push({ position, changes });
    },
  };
  const pipeline = await startEmbeddedPipeline({
    eventStore,
    readStore,
    pubsub,
    onError: (error: Error, event?: RecordedEvent) =>
      send({ type: 'error', message: error.message, ...(event ? { event } : {}) }),
  });
  port.on('message', (message: ToProjectionThread) => {
    if (message.type === 'committed') {
      if (eventStore instanceof EmbeddedEventStore) eventStore.noticeCommitsElsewhere();
      return;
    }
    void (async () => {
      await pipeline.stop();
      await readStore.close();
      await eventStore.close();
      send({ type: 'stopped' });
      port.close();
    })();
  });
  send({ type: 'ready' });
} catch (error) {
  send({
    type: 'start-failed',
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  port.close();
}
