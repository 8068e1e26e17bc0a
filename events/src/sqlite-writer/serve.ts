// The loop every SQLite thread runs (thread.ts for the writers, ../store/log-reads-thread.ts for
// the log's reader): it owns one connection to a database file and answers each request with what
// its job did, once done: a commit is answered once its transaction committed. Its owner
// (sqlite-thread.ts) runs it bundled to plain JavaScript (thread-code.ts).
import type Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { openConnection } from './connection.ts';
import type { Job, JobKind, SpecOf } from './jobs.ts';
import type { FromThread, ThreadSettings, ToThread } from './protocol.ts';

/** Starts the thread's job on its connection (throws when it cannot). */
export type JobStarter<K extends JobKind> = (db: Database.Database, spec: SpecOf<K>) => Job<K>;

export function serveJobs<K extends JobKind>(startJob: JobStarter<K>): void {
  const port = parentPort;
  if (!port) throw new Error('A SQLite thread runs as a worker thread');
  const { db, job } = start(workerData as ThreadSettings<K>, startJob);
  const send = (message: FromThread<K>): void => port.postMessage(message);
  send({ type: 'ready' });

  port.on('message', (message: ToThread<K>) => {
    if (message.type === 'close') {
      db.close();
      // Nothing else keeps the thread alive: it ends.
      port.close();
      return;
    }
    let answer: FromThread<K>;
    try {
      answer = { type: 'done', id: message.id, answer: job(message.request) };
    } catch (error) {
      answer = {
        type: 'failed',
        id: message.id,
        message: error instanceof Error ? error.message : String(error),
      };
    }
    send(answer);
  });
}

/**
 * Opens the connection and starts the job on it. Throws (ending the thread before it said ready)
 * when either fails, with a plain Error: Node hands that to the owner with its message, and a
 * better-sqlite3 SqliteError without.
 */
function start<K extends JobKind>(
  settings: ThreadSettings<K>,
  startJob: JobStarter<K>,
): { db: Database.Database; job: Job<K> } {
  let db: Database.Database | undefined;
  try {
    db = openConnection(settings.connection);
    return { db, job: startJob(db, settings.job) };
  } catch (error) {
    db?.close();
    throw new Error(error instanceof Error ? error.message : String(error));
  }
}
