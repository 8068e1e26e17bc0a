import {
  currentSchemaVersion,
  isKnownEventType,
  type AnyEvent,
  type RecordedEvent,
} from '@resale/events';
import type {
  ChangeTopic,
  DerivedProjection,
  EvolvingProjection,
  FieldValue,
  Projection,
  ReadModelChange,
  ReadModelDocument,
  ReadModelName,
  UpdateMatching,
} from './projection.ts';
import { projections } from './registry.ts';

/*
 * How one event is applied to the read models, written once for every adapter as a generator of
 * storage operations: the embedded adapter runs it synchronously inside one SQLite transaction,
 * the MongoDB adapter awaits each operation. The projections themselves stay pure.
 *
 * Idempotence: each document keeps the global position of the last event applied to it
 * (`position`); an event at or before that position changes nothing. A deleted document stays
 * as a tombstone holding that position, so a redelivered older event cannot bring it back.
 * Fan-out rules (`updateMatching`) are monotonic and stand for later documents too, so they need
 * no position. Everything written comes from the events, never from the clock: replay equals live.
 */

/** A document as stored: the visible document plus its guard. */
export interface StoredRecord {
  readonly id: string;
  /** Global position of the last event applied to this document. */
  readonly position: number;
  /** A tombstone: deleted by the event at `position`; `doc` is then null. */
  readonly deleted: boolean;
  readonly doc: ReadModelDocument | null;
}

export type FieldMatch = Readonly<Record<string, FieldValue>>;

/** A stored fan-out rule: every document whose `field` equals `equals` gets `set`. */
export interface StandingRule {
  readonly field: string;
  readonly equals: string;
  readonly set: FieldMatch;
}

const toStandingRule = (rule: UpdateMatching<ReadModelDocument>): StandingRule => ({
  field: rule.field,
  equals: rule.equals,
  set: Object.fromEntries(
    Object.entries(rule.set).filter(
      (entry): entry is [string, FieldValue] => entry[1] !== undefined,
    ),
  ),
});

export type StoreOp =
  | { readonly op: 'load'; readonly model: ReadModelName; readonly id: string }
  | {
      readonly op: 'save';
      readonly model: ReadModelName;
      /** What `load` returned: a store with concurrent writers saves only if it is unchanged. */
      readonly expected: StoredRecord | null;
      /** null removes the record (derived read models keep no tombstones). */
      readonly next: StoredRecord | null;
    }
  | {
      readonly op: 'standingRules';
      readonly model: ReadModelName;
      readonly field: string;
      readonly equals: string;
    }
  | {
      readonly op: 'addStandingRule';
      readonly model: ReadModelName;
      readonly rule: StandingRule;
    }
  | {
      readonly op: 'updateMatching';
      readonly model: ReadModelName;
      /** Equality on visible fields (`_id` included); tombstones never match. */
      readonly where: FieldMatch;
      readonly set: FieldMatch;
    };

/** What each operation answers. */
export interface StoreOpResults {
  load: StoredRecord | null;
  /** false: the record was no longer as expected (another writer); the step is retried. */
  save: boolean;
  /** The `set` of every standing rule on that field value. */
  standingRules: FieldMatch[];
  addStandingRule: undefined;
  /** The documents that changed, as they are after the update. */
  updateMatching: ReadModelDocument[];
}

export type ApplySteps = Generator<StoreOp, ReadModelChange[], unknown>;

export interface ApplyOptions {
  /**
   * Other processes may write the same documents at the same time (MongoDB with several
   * workers): re-read the standing rules after each save, in case a fan-out ran in between.
   */
  readonly concurrentWriters: boolean;
}

/** An event of a catalog type at a schema version the projections do not know. */
export class UnsupportedEventVersionError extends Error {
  constructor(
    readonly eventType: string,
    readonly schemaVersion: number,
  ) {
    super(`No projection reads ${eventType} version ${schemaVersion}`);
    this.name = 'UnsupportedEventVersionError';
  }
}

/** A document kept changing under a save: more concurrent writers than retries. */
export class ConcurrentUpdateError extends Error {
  constructor(
    readonly model: ReadModelName,
    readonly id: string,
  ) {
    super(`Gave up saving ${model}/${id}: it kept changing concurrently`);
    this.name = 'ConcurrentUpdateError';
  }
}

const maxSaveAttempts = 20;

function* perform<K extends StoreOp['op']>(
  op: Extract<StoreOp, { op: K }>,
): Generator<StoreOp, StoreOpResults[K], unknown> {
  return (yield op) as StoreOpResults[K];
}

