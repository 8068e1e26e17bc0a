import type { KeyObject } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  KurrentDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AppendStreamState,
  type JSONType,
  type Position,
  type ReadPosition,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import { assertValidEvent, InvalidEventError, upcastEvent } from '../catalog.ts';
import type { DomainEvent, EventMetadata, NewEvent, RecordedEvent } from '../envelope.ts';
import type { PersonalDataKeys } from '../personal-data/key-store.ts';
import {
  openPersonalData,
  personalSubjectsOf,
  sealedSubjectsOf,
  sealPersonalData,
} from '../personal-data/sealing.ts';
import { assertAppendable, assertSequence } from './appendable.ts';
import { isInsideHandlerOf, runAsHandlerOf } from './handler-scope.ts';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type StreamAppend,
  type SubscribeOptions,
  type Subscription,
} from './port.ts';

/*
 * The event-store port on EventStoreDB (distributed profile).
 *
 * Positions: the port's numeric `position` is the event's commit position in $all (a byte offset
 * in the transaction log, well below 2^53). EventStoreDB gives each event of an append its own
 * commit position, increasing in $all order (the position returned by an append is that of its
 * last event), so it is a total order over events, usable as an exclusive `after`: reading resumes
 * at {commit: after, prepare: after} and drops whatever is at or before `after`. Positions are not
 * contiguous: readers must not expect position + 1.
 *
 * Events are stored as JSON; the payload's schema version travels in the metadata next to the
 * audit fields, and is split off again on read. Personal data is sealed with keys kept in
 * MongoDB (`keys`): the keys of a page are fetched together before the page is read.
 */

export interface EventStoreDbEventStoreOptions {
  /** A kurrentdb:// (or esdb://) connection string, e.g. kurrentdb://localhost:2113?tls=false */
  readonly url: string;
  /** Where each person's key for their personal data is kept (closed with the store). */
  readonly keys: PersonalDataKeys;
}

export function openEventStoreDbEventStore(
  options: EventStoreDbEventStoreOptions,
): EventStoreDbEventStore {
  return new EventStoreDbEventStore(KurrentDBClient.connectionString(options.url), options.keys);
}

type Keys = ReadonlyMap<string, KeyObject | null>;

const readPageSize = 256;

type StoredMetadata = EventMetadata & { readonly schemaVersion: number };
type EsdbRecordedEvent = NonNullable<AllStreamResolvedEvent['event']>;

const isSystem = (event: { type: string; streamId: string }): boolean =>
  event.type.startsWith('$') || event.streamId.startsWith('$');

const toStreamState = (expected: ExpectedRevision): AppendStreamState =>
  expected === 'no_stream' ? NO_STREAM : expected === 'any' ? ANY : BigInt(expected);

const readPositionAfter = (after: number): ReadPosition =>
  after === 0 ? START : { commit: BigInt(after), prepare: BigInt(after) };

const commitPositionOf = (position: Position | undefined, streamId: string): number => {
  if (!position)
    throw new Error(`EventStoreDB returned no position for ${streamId}: server older than 22.6?`);
  return Number(position.commit);
};

type StoredEvent = EsdbRecordedEvent | ResolvedEvent['event'];

/** The subjects whose keys reading these events needs. */
const sealedSubjectsIn = (events: readonly StoredEvent[]): string[] => [
  ...new Set(
    events.flatMap((event) =>
      event?.isJson && typeof event.data === 'object' && event.data !== null
        ? sealedSubjectsOf(event.data)
        : [],
    ),
  ),
];

