import type { DomainEvent, EventMetadata } from './envelope.ts';

/**
 * What every command carries besides its data: who asks, when, and which request caused it.
 * Time and ids come in here so that `decide` stays pure: it never reads a clock or a random source.
 */
export interface CommandMetadata {
  readonly actorUid: string;
  readonly actorEmail: string;
  /** The moment the command was received (ISO 8601); becomes the events' `occurredAt`. */
  readonly now: string;
  readonly correlationId: string;
  readonly causationId: string;
}

export interface Command<TType extends string = string, TData extends object = object> {
  readonly type: TType;
  readonly data: TData;
  readonly metadata: CommandMetadata;
}

/**
 * One stream type's business rules: `decide` answers a command with the events it causes (none when
 * its outcome already holds) or throws a DomainError; `evolve` folds an event into the state.
 */
export interface Decider<C extends Command, E extends DomainEvent, S> {
  decide(command: C, state: S): E[];
  evolve(state: S, event: E): S;
  initialState(): S;
}

/**
 * Why a command was refused. The gateway maps codes to HTTP: illegal_state → 409 (or 422),
 * conflict → 409, forbidden → 403, not_found → 404, invalid → 400.
 */
export type DomainErrorCode = 'illegal_state' | 'conflict' | 'forbidden' | 'not_found' | 'invalid';

/** A refused command. `message` is written for the user who sent it; `field` names the offending input. */
export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly field?: string;

  constructor(code: DomainErrorCode, message: string, field?: string) {
    super(message);
    this.code = code;
    this.field = field;
    this.name = 'DomainError';
  }
}

/** The state after a stream's history: every event folded into the initial state, in order. */
export const evolveAll = <C extends Command, E extends DomainEvent, S>(
  decider: Decider<C, E, S>,
  events: readonly E[],
): S => events.reduce((state, event) => decider.evolve(state, event), decider.initialState());

/** The metadata recorded with the events a command causes. */
export const eventMetadataFrom = ({
  actorUid,
  actorEmail,
  now,
  correlationId,
  causationId,
}: CommandMetadata): EventMetadata => ({
  actorUid,
  actorEmail,
  occurredAt: now,
  correlationId,
  causationId,
});