/** Runs the steps against a synchronous store (inside the caller's transaction). */
export function runSync(
  steps: ApplySteps,
  execute: (op: StoreOp) => StoreOpResults[StoreOp['op']],
): ReadModelChange[] {
  let step = steps.next();
  while (!step.done) step = steps.next(execute(step.value));
  return step.value;
}

/** Runs the steps against an asynchronous store. */
export async function runAsync(
  steps: ApplySteps,
  execute: (op: StoreOp) => Promise<StoreOpResults[StoreOp['op']]>,
): Promise<ReadModelChange[]> {
  let step = steps.next();
  while (!step.done) step = steps.next(await execute(step.value));
  return step.value;
}

/**
 * The catalog event inside a recorded one, or null for a type no projection knows. Stores hand out
 * events at their type's current version (upcast); projections read that version only.
 */
export function toProjectedEvent(event: RecordedEvent): AnyEvent | null {
  if (!isKnownEventType(event.type)) return null;
  if (event.schemaVersion !== currentSchemaVersion(event.type))
    throw new UnsupportedEventVersionError(event.type, event.schemaVersion);
  return { type: event.type, schemaVersion: event.schemaVersion, data: event.data } as AnyEvent;
}

export const visibleDocument = (record: StoredRecord | null): ReadModelDocument | null =>
  record && !record.deleted ? record.doc : null;

/** Documents are flat: equal when they have the same fields with the same values. */
function sameDocument(a: ReadModelDocument | null, b: ReadModelDocument | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  const fields = Object.keys(a);
  return (
    fields.length === Object.keys(b).length &&
    fields.every((field) => Object.hasOwn(b, field) && a[field] === b[field])
  );
}

const sameRecord = (a: StoredRecord | null, b: StoredRecord | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.position === b.position &&
    a.deleted === b.deleted &&
    sameDocument(a.doc, b.doc));

/** Groups what changed by topic and key, for the change notifications. */
class ChangeCollector {
  private readonly byTopic = new Map<
    string,
    { topic: ChangeTopic; key: string | null; ids: Set<string> }
  >();

  constructor(private readonly position: number) {}

  record(
    projection: Projection,
    id: string,
    before: ReadModelDocument | null,
    after: ReadModelDocument | null,
  ): void {
    if (sameDocument(before, after)) return;
    for (const doc of [before, after]) {
      if (!doc) continue;
      for (const { topic, key } of projection.topicsOf(doc)) {
        const entryKey = `${topic}\u0000${key ?? ''}`;
        let entry = this.byTopic.get(entryKey);
        if (!entry) {
          entry = { topic, key, ids: new Set() };
          this.byTopic.set(entryKey, entry);
        }
        entry.ids.add(id);
      }
    }
  }

  list(): ReadModelChange[] {
    return [...this.byTopic.values()].map(({ topic, key, ids }) => ({
      topic,
      key,
      ids: [...ids],
      position: this.position,
    }));
  }
}

interface Context {
  readonly event: AnyEvent;
  readonly position: number;
  readonly changes: ChangeCollector;
  readonly options: ApplyOptions;
}

/**
 * The storage steps that apply `event` to `models` (in apply order, sources included: see
 * `withSources`). Returns what changed; nothing when the event was applied before.
 */
export function* applyEventSteps(
  recorded: RecordedEvent,
  models: readonly ReadModelName[],
  options: ApplyOptions,
): ApplySteps {
  const event = toProjectedEvent(recorded);
  if (!event) return [];
  const context: Context = {
    event,
    position: recorded.position,
    changes: new ChangeCollector(recorded.position),
    options,
  };
  // The document each model's projection evolved, for the models derived from it.
  const evolved = new Map<ReadModelName, { id: string; record: StoredRecord | null }>();
  for (const name of models) {
    const projection = projections[name];
    if (!projection.handledEventTypes.includes(event.type)) continue;
    if (projection.kind === 'evolving') {
      const id = projection.documentId(event);
      if (id !== null)
        evolved.set(name, { id, record: yield* evolveDocument(projection, id, context) });
    } else {
      const source = evolved.get(projection.source);
      if (source) yield* followSource(projection, source.id, source.record, context);
    }
    const rule = projection.updateMatching?.(event);
    if (rule) yield* applyRule(projection, rule, context);
  }
  return context.changes.list();
}

