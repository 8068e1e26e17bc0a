import type { DomainEvent, NewEvent, RecordedEvent } from '../envelope.ts';

/**
 * What the writer expects of the stream before its append:
 * - 'no_stream': the stream must not exist yet;
 * - 'any': no check;
 * - a number: the revision of the stream's last event (0-based), i.e. exactly that many + 1 events.
 */
export type ExpectedRevision = 'no_stream' | 'any' | number;

export interface AppendResult {
  /** Revision of the last appended event in its stream (the next expected revision). */
  readonly nextExpectedRevision: number;
  /** Global position of the last appended event: what read-your-writes waits for. */
  readonly position: number;
}

/** The stream was not at the expected revision: another writer got there first. */
export class WrongExpectedRevisionError extends Error {
  readonly streamId: string;
  readonly expected: ExpectedRevision;
  readonly actual: number | 'no_stream';

  constructor(streamId: string, expected: ExpectedRevision, actual: number | 'no_stream') {
    super(`Stream ${streamId} is at ${String(actual)}, expected ${String(expected)}`);
    this.streamId = streamId;
    this.expected = expected;
    this.actual = actual;
    this.name = 'WrongExpectedRevisionError';
  }
}

/** One stream's part of an `appendSequence`. */
export interface StreamAppend<E extends DomainEvent = DomainEvent> {
  readonly streamId: string;
  readonly events: readonly NewEvent<E>[];
  readonly expectedRevision: ExpectedRevision;
}

export interface ReadAllOptions {
  /** Exclusive: events with a position greater than this. 0 reads from the start. */
  readonly after: number;
  /** Page size. */
  readonly limit: number;
}

export interface Subscription {
  /** Stops delivery; resolves once no handler call is running. */
  close(): Promise<void>;
}

export interface SubscribeOptions {
  /** Exclusive start: deliver every event whose position is greater than this, first the stored ones, then live. */
  readonly after: number;
  /** Called once per event, in global order; the next event waits for the returned promise. */
  readonly onEvent: (event: RecordedEvent) => Promise<void> | void;
  /** A failure of the handler or the store ends the subscription and is reported here. */
  readonly onError?: (error: Error) => void;
}

/**
 * The event-store port. Payloads are validated against the catalog on append and on read, and
 * every event read comes at its type's current schema version (the catalog's `upcastEvent`).
 * A person's personal data is never stored in clear: adapters seal it with the person's key
 * (../personal-data/sealing.ts) and open it on read.
 * An adapter never acknowledges an append before it is durable.
 */
export interface EventStore {
  append<E extends DomainEvent>(
    streamId: string,
    events: readonly NewEvent<E>[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult>;
  /**
   * Appends to several streams in order, each at its expected revision, and answers one result
   * per append. A refused append is thrown (WrongExpectedRevisionError names its stream) and no
   * append after it is made. The embedded store commits a sequence as one transaction, all or
   * none. EventStoreDB appends the streams one after another: a refusal or a crash between two
   * leaves the earlier ones recorded, and what such a gap leaves unfinished is for the reactors
   * to complete (the booking reactor places a booking whose ProductBooked stands alone).
   */
  appendSequence(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  /** The stream's events in revision order; an empty array when the stream does not exist. */
  readStream(streamId: string): Promise<RecordedEvent[]>;
  /** One page of the global log, in position order. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Position of the last event in the log (0 when empty). */
  headPosition(): Promise<number>;
  subscribeToAll(options: SubscribeOptions): Subscription;
  /**
   * Erasure by crypto-shredding: destroys the subject's key (../personal-data), so that every
   * personal field of theirs, in every event stored or still to come, reads as erased from the
   * moment this resolves, in every process; their events, times and ids stay. Idempotent.
   */
  erasePersonalData(subject: string): Promise<void>;
  /** Which of these subjects are erased: their personal data reads as erased from now on. */
  erasedAmong(subjects: readonly string[]): Promise<ReadonlySet<string>>;
  close(): Promise<void>;
}

/** What an integrity check of a store found; `problems` is empty when `ok`. */
export interface IntegrityReport {
  readonly ok: boolean;
  readonly problems: string[];
}
