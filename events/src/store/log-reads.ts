// How the embedded store reads its rows as events, on its own connection or in its reader thread
// (log-reads-thread.ts): each event's personal data opened with its person's key, checked against
// the catalog, and upcast to the current schema.
import type Database from 'better-sqlite3';
import { assertValidEvent, upcastEvent } from '../catalog.ts';
import type { EventMetadata, RecordedEvent } from '../envelope.ts';
import { openPersonalData } from '../personal-data/sealing.ts';
import { SqlitePersonalDataKeys } from '../personal-data/sqlite-key-store.ts';
import type { Job, StreamsRead } from '../sqlite-writer/jobs.ts';
import { prepareReads, type EventRow } from './embedded-schema.ts';

/** Reads the rows of one read as events, their personal data opened with each person's key. */
export function recordedEventReader(
  keys: SqlitePersonalDataKeys,
): (row: EventRow) => RecordedEvent {
  const { find: keyOf } = keys.lookups();
  return (row) => {
    const [position, streamId, revision, eventId, type, schemaVersion, data, metadata, at] = row;
    const opened = openPersonalData(
      type,
      JSON.parse(data) as object,
      JSON.parse(metadata) as object,
      keyOf,
    );
    assertValidEvent(type, schemaVersion, opened.data, opened.metadata);
    return upcastEvent({
      eventId,
      streamId,
      revision,
      position,
      type,
      schemaVersion,
      data: opened.data,
      metadata: opened.metadata as EventMetadata,
      recordedAt: at,
    });
  };
}

/**
 * The reader thread's job: a page of the global log, or the streams `readStream` was asked for
 * meanwhile, as `readAll` and `readStream` answer them. The streams are read in one transaction:
 * a reading connection drops its page cache when it begins one after another connection
 * committed, so the streams of a batch share one emptied cache rather than each emptying it.
 */
export function logReader(db: Database.Database): Job<'log-reads'> {
  const { page, stream } = prepareReads(db);
  const keys = new SqlitePersonalDataKeys(db);
  const readStreams = db.transaction((streamIds: readonly string[]): StreamsRead => {
    const opened = recordedEventReader(keys);
    return {
      streams: streamIds.map((streamId) => {
        try {
          return stream.all(streamId).map(opened);
        } catch {
          return null;
        }
      }),
    };
  });
  return (request) =>
    'streamIds' in request
      ? readStreams(request.streamIds)
      : page.all(request.after, request.limit).map(recordedEventReader(keys));
}
