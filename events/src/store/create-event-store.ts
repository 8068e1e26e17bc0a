import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openEmbeddedEventStore } from './embedded-event-store.ts';
import { openEventStoreDbEventStore } from './eventstoredb-event-store.ts';
import type { EventStore } from './port.ts';

export interface EventStoreEnvironment {
  /** esdb:// connection string: the distributed profile. Unset: the embedded store. */
  readonly EVENTSTORE_URL?: string | undefined;
  /** Where the embedded profile keeps its files. */
  readonly DATA_DIR: string;
}

/** Where the embedded profile keeps the event log inside DATA_DIR. */
export const embeddedEventStoreFile = (dataDir: string): string => join(dataDir, 'events.sqlite3');

/** The event store of the profile: EventStoreDB when EVENTSTORE_URL is set, else the embedded log. */
export function createEventStore(env: EventStoreEnvironment): EventStore {
  if (env.EVENTSTORE_URL) return openEventStoreDbEventStore({ url: env.EVENTSTORE_URL });
  mkdirSync(env.DATA_DIR, { recursive: true });
  return openEmbeddedEventStore({ file: embeddedEventStoreFile(env.DATA_DIR) });
}