function toRecordedEvent(event: StoredEvent, keys: Keys): RecordedEvent {
  if (!event) throw new Error('EventStoreDB returned an unresolved link');
  if (!event.isJson || event.data instanceof Uint8Array || event.data === null)
    throw new InvalidEventError(event.type, ['payload is not JSON']);
  const stored = event.metadata;
  if (
    typeof stored !== 'object' ||
    stored === null ||
    Array.isArray(stored) ||
    stored instanceof Uint8Array
  )
    throw new InvalidEventError(event.type, ['metadata is not a JSON object']);
  const { schemaVersion, ...storedMetadata } = stored as Record<string, unknown>;
  if (typeof schemaVersion !== 'number')
    throw new InvalidEventError(event.type, ['metadata has no schemaVersion']);
  const { data, metadata } = openPersonalData(
    event.type,
    event.data as object,
    storedMetadata,
    (subject) => keys.get(subject) ?? null,
  );
  assertValidEvent(event.type, schemaVersion, data, metadata);
  return upcastEvent({
    eventId: event.id,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: commitPositionOf(event.position, event.streamId),
    type: event.type,
    schemaVersion,
    data,
    metadata: metadata as EventMetadata,
    recordedAt: event.created.toISOString(),
  });
}

export class EventStoreDbEventStore implements EventStore {
  private readonly subscriptions = new Set<EventStoreDbSubscription>();
  private closed = false;

  private readonly client: KurrentDBClient;
  private readonly keys: PersonalDataKeys;

  constructor(client: KurrentDBClient, keys: PersonalDataKeys) {
    this.client = client;
    this.keys = keys;
  }

  async append<E extends DomainEvent>(
    streamId: string,
    events: readonly NewEvent<E>[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    this.assertOpen();
    assertAppendable(streamId, events, options.expectedRevision);
    return this.appendChecked(streamId, events, options.expectedRevision);
  }

  /** One stream after another: EventStoreDB has no transaction across streams (see the port). */
  async appendSequence(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    this.assertOpen();
    assertSequence(appends);
    const results: AppendResult[] = [];
    for (const { streamId, events, expectedRevision } of appends)
      results.push(await this.appendChecked(streamId, events, expectedRevision));
    return results;
  }

  /** An append whose events were checked (assertAppendable or assertSequence). */
  private async appendChecked<E extends DomainEvent>(
    streamId: string,
    events: readonly NewEvent<E>[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult> {
    const keys = await this.keys.obtain([
      ...new Set(
        events.flatMap(({ event, metadata }) =>
          personalSubjectsOf(event.type, event.data, metadata),
        ),
      ),
    ]);
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map(({ eventId, event, metadata }) => {
          const stored = sealPersonalData(
            event.type,
            event.data,
            metadata,
            (subject) => keys.get(subject) ?? null,
          );
          return jsonEvent({
            id: eventId,
            type: event.type,
            data: stored.data as JSONType,
            metadata: {
              ...(stored.metadata as EventMetadata),
              schemaVersion: event.schemaVersion,
            } satisfies StoredMetadata,
          });
        }),
        { streamState: toStreamState(expectedRevision) },
      );
      return {
        nextExpectedRevision: Number(result.nextExpectedRevision),
        position: commitPositionOf(result.position, streamId),
      };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError)
        throw new WrongExpectedRevisionError(
          streamId,
          expectedRevision,
          typeof error.actualState === 'bigint' ? Number(error.actualState) : 'no_stream',
        );
      throw error;
    }
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    this.assertOpen();
    const stored: StoredEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        direction: FORWARDS,
        fromRevision: START,
      }))
        stored.push(resolved.event);
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    const keys = await this.keys.find(sealedSubjectsIn(stored));
    return stored.map((event) => toRecordedEvent(event, keys));
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    const page = await this.readStoredPage(options);
    const keys = await this.keys.find(sealedSubjectsIn(page));
    return page.map((event) => toRecordedEvent(event, keys));
  }

  private async readStoredPage({ after, limit }: ReadAllOptions): Promise<EsdbRecordedEvent[]> {
    this.assertOpen();
    const page: EsdbRecordedEvent[] = [];
    // readAll of this client has no server-side filter: system events are skipped here, which
    // may take several reads to fill a page.
    for await (const { event, position } of this.walkAll(FORWARDS, readPositionAfter(after))) {
      if (position <= after || isSystem(event)) continue;
      page.push(event);
      if (page.length === limit) break;
    }
    return page;
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    for await (const { event, position } of this.walkAll(BACKWARDS, END))
      if (!isSystem(event)) return position;
    return 0;
  }

  /**
   * The events of $all from `from` on, in `direction`, page by page, each once with its commit
   * position (a page starts at the last event of the page before, which is passed over); system
   * events included.
   */
  private async *walkAll(
    direction: typeof FORWARDS | typeof BACKWARDS,
    from: ReadPosition,
  ): AsyncGenerator<{ event: EsdbRecordedEvent; position: number }> {
    let last: number | undefined;
    for (;;) {
      let seen = 0;
      const read = this.client.readAll({
        fromPosition: from,
        direction,
        maxCount: readPageSize,
        resolveLinkTos: false,
      });
      for await (const resolved of read) {
        seen += 1;
        const event = resolved.event;
        if (!event) continue;
        const position = commitPositionOf(event.position, event.streamId);
        const seenBefore =
          last !== undefined && (direction === FORWARDS ? position <= last : position >= last);
        if (seenBefore) continue;
        last = position;
        from = event.position;
        yield { event, position };
      }
      if (seen < readPageSize) return;
    }
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    this.assertOpen();
    const subscription = new EventStoreDbSubscription(this.client, this.keys, options);
    this.subscriptions.add(subscription);
    void subscription.done.then(() => this.subscriptions.delete(subscription));
    return subscription;
  }

  async erasePersonalData(subject: string): Promise<void> {
    this.assertOpen();
    await this.keys.erase(subject);
  }

  async erasedAmong(subjects: readonly string[]): Promise<ReadonlySet<string>> {
    this.assertOpen();
    const keys = await this.keys.find(subjects);
    return new Set(subjects.filter((subject) => keys.get(subject) === null));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await this.client.dispose();
    await this.keys.close();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The event store is closed');
  }
}

