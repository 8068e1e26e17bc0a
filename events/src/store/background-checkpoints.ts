import type Database from 'better-sqlite3';
import { startSqliteThread, type SqliteThread } from '../sqlite-writer/sqlite-thread.ts';

/** The committing connection's own checkpoint once the thread runs (4 KiB pages: 400 MiB). */
export const walBackstopPages = 100_000;

/** SQLite's own checkpoint size: more pages written between two checkpoints is a burst. */
const burstPages = 1_000;

/** The WAL file's size kept after the WAL starts over, instead of its largest. */
const walFileLimitBytes = 64 * 1024 * 1024;

/**
 * The pragmas of a connection that leaves its checkpoints to the thread: its own checkpoint only
 * as the backstop, and its WAL file cut back once the WAL starts over. The thread's database sets
 * them when the thread starts; so do the other connections that commit to the same file (the
 * log's writer thread, a read models' rebuild) and nudge the thread with `committed`.
 */
export const leftToCheckpointThread = [
  `wal_autocheckpoint = ${walBackstopPages}`,
  `journal_size_limit = ${walFileLimitBytes}`,
] as const;

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
 * PASSIVE (never waiting for, nor blocking, readers and writers), at most every `minIntervalMs`
 * unless a burst was written before the last one: then as soon as asked, to keep up with it.
 * Durability does not change: a commit is on disk once its WAL frames are synced, as before.
 *
 * The connection's own checkpoint stays as the backstop, at `walBackstopPages`: far enough that a
 * burst of writes faster than the copies (a few hundred listings projected at once) grows the WAL
 * instead of stalling the commit that reaches it, and near enough to bound the WAL should the
 * thread fall behind for good. Once the WAL starts over, the next commit cuts its file back to
 * `walFileLimitBytes`. Should the thread be gone, SQLite's own checkpoints come back.
 */
export class BackgroundCheckpoints {
  private thread: SqliteThread<'checkpoint'> | undefined;
  /** The thread was started once: should it end, SQLite's own checkpoints come back for good. */
  private started = false;
  private commits = 0;
  private inFlight = false;
  private lastDone = Number.NEGATIVE_INFINITY;
  /** Checkpoints the thread answered, for a look at how often they run. */
  private done = 0;
  /** The WAL's pages at the last checkpoint. */
  private walPages = 0;
  /** A burst was written before the last checkpoint: the next one does not wait. */
  private inBurst = false;
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

  /**
   * Call after each commit of `db`, and of any other connection to the file that leaves its
   * checkpoints to this thread (one with the pragmas `leftToCheckpointThread`, as the log's
   * writer thread and a read models' rebuild). `large`: the commit wrote many pages (a rebuild's
   * write-out), so the thread starts now if it has not, and copies them without waiting for
   * `minIntervalMs`. Never throws: the commit it follows is done either way.
   */
  committed(large = false): void {
    if (this.closed) return;
    if (!this.thread) {
      if (this.started || (++this.commits < this.startAfterCommits && !large)) return;
      this.start();
    }
    const thread = this.thread;
    if (!thread || this.inFlight) return;
    if (!large && !this.inBurst && performance.now() - this.lastDone < this.minIntervalMs) return;
    this.inFlight = true;
    // A checkpoint that failed is done too: the next commit asks for another.
    void thread
      .request(null)
      .catch(() => undefined)
      .then((done) => {
        this.inFlight = false;
        this.lastDone = performance.now();
        if (!done) return;
        this.done += 1;
        // Smaller than before: the WAL started over in between.
        const written =
          done.walPages >= this.walPages ? done.walPages - this.walPages : done.walPages;
        this.walPages = done.walPages;
        this.inBurst = written >= burstPages;
      });
  }

  /** How many checkpoints the thread has made. */
  get checkpointsMade(): number {
    return this.done;
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
    this.started = true;
    for (const pragma of leftToCheckpointThread) this.db.pragma(pragma);
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
