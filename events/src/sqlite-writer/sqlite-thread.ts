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
  /** How long the thread may be idle before it stops (`idleStopMs` unless given). */
  readonly stopWhenIdleMs?: number;
}

/**
 * A SQLite thread that has had nothing to do for this long stops, and the next request starts it
 * again (neither is the thread's end: onGone is not called). Each thread is an isolate and a
 * connection of its own, memory the process holds while it lasts: a gateway that only serves
 * reads gives back its writers', checkpoints' and log reader's. The request after an idle spell
 * waits for the thread to start again, as the first one did.
 */
export const idleStopMs = 30_000;

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
  /** Requests made while no worker ran (before the first, or after an idle stop). */
  private unsent: ToThread<K>[] = [];
  private readonly waiting = new Map<number, Waiting<K>>();
  private nextId = 0;
  /** The running worker said it opened its connection. */
  private opened = false;
  private ended = false;
  private closing: Promise<void> | undefined;
  private readonly started: Promise<void>;
  private readonly holdProcessWhileBusy: boolean;
  /** The thread's code, once bundled: what a start after an idle stop runs. */
  private code: string | undefined;
  /** A worker stopped for idleness, until it has ended: the next one starts after it. */
  private stopping: Promise<void> | undefined;
  private idleTimer: NodeJS.Timeout | undefined;

  private readonly settings: ThreadSettings<K>;
  private readonly options: SqliteThreadOptions;

  constructor(settings: ThreadSettings<K>, options: SqliteThreadOptions) {
    this.settings = settings;
    this.options = options;

    this.holdProcessWhileBusy = options.holdProcessWhileBusy ?? true;
    this.started = sqliteThreadCode(settings.job.kind).then(
      (code) => {
        this.code = code;
        // Closed before it started, with nothing asked of it: it never runs.
        if (this.closing && this.unsent.length === 0) return this.end(undefined);
        this.run();
      },
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
    } else {
      this.unsent.push(message);
      // Stopped for idleness and ended: started again (while it ends, its end starts the next).
      if (this.code !== undefined && !this.stopping) this.run();
    }
    return answered;
  }

  /**
   * Asks the thread to close its connection and waits until it ended. Requests sent before are
   * answered first (the thread takes messages in order).
   */
  close(): Promise<void> {
    this.closing ??= this.started.then(async () => {
      clearTimeout(this.idleTimer);
      await this.stopping;
      const worker = this.worker;
      if (this.ended || !worker) return this.end(undefined);
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      // Held open until it has closed its connection, or the process could end first.
      worker.ref();
      worker.postMessage({ type: 'close' } satisfies ToThread<K>);
      await exited;
    });
    return this.closing;
  }

  private run(): void {
    let worker: Worker;
    try {
      worker = new Worker(this.code ?? '', {
        eval: true,
        workerData: this.settings,
        ...(this.options.name ? { name: this.options.name } : {}),
      });
    } catch (error) {
      return this.end(asError(error));
    }
    this.worker = worker;
    this.opened = false;
    worker.on('message', (message: FromThread<K>) => this.receive(worker, message));
    worker.on('error', (error: unknown) => {
      if (worker === this.worker) this.end(asError(error));
    });
    worker.on('exit', () => {
      if (worker === this.worker) this.end(undefined);
    });
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
    // Idle from now: the stop is due a while after the last answer (one timer, moved on).
    if (this.waiting.size === 0 && !this.closing && !this.ended)
      if (this.idleTimer) this.idleTimer.refresh();
      else {
        const idleMs = this.options.stopWhenIdleMs ?? idleStopMs;
        this.idleTimer = setTimeout(() => this.stopIdle(), idleMs).unref();
      }
  }

  /** Stops a worker that answered everything (a busy one is left: its answers move the stop). */
  private stopIdle(): void {
    const worker = this.worker;
    if (!worker || this.waiting.size > 0 || this.closing || this.ended) return;
    this.worker = undefined;
    this.stopping = new Promise<void>((resolve) =>
      worker.once('exit', () => {
        this.stopping = undefined;
        resolve();
        // Requests made while it ended wait in `unsent` for the next worker.
        if (this.unsent.length > 0 && !this.ended) this.run();
      }),
    );
    worker.unref();
    worker.postMessage({ type: 'close' } satisfies ToThread<K>);
  }

  private holdWhileBusy(worker: Worker): void {
    // A closing thread is held until it ended, whatever it still answers first.
    if (this.closing || (this.holdProcessWhileBusy && this.waiting.size > 0)) worker.ref();
    else worker.unref();
  }

  private end(cause: Error | undefined): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.idleTimer);
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