/** A catch-up subscription to $all without system events, handled one event at a time. */
class EventStoreDbSubscription implements Subscription {
  readonly done: Promise<void>;
  private stopped = false;
  private readonly source: ReturnType<KurrentDBClient['subscribeToAll']>;

  private readonly options: SubscribeOptions;
  private readonly keys: PersonalDataKeys;

  constructor(client: KurrentDBClient, keys: PersonalDataKeys, options: SubscribeOptions) {
    this.options = options;
    this.keys = keys;

    this.source = client.subscribeToAll({
      fromPosition: readPositionAfter(options.after),
      filter: excludeSystemEvents(),
      resolveLinkTos: false,
    });
    this.done = this.run();
  }

  private async run(): Promise<void> {
    let cursor = this.options.after;
    try {
      // Iterating pulls one event at a time, so the handler is awaited before the next arrives.
      for await (const resolved of this.source) {
        if (this.stopped) break;
        const event = resolved.event;
        if (!event || isSystem(event)) continue;
        if (commitPositionOf(event.position, event.streamId) <= cursor) continue;
        const recorded = toRecordedEvent(event, await this.keys.find(sealedSubjectsIn([event])));
        await runAsHandlerOf(this, () => this.options.onEvent(recorded));
        cursor = recorded.position;
      }
      if (!this.stopped) throw new Error('The EventStoreDB subscription ended by itself');
    } catch (error) {
      if (this.stopped) return;
      this.stopped = true;
      await this.source.unsubscribe().catch(() => undefined);
      const failure = error instanceof Error ? error : new Error(String(error));
      if (this.options.onError) this.options.onError(failure);
      else void Promise.reject(failure);
    }
  }

  async close(): Promise<void> {
    if (!this.stopped) {
      this.stopped = true;
      await this.source.unsubscribe();
    }
    if (!isInsideHandlerOf(this)) await this.done;
  }
}
