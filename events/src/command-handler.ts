import { eventMetadataFrom, evolveAll, type Command, type Decider } from './decider.ts';
import type { DomainEvent, NewEvent, RecordedEvent } from './envelope.ts';
import { WrongExpectedRevisionError, type EventStore, type StreamAppend } from './store/port.ts';

export interface HandleCommandOptions<E extends DomainEvent = DomainEvent, S = unknown> {
  /**
   * How many times read-decide-append runs in all when another writer appends to the stream in
   * between (default 3). Each retry decides again against the new history.
   */
  readonly maxAttempts?: number;
  /** Id of each new event; ids are made here, never inside `decide`. */
  readonly newEventId?: () => string;
  /**
   * The stream's id was made for this command (a fresh UUID): it has no history, so the first
   * attempt decides against the empty stream without reading it. A read costs the most right
   * after a commit, which is when a command runs (in the embedded store, SQLite drops a reading
   * connection's page cache whenever another connection committed).
   * Should the stream exist after all, the append at 'no_stream' is refused and the next attempt
   * reads it, as for any race.
   */
  readonly newStream?: boolean;
  /**
   * Appends to other streams that follow from the events decided (see `decideOnNewStream`): made
   * in one `appendSequence` with them, so that where the store commits a sequence as one (the
   * embedded log) both are recorded or neither, in one commit instead of two. A refusal of one of
   * them is thrown as it is: only a race on the command's own stream is tried again.
   */
  readonly followedBy?: (decided: readonly AppendedEvent<E>[]) => readonly StreamAppend[];
  /**
   * A check of something the stream does not hold (its seller's account, say) against the state
   * each attempt read: it throws to refuse the command, before anything is decided.
   */
  readonly precondition?: (state: S) => void | Promise<void>;
  /**
   * States of streams decided on lately. A command on a stream found there is decided against
   * that state without reading the stream: the append at its revision proves it current, and is
   * refused when another writer appended since, and then the stream is read as usual. A command
   * the cached state refuses or finds done already is decided again against the stream read,
   * since only an append checks the revision. The state after each read and append is cached.
   */
  readonly cache?: StreamStateCache;
}

/** A stream's state: its history folded, with its revision and its last event's position. */
export interface StreamState<S = unknown> {
  readonly state: S;
  readonly revision: number | 'no_stream';
  /** 0 for a stream without events. */
  readonly position: number;
}

/**
 * Where `handleCommand` keeps states by stream id (the `cache` option): what is there may be
 * stale, never wrong for its revision. A stream id names its stream type, so each entry is the
 * state of the one decider of its stream.
 */
export interface StreamStateCache {
  get(streamId: string): StreamState | undefined;
  set(streamId: string, known: StreamState): void;
  delete(streamId: string): void;
}

/** An event this command appended, as stored (its own global position is not known, only the last one's). */
export type AppendedEvent<E extends DomainEvent = DomainEvent> = Omit<
  RecordedEvent<E>,
  'position' | 'recordedAt'
>;

export interface CommandResult<E extends DomainEvent = DomainEvent> {
  /** False when the command's outcome already held: nothing was appended. */
  readonly appended: boolean;
  readonly events: AppendedEvent<E>[];
  /** Revision of the stream's last event after the command; 'no_stream' if it still has none. */
  readonly nextExpectedRevision: number | 'no_stream';
  /**
   * What read-your-writes waits for: the global position of the last appended event or, when
   * nothing was appended, of the stream's last event (the one that made the outcome hold);
   * 0 for a stream that has no events.
   */
  readonly position: number;
}

/** What a command needs of the store: a reactor handed only these runs commands too. */
export type CommandStore = Pick<EventStore, 'readStream' | 'append' | 'appendSequence'>;

const defaultMaxAttempts = 3;

/**
 * Runs one command against one stream: reads its history, folds it into the state, decides, and
 * appends the decided events at the revision it read. When another writer got there first the
 * whole cycle runs again, so the command is decided against the history it is appended after
 * (e.g. a second booking of a product gets 'This product is already booked').
 *
 * Throws the DomainError of `decide` as it is, and the WrongExpectedRevisionError of the last
 * attempt when every attempt lost its race.
 */
export async function handleCommand<C extends Command, E extends DomainEvent, S>(
  store: CommandStore,
  streamId: string,
  decider: Decider<C, E, S>,
  command: C,
  options: HandleCommandOptions<E, S> = {},
): Promise<CommandResult<E>> {
  const {
    maxAttempts = defaultMaxAttempts,
    newEventId = () => crypto.randomUUID(),
    cache,
  } = options;
  const how: DecideOptions<E, S> = {
    newEventId,
    followedBy: options.followedBy,
    precondition: options.precondition,
  };
  const remember = (known: StreamState<S>): void => {
    const held = cache?.get(streamId);
    if (!held || revisionOrder(held.revision) <= revisionOrder(known.revision))
      cache?.set(streamId, known);
  };
  // Taken out while it is used: it goes back once an append proved it current.
  const cached = cache?.get(streamId) as StreamState<S> | undefined;
  if (cached) {
    cache?.delete(streamId);
    const outcome = await appendOnCachedState(store, streamId, cached, decider, command, how);
    if (outcome) {
      remember(outcome.after);
      return outcome.result;
    }
  }
  for (let attempt = 1; ; attempt++) {
    try {
      // A stream made for the command is not read (and its empty state not kept).
      const read = !(options.newStream && attempt === 1);
      const known = foldedState(decider, read ? await store.readStream(streamId) : []);
      if (read) remember(known);
      const decided = await decideOn(known, decider, command, how);
      if (decided.length === 0)
        return {
          appended: false,
          events: [],
          nextExpectedRevision: known.revision,
          position: known.position,
        };
      const { result, after } = await appendDecided(
        store,
        streamId,
        known,
        decider,
        command,
        decided,
        how,
      );
      remember(after);
      return result;
    } catch (error) {
      if (!lostRaceOn(streamId, error) || attempt >= maxAttempts) throw error;
    }
  }
}

