import { assertValidEvent, InvalidEventError } from '../catalog.ts';
import type { NewEvent } from '../envelope.ts';
import type { ExpectedRevision, StreamAppend } from './port.ts';

// EventStoreDB only accepts UUIDs as event ids; the embedded store demands the same so that
// what works in the embedded profile also works in the distributed one.
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks what both adapters refuse before anything is written: an empty append, a malformed
 * expected revision, an event id that is not a UUID or repeats, and any event the catalog rejects.
 */
export function assertAppendable(
  streamId: string,
  events: readonly NewEvent[],
  expectedRevision: ExpectedRevision,
): void {
  if (streamId.length === 0 || streamId.startsWith('$'))
    throw new RangeError(`Invalid stream id "${streamId}": empty or reserved ($-prefixed)`);
  if (events.length === 0) throw new RangeError(`Nothing to append to ${streamId}`);
  if (
    typeof expectedRevision === 'number' &&
    !(Number.isSafeInteger(expectedRevision) && expectedRevision >= 0)
  )
    throw new RangeError(`Invalid expected revision ${expectedRevision} for ${streamId}`);
  const ids = new Set<string>();
  for (const { eventId, event, metadata } of events) {
    if (!uuid.test(eventId))
      throw new InvalidEventError(event.type, [`eventId "${eventId}" is not a UUID`]);
    if (ids.has(eventId))
      throw new InvalidEventError(event.type, [`eventId ${eventId} repeats in one append`]);
    ids.add(eventId);
    assertValidEvent(event.type, event.schemaVersion, event.data, metadata);
  }
}

/**
 * assertAppendable for each part of an appendSequence, which must have one, and no event id
 * twice in the whole sequence (the embedded log refuses an id it holds in any stream).
 */
export function assertSequence(appends: readonly StreamAppend[]): void {
  if (appends.length === 0) throw new RangeError('Nothing to append: the sequence is empty');
  const ids = new Set<string>();
  for (const { streamId, events, expectedRevision } of appends) {
    assertAppendable(streamId, events, expectedRevision);
    for (const { eventId, event } of events) {
      if (ids.has(eventId))
        throw new InvalidEventError(event.type, [`eventId ${eventId} repeats in one sequence`]);
      ids.add(eventId);
    }
  }
}
