import type { RecordedEvent } from '../envelope.ts';
import { isInsideHandlerOf, runAsHandlerOf } from './handler-scope.ts';
import type { SubscribeOptions, Subscription } from './port.ts';

/** What a subscription reads from: the log, and word of its next commit. */
export interface SubscribedLog {
  /** A page of the global log, synchronously. */
  readAllNow(after: number, limit: number): RecordedEvent[];
  waitForCommit(): { promise: Promise<void>; cancel: () => void };
}

/**
 * Word of new commits for the subscriptions at the head of the log: at once for this instance's
 * commits (and those another thread of the process tells of), after `pollIntervalMs` at the
 * latest for commits made by other connections to the file.
 */
export class CommitSignal {
  private readonly listeners = new Set<() => void>();

  private readonly pollIntervalMs: number;

  constructor(pollIntervalMs: number) {
    this.pollIntervalMs = pollIntervalMs;
  }

  /** Wakes everyone waiting. */
  notify(): void {
    for (const listener of this.listeners) listener();
  }

  /** Resolves at the next notify(), or after the poll interval. */
  next(): { promise: Promise<void>; cancel: () => void } {
    let cancel = (): void => {};
    const promise = new Promise<void>((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.listeners.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, this.pollIntervalMs);
      this.listeners.add(wake);
      cancel = wake;
    });
    return { promise, cancel };
  }
}

const catchUpPageSize = 500;

/** Reads the table from `after` page by page; once at the head, waits for the next commit. */
export class EmbeddedSubscription implements Subscription {
  readonly done: Promise<void>;
  private stopped = false;
  private wakeUp: (() => void) | undefined;

  private readonly log: SubscribedLog;
  private readonly options: SubscribeOptions;

  constructor(log: SubscribedLog, options: SubscribeOptions) {
    this.log = log;
    this.options = options;

    // Deliver from the next microtask on: never before subscribeToAll has returned.
    this.done = Promise.resolve().then(() => this.run());
  }

  private async run(): Promise<void> {
    let cursor = this.options.after;
    try {
      while (!this.stopped) {
        const page = this.log.readAllNow(cursor, catchUpPageSize);
        if (page.length === 0) {
          // Nothing can commit between the empty read and this registration: both are synchronous.
          const { promise, cancel } = this.log.waitForCommit();
          this.wakeUp = cancel;
          await promise;
          this.wakeUp = undefined;
          continue;
        }
        for (const event of page) {
          if (this.stopped) return;
          await runAsHandlerOf(this, () => this.options.onEvent(event));
          cursor = event.position;
        }
      }
    } catch (error) {
      if (this.stopped) return;
      this.stopped = true;
      const failure = error instanceof Error ? error : new Error(String(error));
      if (this.options.onError) this.options.onError(failure);
      // Nobody listens: fail loudly rather than stop delivering in silence.
      else void Promise.reject(failure);
    }
  }

  close(): Promise<void> {
    this.stopped = true;
    this.wakeUp?.();
    // From inside its own handler, waiting for the handler to end would never resolve.
    return isInsideHandlerOf(this) ? Promise.resolve() : this.done;
  }
}
