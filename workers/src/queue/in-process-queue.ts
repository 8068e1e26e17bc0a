import type { RecordedEvent } from '@resale/events';
import type { ConsumeOptions, EventHandler, EventQueue, QueueConsumer } from './port.ts';
import { retryInPlace } from './retry.ts';

export interface InProcessQueueOptions {
  /** `enqueue` waits while this many events are waiting, so a relay catching up cannot fill memory. */
  readonly highWaterMark?: number;
  /** At most this many waiting events are handed to the handler at once. */
  readonly maxBatch?: number;
}

/**
 * The embedded profile's queue: one FIFO and one consumer, so events are applied in global order
 * (which implies stream order), in batches of whatever is waiting. Not durable: after a restart the relay resumes from the read
 * store's checkpoint, which the projector commits with the documents.
 */
export function createInProcessQueue(options: InProcessQueueOptions = {}): EventQueue {
  const highWaterMark = options.highWaterMark ?? 1_000;
  const maxBatch = options.maxBatch ?? 500;
  const waiting: RecordedEvent[] = [];
  // Positions strictly increase in log order and the relay enqueues in that order, so the last
  // accepted position is enough to recognise a re-enqueued event.
  let lastAccepted = 0;
  let wakeConsumer: (() => void) | undefined;
  const spaceWaiters: (() => void)[] = [];
  let closed = false;

  const releaseSpace = (): void => {
    while (waiting.length < highWaterMark && spaceWaiters.length > 0) spaceWaiters.shift()?.();
  };

  async function enqueue(event: RecordedEvent): Promise<void> {
    if (closed) throw new Error('The in-process queue is closed');
    while (waiting.length >= highWaterMark && !closed) {
      await new Promise<void>((resolve) => spaceWaiters.push(resolve));
    }
    if (closed) throw new Error('The in-process queue is closed');
    if (event.position <= lastAccepted) return;
    lastAccepted = event.position;
    waiting.push(event);
    wakeConsumer?.();
  }

  function consume(handler: EventHandler, consumeOptions: ConsumeOptions = {}): QueueConsumer {
    const stop = new AbortController();
    stop.signal.addEventListener('abort', () => wakeConsumer?.(), { once: true });
    const next = async (): Promise<RecordedEvent[]> => {
      while (waiting.length === 0 && !stop.signal.aborted) {
        await new Promise<void>((resolve) => (wakeConsumer = resolve));
        wakeConsumer = undefined;
      }
      // Let the relay hand over the rest of what the log holds (it does so one event at a time,
      // in microtasks) before taking a batch: the run then commits as one transaction, rather
      // than one transaction per event or two.
      if (waiting.length < maxBatch && !stop.signal.aborted)
        await new Promise<void>((resolve) => setImmediate(resolve));
      return stop.signal.aborted ? [] : waiting.slice(0, maxBatch);
    };
    const loop = (async () => {
      for (let batch = await next(); batch.length > 0; batch = await next()) {
        const events = batch;
        try {
          await retryInPlace(() => handler(events), {
            signal: stop.signal,
            onError: (error) => consumeOptions.onError?.(error, events[0]),
          });
        } catch {
          return; // stopped while failing: the events stay unapplied, the relay will resend them
        }
        waiting.splice(0, events.length);
        releaseSpace();
      }
    })();
    return {
      consuming: () => !stop.signal.aborted,
      async close() {
        stop.abort();
        await loop;
      },
    };
  }

  return {
    durable: false,
    enqueue,
    consume,
    async close() {
      closed = true;
      for (const resolve of spaceWaiters.splice(0)) resolve();
    },
  };
}
