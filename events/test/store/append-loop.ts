/**
 * A child process for the durability tests: appends to the embedded store in a loop with several
 * concurrent appenders (so group commits happen) and prints `ack <position> <eventId>` for every
 * event as soon as its append is acknowledged. Runs until killed, or until each appender made
 * `appendsPerAppender` appends when that argument is given.
 *
 * Usage: node --import tsx append-loop.ts (or its compiled form, see compile-for-node.ts) <file> <label> [appendsPerAppender]
 */
import { openEmbeddedEventStore } from '../../src/store/embedded-event-store.ts';
import type { AppendResult } from '../../src/store/port.ts';
import { categoryCreated } from './fixtures.ts';

const [file, label, limit] = process.argv.slice(2);
if (!file || !label) throw new Error('usage: append-loop.ts <file> <label> [appendsPerAppender]');
const appendsPerAppender = limit ? Number(limit) : Number.POSITIVE_INFINITY;
const appenders = 4;

const store = openEmbeddedEventStore({ file });
// Writes to a pipe are synchronous on Linux: a printed ack is in the parent's pipe before the
// next line runs, so a SIGKILL cannot lose it.
const print = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

print('ready');
await Promise.all(
  Array.from({ length: appenders }, async (_, appender) => {
    const streamId = `category-${label}x${appender}`;
    let expectedRevision: number | 'no_stream' = 'no_stream';
    for (let append = 0; append < appendsPerAppender; append += 1) {
      // Every third append carries two events, to cover multi-event appends in a batch.
      const events = Array.from({ length: append % 3 === 2 ? 2 : 1 }, () =>
        categoryCreated(`${label}x${appender}`),
      );
      const result: AppendResult = await store.append(streamId, events, { expectedRevision });
      events.forEach((event, index) =>
        print(`ack ${result.position - (events.length - 1 - index)} ${event.eventId}`),
      );
      expectedRevision = result.nextExpectedRevision;
    }
  }),
);
await store.close();
print('done');
