// The messages between a SQLite thread (serve.ts) and its owner (sqlite-thread.ts).
import type { ConnectionSettings } from './connection.ts';
import type { JobAnswer, JobKind, JobRequest, SpecOf } from './jobs.ts';

/** The thread's workerData: the connection it opens and the job it runs on it. */
export interface ThreadSettings<K extends JobKind = JobKind> {
  readonly connection: ConnectionSettings;
  readonly job: SpecOf<K>;
}

export type ToThread<K extends JobKind = JobKind> =
  | { readonly type: 'request'; readonly id: number; readonly request: JobRequest<K> }
  /** Close the connection, then the port: the thread ends. */
  | { readonly type: 'close' };

export type FromThread<K extends JobKind = JobKind> =
  /** The connection is open: from here on a request the thread ends holding may be done. */
  | { readonly type: 'ready' }
  /** The job answered (for a commit: once committed). */
  | { readonly type: 'done'; readonly id: number; readonly answer: JobAnswer<K> }
  /** The job threw (for a commit: its transaction rolled back, nothing of it is durable). */
  | { readonly type: 'failed'; readonly id: number; readonly message: string };
