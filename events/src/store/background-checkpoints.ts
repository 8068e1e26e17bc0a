import type Database from 'better-sqlite3';
import { startSqliteThread, type SqliteThread } from '../sqlite-writer/sqlite-thread.ts';

export interface BackgroundCheckpointsOptions {
  /** Commits before the thread starts: a database written a few times keeps SQLite's own. */
  readonly startAfterCommits?: number;
  /** The least time between two checkpoints, so that a page written often is copied once. */
  readonly minIntervalMs?: number;
  /** The checkpointing thread's name (see SqliteThreadOptions). */
  readonly threadName?: string;
}

/**
 * Moves the WAL checkpoints of a database written on the event loop to a worker thread.
 *
 * SQLite checkpoints in the connection that commits once the WAL holds 1,000 pages: it copies them
 * into the database file and syncs it, synchronously, which for a file written at random places
 * (UUID keys) costs several times the commit itself, on the event loop. Here the committing
 * connection only nudges a thread after its commits, and that thread's connection checkpoints
 * PASSIVE (never waiting for, nor blocking, readers and writers). Durability does not change: a
 * commit is on disk once its WAL frames are synced, as before. Should the thread be slow or gone,
 * the connection's own checkpoint still runs, at 10,000 pages.
 */
export class BackgroundCheckpoints {
  private thread: SqliteThread<'checkpoint'> | undefined;
  private commits = 0;
  private inFlight = false;
  private lastDone = 0;
  private closed = false;
  private readonly startAfterCommits: number;
  private readonly minIntervalMs: number;
  private readonly threadName: string | undefined;

  private readonly db: Database.Database;
  private readonly file: string;

  constructor(db: Database.Database, file: string, options: BackgroundCheckpointsOptions = {}) {
    this.db = db;
    this.file = file;

    this.startAfterCommits = options.startAfterCommits ?? 100;
    this.minIntervalMs = options.minIntervalMs ?? 500;
    this.threadName = options.threadName;
  }

  /** Call after each commit of `db`. Never throws: the commit it follows is done either way. */
  committed(): void {
    if (this.closed) return;
    if (!this.thread) {
      if (++this.commits < this.startAfterCommits || this.commits > this.startAfterCommits) return;
      this.start();
    }
    const thread = this.thread;
    if (!thread || this.inFlight || performance.now() - this.lastDone < this.minIntervalMs) return;
    this.inFlight = true;
    // A checkpoint that failed is done too: the next commit asks for another.
    void thread
      .request(null)
      .catch(() => undefined)
      .then(() => {
        this.inFlight = false;
        this.lastDone = performance.now();
      });
  }

  private start(): void {
    const thread = startSqliteThread(
      {
        // Its own connection to the file, copying the WAL into the database (and syncing it).
        connection: {
          file: this.file,
          fileMustExist: true,
          pragmas: ['synchronous = FULL'],
          requireDurable: false,
        },
        job: { kind: 'checkpoint' },
      },
      {
        // Back to SQLite's own checkpoints in the committing connection.
        onGone: () => {
          if (this.thread !== thread) return;
          this.thread = undefined;
          this.useOwnCheckpoints();
        },
        // Checkpoints are never worth keeping a process alive for.
        holdProcessWhileBusy: false,
        ...(this.threadName ? { name: this.threadName } : {}),
      },
    );
    this.thread = thread;
    this.db.pragma('wal_autocheckpoint = 10000');
  }

  private useOwnCheckpoints(): void {
    if (this.db.open) this.db.pragma('wal_autocheckpoint = 1000');
  }

  /** Stops the thread; call before closing `db`. */
  async close(): Promise<void> {
    this.closed = true;
    const thread = this.thread;
    if (!thread) return;
    await thread.close();
    // Should the connection commit on, it checkpoints itself again.
    this.useOwnCheckpoints();
  }
}
