import { Worker } from 'node:worker_threads';
import type { JobAnswer, JobKind, JobRequest } from './jobs.ts';
import type { FromThread, ThreadSettings, ToThread } from './protocol.ts';
import { sqliteThreadCode } from './thread-code.ts';

/** Why a request to a SQLite thread has no answer from its job. */
export class SqliteThreadError extends Error {
  readonly outcome: 'failed' | 'not-done' | 'unknown';

  constructor(
    /**
     * - failed: the job threw in the thread (a commit's transaction rolled back: nothing of it
     *   is durable);
     * - not-done: the thread never ran, or ended before it opened its connection: the request
     *   was certainly not done;
     * - unknown: the thread ended holding the request after it opened its connection: it may
     *   or may not have been done.
     */
    outcome: 'failed' | 'not-done' | 'unknown',
    message: string,
  ) {
    super(message);
    this.outcome = outcome;
    this.name = 'SqliteThreadError';
  }
}

export interface SqliteThreadOptions {
  /**
   * Called once should the thread end without close() (or not start at all), with the cause when
   * there is one, before the requests it held are rejected.
   */
  readonly onGone?: (cause: Error | undefined) => void;
  /** Whether the process is kept alive while a request is outstanding (the default). */
  readonly holdProcessWhileBusy?: boolean;
  /**
   * The thread's name, which the OS shows (its first 15 characters) for the thread: what the CPU
   * time of each thread of the process is reported under.
   */
  readonly name?: string;
}

interface Waiting<K extends JobKind> {
  readonly resolve: (answer: JobAnswer<K>) => void;
  readonly reject: (error: SqliteThreadError) => void;
}

/** Starts a SQLite thread running the job of `settings` on a connection of its own. */
export function startSqliteThread<K extends JobKind>(
  settings: ThreadSettings<K>,
  options: SqliteThreadOptions = {},
): SqliteThread<K> {
  return new SqliteThread(settings, options);
}

/**
 * The owner's side of a SQLite thread (serve.ts). Requests are answered in order, each once its
 * job is done. An idle thread never keeps the process alive. Starting is asynchronous (the
 * thread's code is bundled first): requests made meanwhile wait for it, and a failure to start is
 * reported as the thread's end (onGone, requests rejected as not done).
 */
export class SqliteThread<K extends JobKind> {
  private worker: Worker | undefined;
  /** Requests made before the worker existed. */
  private unsent: ToThread<K>[] = [];
  private readonly waiting = new Map<number, Waiting<K>>();
  private nextId = 0;
  /** The thread said it opened its connection. */
  private opened = false;
  private ended = false;
  private closing: Promise<void> | undefined;
  private readonly started: Promise<void>;
  private readonly holdProcessWhileBusy: boolean;

  private readonly options: SqliteThreadOptions;

  constructor(settings: ThreadSettings<K>, options: SqliteThreadOptions) {
    this.options = options;

    this.holdProcessWhileBusy = options.holdProcessWhileBusy ?? true;
    this.started = sqliteThreadCode(settings.job.kind).then(
      (code) => this.run(code, settings),
      (error: unknown) => this.end(asError(error)),
    );
  }

  /** Resolves with the job's answer; rejects with a SqliteThreadError. */
  request(request: JobRequest<K>): Promise<JobAnswer<K>> {
    if (this.ended || this.closing)
      return Promise.reject(new SqliteThreadError('not-done', 'The SQLite thread is stopped'));
    const id = this.nextId++;
    const answered = new Promise<JobAnswer<K>>((resolve, reject) =>
      this.waiting.set(id, { resolve, reject }),
    );
    const message: ToThread<K> = { type: 'request', id, request };
    if (this.worker) {
      this.worker.postMessage(message);
      this.holdWhileBusy(this.worker);
    } else this.unsent.push(message);
    return answered;
  }

  /**
   * Asks the thread to close its connection and waits until it ended. Requests sent before are
   * answered first (the thread takes messages in order).
   */
  close(): Promise<void> {
    this.closing ??= this.started.then(async () => {
      const worker = this.worker;
      if (this.ended || !worker) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      // Held open until it has closed its connection, or the process could end first.
      worker.ref();
      worker.postMessage({ type: 'close' } satisfies ToThread<K>);
      await exited;
    });
    return this.closing;
  }

  private run(code: string, settings: ThreadSettings<K>): void {
    // Closed before it started, with nothing asked of it: it never runs.
    if (this.closing && this.unsent.length === 0) return this.end(undefined);
    let worker: Worker;
    try {
      worker = new Worker(code, {
        eval: true,
        workerData: settings,
        ...(this.options.name ? { name: this.options.name } : {}),
      });
    } catch (error) {
      return this.end(asError(error));
    }
    this.worker = worker;
    worker.on('message', (message: FromThread<K>) => this.receive(worker, message));
    worker.on('error', (error: unknown) => this.end(asError(error)));
    worker.on('exit', () => this.end(undefined));
    for (const message of this.unsent.splice(0)) worker.postMessage(message);
    this.holdWhileBusy(worker);
  }

  private receive(worker: Worker, message: FromThread<K>): void {
    if (message.type === 'ready') {
      this.opened = true;
      return;
    }
    const waiting = this.waiting.get(message.id);
    if (!waiting) return;
    this.waiting.delete(message.id);
    this.holdWhileBusy(worker);
    if (message.type === 'done') waiting.resolve(message.answer);
    else waiting.reject(new SqliteThreadError('failed', message.message));
  }

  private holdWhileBusy(worker: Worker): void {
    // A closing thread is held until it ended, whatever it still answers first.
    if (this.closing || (this.holdProcessWhileBusy && this.waiting.size > 0)) worker.ref();
    else worker.unref();
  }

  private end(cause: Error | undefined): void {
    if (this.ended) return;
    this.ended = true;
    if (!this.closing) this.options.onGone?.(cause);
    const failure = new SqliteThreadError(
      this.opened ? 'unknown' : 'not-done',
      `The SQLite thread stopped${cause ? `: ${cause.message}` : ''}`,
    );
    for (const waiting of this.waiting.values()) waiting.reject(failure);
    this.waiting.clear();
    this.unsent = [];
  }
}

const asError = (error: unknown): Error =>
  error instanceof Error && typeof error.message === 'string' ? error : new Error(String(error));
