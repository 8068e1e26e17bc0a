// The code every SQLite thread runs: the event log's writer, the idempotency store's writer, and
// background checkpoints. It owns one connection to a database file and answers each request with
// what its job did, once done: a commit is answered once its transaction committed. Its owner
// (sqlite-thread.ts) runs it bundled to plain JavaScript (thread-code.ts).
import type Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { openConnection } from './connection.ts';
import { startJob, type Job, type JobKind } from './jobs.ts';
import type { FromThread, ThreadSettings, ToThread } from './protocol.ts';

const port = parentPort;
if (!port) throw new Error('sqlite-writer/thread.ts runs as a worker thread');
const { db, job } = start(workerData as ThreadSettings);
const send = (message: FromThread): void => port.postMessage(message);
send({ type: 'ready' });

port.on('message', (message: ToThread) => {
  if (message.type === 'close') {
    db.close();
    // Nothing else keeps the thread alive: it ends.
    port.close();
    return;
  }
  let answer: FromThread;
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

/**
 * Opens the connection and starts the job on it. Throws (ending the thread before it said ready)
 * when either fails, with a plain Error: Node hands that to the owner with its message, and a
 * better-sqlite3 SqliteError without.
 */
function start(settings: ThreadSettings): { db: Database.Database; job: Job<JobKind> } {
  let db: Database.Database | undefined;
  try {
    db = openConnection(settings.connection);
    return { db, job: startJob(db, settings.job) };
  } catch (error) {
    db?.close();
    throw new Error(error instanceof Error ? error.message : String(error));
  }
}
