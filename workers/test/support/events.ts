import type { RecordedEvent } from '@resale/events';
import { randomUUID } from 'node:crypto';

const metadata = {
  actorUid: 'u-test',
  actorEmail: 'tester@example.com',
  occurredAt: '2026-11-21T10:00:00.000Z',
  correlationId: 'c-test',
  causationId: 'c-test',
};

/** A pipeline's failures (retried) on stderr, as a worker's log would show them. */
export function printError(error: Error, event?: RecordedEvent): void {
  const where = event ? ` (event ${event.type} at position ${event.position})` : '';
  console.error(`[pipeline] ${error.message}${where}`);
}

/** A recorded event as a queue sees it; queues neither read nor validate payloads. */
export function recordedEvent(streamId: string, revision: number, position: number): RecordedEvent {
  return {
    eventId: randomUUID(),
    streamId,
    revision,
    position,
    type: 'ProductReported',
    schemaVersion: 1,
    data: { productId: streamId },
    metadata,
    recordedAt: '2026-11-21T10:00:00.000Z',
  };
}

/** Events of `streams` streams, `perStream` each, interleaved as a global log would hold them. */
export function interleavedLog(
  streams: number,
  perStream: number,
  random: () => number,
): RecordedEvent[] {
  const next = Array.from({ length: streams }, () => 0);
  const log: RecordedEvent[] = [];
  while (log.length < streams * perStream) {
    const stream = Math.floor(random() * streams);
    const revision = next[stream] ?? 0;
    if (revision >= perStream) continue;
    next[stream] = revision + 1;
    log.push(recordedEvent(`product-s${stream}`, revision, log.length + 1));
  }
  return log;
}

export interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(error: Error): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Resolves when `predicate` holds after one of the `notify()` calls, or rejects after `timeoutMs`. */
export function condition(timeoutMs = 20_000): {
  notify(): void;
  until(predicate: () => boolean, what: string): Promise<void>;
} {
  const waiters = new Set<() => void>();
  return {
    notify() {
      for (const waiter of [...waiters]) waiter();
    },
    until(predicate, what) {
      if (predicate()) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const check = (): void => {
          if (!predicate()) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
  };
}
