import {
  currentSchemaVersion,
  isKnownEventType,
  type AnyEvent,
  type RecordedEvent,
} from '@resale/events';
import {
  topicsOfDocument,
  type ChangeTopic,
  type ReadModel,
  type ReadModelChange,
  type ReadModelDocument,
  type ReadModelName,
} from './projection.ts';
import { readModels } from './registry.ts';

/*
 * How an event is applied to the read models, the same for every store: each read model's
 * `documentId` names the one document the event evolves; the store loads it, `evolve` gives the
 * next document, and the store saves it if nothing newer is there.
 *
 * Idempotence: each document keeps the global position of the last event applied to it
 * (`position`); an event at or before that position changes nothing. A deleted document stays
 * as a tombstone holding that position, so a redelivered older event cannot bring it back.
 * Everything written comes from the events, never from the clock: replay equals live.
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

/** A store's documents as the engine reads and writes them, in the caller's transaction. */
export interface SyncDocuments {
  load(model: ReadModelName, id: string): StoredRecord | null;
  /** The store's only writer saves unconditionally. */
  save(model: ReadModelName, next: StoredRecord): void;
  /**
   * Saves `next`, whose content is the stored record's: only its position moved on (an event
   * that changed nothing in it, as the BookingPlaced after its ProductBooked). A store may write
   * the position alone, leaving the indexes of the content as they are.
   */
  savePosition(model: ReadModelName, next: StoredRecord): void;
}

/** A store that other processes write at the same time (MongoDB with several workers). */
export interface ConcurrentDocuments {
  load(model: ReadModelName, id: string): Promise<StoredRecord | null>;
  /** Saves `next` only if the document is still as `expected` (what `load` gave); else false. */
  save(model: ReadModelName, expected: StoredRecord | null, next: StoredRecord): Promise<boolean>;
}

/** An event of a catalog type at a schema version the projections do not know. */
export class UnsupportedEventVersionError extends Error {
  readonly eventType: string;
  readonly schemaVersion: number;

  constructor(eventType: string, schemaVersion: number) {
    super(`No projection reads ${eventType} version ${schemaVersion}`);
    this.eventType = eventType;
    this.schemaVersion = schemaVersion;
    this.name = 'UnsupportedEventVersionError';
  }
}

/** A document kept changing under a save: more concurrent writers than retries. */
export class ConcurrentUpdateError extends Error {
  readonly model: ReadModelName;
  readonly id: string;

  constructor(model: ReadModelName, id: string) {
    super(`Gave up saving ${model}/${id}: it kept changing concurrently`);
    this.model = model;
    this.id = id;
    this.name = 'ConcurrentUpdateError';
  }
}

const maxSaveAttempts = 20;

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

/** A record's content, its position aside: whether it is deleted, and its document. */
const sameContent = (a: StoredRecord, b: StoredRecord): boolean =>
  a.deleted === b.deleted && sameDocument(a.doc, b.doc);

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

/** One document an event evolves. */
interface Target {
  readonly model: ReadModel<ReadModelDocument>;
  readonly id: string;
}

/** The event to project and the documents it evolves in `models`; null for an unknown type. */
function targetsOf(
  recorded: RecordedEvent,
  models: readonly ReadModelName[],
): { event: AnyEvent; occurredAt: string; targets: Target[] } | null {
  const event = toProjectedEvent(recorded);
  if (!event) return null;
  const targets: Target[] = [];
  for (const name of models) {
    const model = readModels[name];
    if (!model.handledEventTypes.includes(event.type)) continue;
    const id = model.documentId(event);
    if (id !== null) targets.push({ model, id });
  }
  return { event, occurredAt: recorded.metadata.occurredAt, targets };
}

/** The documents an event evolves in `models` (none for a type no projection knows). */
export function documentsOf(
  recorded: RecordedEvent,
  models: readonly ReadModelName[],
): { readonly model: ReadModelName; readonly id: string }[] {
  return (targetsOf(recorded, models)?.targets ?? []).map(({ model, id }) => ({
    model: model.name,
    id,
  }));
}

/**
 * What to save for `stored` after the event at `position`, or null when nothing changes (the
 * event was applied before, or it creates nothing).
 */
function nextRecord(
  target: Target,
  { event, occurredAt }: { readonly event: AnyEvent; readonly occurredAt: string },
  position: number,
  stored: StoredRecord | null,
): StoredRecord | null {
  if (stored && stored.position >= position) return null;
  const doc = target.model.evolve(visibleDocument(stored), event, occurredAt);
  if (doc) return { id: target.id, position, deleted: false, doc };
  return stored ? { id: target.id, position, deleted: true, doc: null } : null;
}

/** Groups what changed by topic and key, for the change notifications. */
class ChangeCollector {
  private readonly byTopic = new Map<
    string,
    { topic: ChangeTopic; key: string | null; ids: Set<string> }
  >();

  private readonly position: number;

  constructor(position: number) {
    this.position = position;
  }

  record(target: Target, before: StoredRecord | null, after: StoredRecord): void {
    const [was, is] = [visibleDocument(before), visibleDocument(after)];
    if (sameDocument(was, is)) return;
    for (const doc of [was, is]) {
      if (!doc) continue;
      for (const { topic, key } of topicsOfDocument(target.model, doc)) {
        const entryKey = `${topic}\u0000${key ?? ''}`;
        let entry = this.byTopic.get(entryKey);
        if (!entry) {
          entry = { topic, key, ids: new Set() };
          this.byTopic.set(entryKey, entry);
        }
        entry.ids.add(target.id);
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

/** Whether an application reports what changed: a rebuild's swap announces its documents. */
export interface ApplyOptions {
  readonly changes: 'report' | 'none';
}

/** Applies an event to `models` of a store with one writer; returns what changed. */
export function applyEvent(
  recorded: RecordedEvent,
  models: readonly ReadModelName[],
  documents: SyncDocuments,
  { changes: report }: ApplyOptions = { changes: 'report' },
): ReadModelChange[] {
  const found = targetsOf(recorded, models);
  if (!found) return [];
  const changes = report === 'report' ? new ChangeCollector(recorded.position) : null;
  for (const target of found.targets) {
    const stored = documents.load(target.model.name, target.id);
    const next = nextRecord(target, found, recorded.position, stored);
    if (!next) continue;
    if (stored && sameContent(stored, next)) {
      documents.savePosition(target.model.name, next);
      continue;
    }
    documents.save(target.model.name, next);
    changes?.record(target, stored, next);
  }
  return changes?.list() ?? [];
}

/**
 * Applies an event to `models` of a store that other workers write too: a save that finds the
 * document changed since its load loads and evolves it again.
 */
export async function applyEventConcurrently(
  recorded: RecordedEvent,
  models: readonly ReadModelName[],
  documents: ConcurrentDocuments,
  { changes: report }: ApplyOptions = { changes: 'report' },
): Promise<ReadModelChange[]> {
  const found = targetsOf(recorded, models);
  if (!found) return [];
  const changes = report === 'report' ? new ChangeCollector(recorded.position) : null;
  for (const target of found.targets) {
    for (let attempt = 1; ; attempt++) {
      const stored = await documents.load(target.model.name, target.id);
      const next = nextRecord(target, found, recorded.position, stored);
      if (!next) break;
      if (await documents.save(target.model.name, stored, next)) {
        changes?.record(target, stored, next);
        break;
      }
      if (attempt >= maxSaveAttempts) throw new ConcurrentUpdateError(target.model.name, target.id);
    }
  }
  return changes?.list() ?? [];
}
