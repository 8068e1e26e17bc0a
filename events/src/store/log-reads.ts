// How the embedded store reads its rows as events, on its own connection or in its reader thread
// (log-reads-thread.ts): each event's personal data opened with its person's key, checked against
// the catalog, and upcast to the current schema.
import type Database from 'better-sqlite3';
import { assertValidEvent, upcastEvent } from '../catalog.ts';
import type { EventMetadata, RecordedEvent } from '../envelope.ts';
import { openPersonalData } from '../personal-data/sealing.ts';
import { SqlitePersonalDataKeys } from '../personal-data/sqlite-key-store.ts';
import type { Job } from '../sqlite-writer/jobs.ts';
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
 * The reader thread's job: a page of the global log or a stream's events per request, as
 * `readAll` and `readStream` answer them.
 */
export function logReader(db: Database.Database): Job<'log-reads'> {
  const { page, stream } = prepareReads(db);
  const keys = new SqlitePersonalDataKeys(db);
  return (request) =>
    ('streamId' in request
      ? stream.all(request.streamId)
      : page.all(request.after, request.limit)
    ).map(recordedEventReader(keys));
}