interface DecideOptions<E extends DomainEvent, S> {
  readonly newEventId: () => string;
  readonly followedBy: HandleCommandOptions<E, S>['followedBy'];
  readonly precondition: HandleCommandOptions<E, S>['precondition'];
}

/** Another writer appended to the command's own stream first (not to a following one). */
const lostRaceOn = (streamId: string, error: unknown): boolean =>
  error instanceof WrongExpectedRevisionError && error.streamId === streamId;

const revisionOrder = (revision: number | 'no_stream'): number =>
  revision === 'no_stream' ? -1 : revision;

/** A history's state. The store checked every event against the catalog on read, and the stream id names the stream type, so these are events of this decider. */
function foldedState<C extends Command, E extends DomainEvent, S>(
  decider: Decider<C, E, S>,
  history: readonly RecordedEvent[],
): StreamState<S> {
  const last = history.at(-1);
  return {
    state: evolveAll(
      decider,
      history.map(({ type, schemaVersion, data }) => ({ type, schemaVersion, data }) as E),
    ),
    revision: last ? last.revision : 'no_stream',
    position: last?.position ?? 0,
  };
}

async function decideOn<C extends Command, E extends DomainEvent, S>(
  known: StreamState<S>,
  decider: Decider<C, E, S>,
  command: C,
  { precondition }: DecideOptions<E, S>,
): Promise<E[]> {
  await precondition?.(known.state);
  return decider.decide(command, known.state);
}

/**
 * The command decided against a cached state and appended, or undefined where that proves
 * nothing: a refusal, an outcome that already holds, or an append refused because the stream
 * moved on since (see the `cache` option).
 */
async function appendOnCachedState<C extends Command, E extends DomainEvent, S>(
  store: CommandStore,
  streamId: string,
  cached: StreamState<S>,
  decider: Decider<C, E, S>,
  command: C,
  how: DecideOptions<E, S>,
): Promise<{ result: CommandResult<E>; after: StreamState<S> } | undefined> {
  let decided: E[];
  try {
    decided = await decideOn(cached, decider, command, how);
  } catch {
    return undefined;
  }
  if (decided.length === 0) return undefined;
  try {
    return await appendDecided(store, streamId, cached, decider, command, decided, how);
  } catch (error) {
    if (lostRaceOn(streamId, error)) return undefined;
    throw error;
  }
}

/**
 * What a command decides on a stream made for it (its id is new, so it has no history): the
 * append at 'no_stream' of its events, for `followedBy`. Nothing when the decider decides none.
 */
export function decideOnNewStream<C extends Command, E extends DomainEvent, S>(
  streamId: string,
  decider: Decider<C, E, S>,
  command: C,
  newEventId: () => string,
): StreamAppend[] {
  const decided = decider.decide(command, decider.initialState());
  if (decided.length === 0) return [];
  const metadata = eventMetadataFrom(command.metadata);
  const events = decided.map((event) => ({ eventId: newEventId(), event, metadata }));
  return [{ streamId, events, expectedRevision: 'no_stream' }];
}

/** Appends what was decided against `known` at its revision; answers the state after it. */
async function appendDecided<C extends Command, E extends DomainEvent, S>(
  store: CommandStore,
  streamId: string,
  known: StreamState<S>,
  decider: Decider<C, E, S>,
  command: C,
  decided: readonly E[],
  { newEventId, followedBy }: DecideOptions<E, S>,
): Promise<{ result: CommandResult<E>; after: StreamState<S> }> {
  const { revision } = known;
  const metadata = eventMetadataFrom(command.metadata);
  const newEvents: NewEvent<E>[] = decided.map((event) => ({
    eventId: newEventId(),
    event,
    metadata,
  }));
  const firstRevision = revision === 'no_stream' ? 0 : revision + 1;
  const events = newEvents.map(({ eventId, event }, index) => ({
    eventId,
    streamId,
    revision: firstRevision + index,
    type: event.type,
    schemaVersion: event.schemaVersion,
    data: event.data,
    metadata,
  }));
  const following = followedBy?.(events) ?? [];
  const own: StreamAppend = { streamId, events: newEvents, expectedRevision: revision };
  const [result, ...rest] =
    following.length === 0
      ? [await store.append(streamId, newEvents, { expectedRevision: revision })]
      : await store.appendSequence([own, ...following]);
  if (!result) throw new Error(`The store answered no result for ${streamId}`);
  return {
    result: {
      appended: true,
      events,
      nextExpectedRevision: result.nextExpectedRevision,
      // Read-your-writes waits for the last event appended, the following streams' included.
      position: (rest.at(-1) ?? result).position,
    },
    after: {
      state: decided.reduce((state, event) => decider.evolve(state, event), known.state),
      revision: result.nextExpectedRevision,
      position: result.position,
    },
  };
}
