import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * The niceness of the threads whose work no answer waits for: the projection and the WAL
 * checkpoints. The event loop answers every request and can use one core at most; on a machine
 * with few cores those threads otherwise take turns on its core while requests queue behind them.
 * Below it they still get every core the event loop leaves, so they fall behind only while it
 * needs the core, and catch up as soon as it does not.
 */
export const backgroundNiceness = 10;

/**
 * Runs the calling thread at `backgroundNiceness`. On Linux a thread is a task with a niceness of
 * its own, which setpriority sets when given its id. Elsewhere (no /proc/thread-self) it does
 * nothing: the thread keeps the process's priority. Answers whether the priority was lowered.
 */
export function runThisThreadInBackground(): boolean {
  let threadId: number;
  try {
    threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
  } catch {
    return false;
  }
  if (!Number.isSafeInteger(threadId) || threadId <= 0) return false;
  // Raising one's own niceness needs no privilege: this fails only where it cannot apply.
  try {
    setPriority(threadId, backgroundNiceness);
    return true;
  } catch {
    return false;
  }
}