function* evolveDocument(
  projection: EvolvingProjection<ReadModelDocument>,
  id: string,
  context: Context,
): Generator<StoreOp, StoredRecord | null, unknown> {
  const model = projection.name;
  for (let attempt = 1; ; attempt++) {
    const stored = yield* perform({ op: 'load', model, id });
    // Applied before (a redelivery or an older event of the stream): nothing to do.
    if (stored && stored.position >= context.position) return stored;
    const before = visibleDocument(stored);
    let doc = projection.evolve(before, context.event);
    if (doc) doc = yield* withStandingRules(projection, doc);
    const next: StoredRecord | null = doc
      ? { id, position: context.position, deleted: false, doc }
      : stored
        ? { id, position: context.position, deleted: true, doc: null }
        : null;
    if (!next) return null;
    if (yield* perform({ op: 'save', model, expected: stored, next })) {
      context.changes.record(projection, id, before, doc);
      return context.options.concurrentWriters
        ? yield* recheckStandingRules(projection, next, context)
        : next;
    }
    if (attempt >= maxSaveAttempts) throw new ConcurrentUpdateError(model, id);
  }
}

function* followSource(
  projection: DerivedProjection<ReadModelDocument, ReadModelDocument>,
  id: string,
  source: StoredRecord | null,
  context: Context,
): Generator<StoreOp, void, unknown> {
  const model = projection.name;
  const doc = projection.select(visibleDocument(source));
  const desired: StoredRecord | null =
    doc && source ? { id, position: source.position, deleted: false, doc } : null;
  for (let attempt = 1; ; attempt++) {
    const stored = yield* perform({ op: 'load', model, id });
    // Never step back behind a copy of a newer source document.
    if (stored && source && stored.position > source.position) return;
    if (sameRecord(stored, desired)) return;
    if (yield* perform({ op: 'save', model, expected: stored, next: desired })) {
      context.changes.record(projection, id, visibleDocument(stored), doc);
      if (desired && context.options.concurrentWriters)
        yield* recheckStandingRules(projection, desired, context);
      return;
    }
    if (attempt >= maxSaveAttempts) throw new ConcurrentUpdateError(model, id);
  }
}

function* withStandingRules(
  projection: Projection,
  doc: ReadModelDocument,
): Generator<StoreOp, ReadModelDocument, unknown> {
  let result = doc;
  for (const field of projection.matchFields ?? []) {
    const equals = doc[field];
    if (typeof equals !== 'string') continue;
    const sets = yield* perform({ op: 'standingRules', model: projection.name, field, equals });
    for (const set of sets) result = { ...result, ...set };
  }
  return result;
}

/** After a save: a fan-out that ran between our load and save missed this document; apply it. */
function* recheckStandingRules(
  projection: Projection,
  record: StoredRecord,
  context: Context,
): Generator<StoreOp, StoredRecord, unknown> {
  let doc: ReadModelDocument | null = record.doc;
  if (!doc) return record;
  for (const field of projection.matchFields ?? []) {
    const equals: FieldValue = doc[field] ?? null;
    if (typeof equals !== 'string') continue;
    const sets: FieldMatch[] = yield* perform({
      op: 'standingRules',
      model: projection.name,
      field,
      equals,
    });
    for (const set of sets) {
      if (satisfies(doc, set)) continue;
      const changed: ReadModelDocument[] = yield* perform({
        op: 'updateMatching',
        model: projection.name,
        where: { _id: record.id, [field]: equals },
        set,
      });
      for (const after of changed) {
        context.changes.record(projection, after._id, doc, after);
        doc = after;
      }
    }
  }
  return { ...record, doc };
}

function* applyRule(
  projection: Projection,
  rule: UpdateMatching<ReadModelDocument>,
  context: Context,
): Generator<StoreOp, void, unknown> {
  const model = projection.name;
  // The rule is stored first, so a document saved concurrently either sees it or is updated below.
  const standing = toStandingRule(rule);
  yield* perform({ op: 'addStandingRule', model, rule: standing });
  const changed = yield* perform({
    op: 'updateMatching',
    model,
    where: { [standing.field]: standing.equals },
    set: standing.set,
  });
  for (const doc of changed) context.changes.record(projection, doc._id, null, doc);
}

/** Whether `doc` already holds every field of `set` (a rule that changes nothing). */
export const satisfies = (doc: ReadModelDocument, set: FieldMatch): boolean =>
  Object.entries(set).every(([field, value]) => doc[field] === value);
