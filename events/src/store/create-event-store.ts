import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DomainEvent, NewEvent, RecordedEvent } from '../envelope.ts';
import { openEmbeddedEventStore } from './embedded-event-store.ts';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  ReadAllOptions,
  StreamAppend,
  SubscribeOptions,
  Subscription,
} from './port.ts';

export interface EventStoreEnvironment {
  /** kurrentdb:// (or esdb://) connection string: the distributed profile. Unset: the embedded store. */
  readonly EVENTSTORE_URL?: string | undefined;
  /** Where the embedded profile keeps its files. */
  readonly DATA_DIR: string;
  /** With EVENTSTORE_URL: the MongoDB keeping each person's key for their personal data. */
  readonly MONGODB_URL?: string | undefined;
  readonly MONGODB_DB?: string | undefined;
}

/** Where the embedded profile keeps the event log inside DATA_DIR. */
export const embeddedEventStoreFile = (dataDir: string): string => join(dataDir, 'events.sqlite3');

/** How a process reads the log, where the store offers a choice (the embedded one). */
export interface EventStoreUse {
  /** The process reads the whole log page by page (a replay): see EmbeddedEventStoreOptions. */
  readonly readerThread?: boolean;
  /** The process decides commands on streams it reads (a gateway): see EmbeddedEventStoreOptions. */
  readonly streamReadsInThread?: boolean;
}

function openEmbedded(dataDir: string, use: EventStoreUse): EventStore {
  mkdirSync(dataDir, { recursive: true });
  return openEmbeddedEventStore({ file: embeddedEventStoreFile(dataDir), ...use });
}

// EventStoreDB's client (gRPC and protobuf, heavy in a process's memory) and MongoDB's driver are
// imported only when EVENTSTORE_URL is set, so that the embedded profile never loads them.
async function openEventStoreDb(url: string, env: EventStoreEnvironment): Promise<EventStore> {
  if (!env.MONGODB_URL)
    throw new Error(
      'EVENTSTORE_URL needs MONGODB_URL: the personal-data keys of EventStoreDB are kept in MongoDB',
    );
  const [{ openEventStoreDbEventStore }, { openMongoPersonalDataKeys }] = await Promise.all([
    import('./eventstoredb-event-store.ts'),
    import('../personal-data/mongo-key-store.ts'),
  ]);
  const keys = openMongoPersonalDataKeys({
    url: env.MONGODB_URL,
    dbName: env.MONGODB_DB ?? 'resale',
  });
  return openEventStoreDbEventStore({ url, keys });
}

/** The event store of the profile: EventStoreDB when EVENTSTORE_URL is set, else the embedded log. */
export async function openEventStore(
  env: EventStoreEnvironment,
  use: EventStoreUse = {},
): Promise<EventStore> {
  if (env.EVENTSTORE_URL) return openEventStoreDb(env.EVENTSTORE_URL, env);
  return openEmbedded(env.DATA_DIR, use);
}

/**
 * `openEventStore` for callers that cannot wait: with EVENTSTORE_URL the store is handed out at
 * once and its client library is loaded behind it (every call waits for it; an invalid URL fails
 * the first call instead of this one).
 */
export function createEventStore(env: EventStoreEnvironment, use: EventStoreUse = {}): EventStore {
  if (env.EVENTSTORE_URL) return new DeferredEventStore(openEventStoreDb(env.EVENTSTORE_URL, env));
  return openEmbedded(env.DATA_DIR, use);
}

/** An event store that forwards every call to one still being opened. */
export class DeferredEventStore implements EventStore {
  private closed = false;

  private readonly store: Promise<EventStore>;

  constructor(store: Promise<EventStore>) {
    this.store = store;

    // A failure is reported to each call, not as an unhandled rejection.
    store.catch(() => undefined);
  }

  /** The store every call goes to, once opened. */
  loaded(): Promise<EventStore> {
    return this.store;
  }

  async append<E extends DomainEvent>(
    streamId: string,
    events: readonly NewEvent<E>[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    return (await this.store).append(streamId, events, options);
  }

  async appendSequence(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    return (await this.store).appendSequence(appends);
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    return (await this.store).readStream(streamId);
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    return (await this.store).readAll(options);
  }

  async headPosition(): Promise<number> {
    return (await this.store).headPosition();
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    if (this.closed) throw new Error('The event store is closed');
    const subscription = this.store.then((store) => store.subscribeToAll(options));
    subscription.catch((error: unknown) =>
      options.onError?.(error instanceof Error ? error : new Error(String(error))),
    );
    return {
      close: () =>
        subscription.then(
          (opened) => opened.close(),
          () => undefined,
        ),
    };
  }

  async erasePersonalData(subject: string): Promise<void> {
    return (await this.store).erasePersonalData(subject);
  }

  async erasedAmong(subjects: readonly string[]): Promise<ReadonlySet<string>> {
    return (await this.store).erasedAmong(subjects);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const store = await this.store.catch(() => null);
    await store?.close();
  }
}
