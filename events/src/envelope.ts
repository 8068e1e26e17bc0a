import Type, { type Static } from 'typebox';

/** Who caused an event and why: what an operator's audit reads. */
export const EventMetadataSchema = Type.Object(
  {
    actorUid: Type.String({ minLength: 1, maxLength: 128 }),
    actorEmail: Type.String({ maxLength: 320 }),
    occurredAt: Type.String({ format: 'date-time' }),
    correlationId: Type.String({ minLength: 1, maxLength: 128 }),
    causationId: Type.String({ minLength: 1, maxLength: 128 }),
  },
  { additionalProperties: false },
);
export type EventMetadata = Static<typeof EventMetadataSchema>;

/** The actor recorded for events caused by the system itself (seeding, reactors, operators' scripts). */
export const systemActor = { actorUid: 'system', actorEmail: '' } as const;

/** An event as deciders produce it: a type, its payload and the payload's schema version. */
export interface DomainEvent<TType extends string = string, TData extends object = object> {
  readonly type: TType;
  readonly schemaVersion: number;
  readonly data: TData;
}

/** One event type as its decider makes it: its name, its payload and that payload's version. */
export type EventOf<TType extends string, TData, TVersion extends number = 1> = {
  type: TType;
  schemaVersion: TVersion;
  data: TData;
};

/** An event ready to append: ids and metadata come from the command, never from inside `decide`. */
export interface NewEvent<E extends DomainEvent = DomainEvent> {
  readonly eventId: string;
  readonly event: E;
  readonly metadata: EventMetadata;
}

/**
 * A stored event. `position` is its place in the global log: a safe integer, strictly increasing
 * in log order. `revision` is its 0-based place in its own stream.
 */
export interface RecordedEvent<E extends DomainEvent = DomainEvent> {
  readonly eventId: string;
  readonly streamId: string;
  readonly revision: number;
  readonly position: number;
  readonly type: E['type'];
  readonly schemaVersion: number;
  readonly data: E['data'];
  readonly metadata: EventMetadata;
  /** When the store committed it (ISO 8601). */
  readonly recordedAt: string;
}
