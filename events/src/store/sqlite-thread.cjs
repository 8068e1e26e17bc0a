'use strict';

// The message loop of a worker thread that owns one SQLite connection (the event store's writer
// and checkpointer, the idempotency store's writer). Plain CommonJS, so that a thread started
// with `eval` runs it without a TypeScript loader.

/**
 * Answers each message on the thread's `parentPort` with `handle(message)`, or with
 * `fail(message, text)` when it throws. 'close' (or `{ type: 'close' }`) closes the connection,
 * then the port, which lets the thread end.
 */
function serveMessages(parentPort, db, handle, fail) {
  parentPort.on('message', (message) => {
    if (message === 'close' || (message && message.type === 'close')) {
      db.close();
      parentPort.close();
      return;
    }
    let answer;
    try {
      answer = handle(message);
    } catch (error) {
      answer = fail(message, String((error && error.message) || error));
    }
    parentPort.postMessage(answer);
  });
}

module.exports = { serveMessages };
