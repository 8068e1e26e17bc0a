import type { RecordedEvent } from '@resale/events';
import {
  applyEventSteps,
  runSync,
  satisfies,
  type FieldMatch,
  type StandingRule,
  type StoredRecord,
  type StoreOp,
  type StoreOpResults,
} from '../projections/apply-event.ts';
import { canonicalJson } from '../projections/canonical-json.ts';
import type {
  ReadModelChange,
  ReadModelDocument,
  ReadModelName,
} from '../projections/projection.ts';
import { projections, readModelNames, withSources } from '../projections/registry.ts';
import { ModelHasher, toStoredForm } from './stored-form.ts';

/**
 * SQLite orders TEXT by its UTF-8 bytes (BINARY collation), which is the order of code points;
 * JavaScript compares UTF-16 code units. The two differ only where the first differing units are
 * a surrogate (D800-DFFF, half of a code point above FFFF) and a unit of E000-FFFF: UTF-16 puts
 * the surrogate first, code points put it last. Compared here unit by unit, without encoding
 * either string (a rebuild sorts every document's id this way).
 */
export function compareAsSqlite(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    return x >= 0xd800 && y >= 0xd800 ? inCodePointOrder(x) - inCodePointOrder(y) : x - y;
  }
  return a.length - b.length;
}

/** Units from D800 up, moved so that surrogates come after E000-FFFF. */
const inCodePointOrder = (unit: number): number => (unit >= 0xe000 ? unit - 0x800 : unit + 0x2000);

/** The key of a standing rule: what both stores order the rules of one field value by. */
export const standingRuleId = (rule: StandingRule): string =>
  canonicalJson([rule.field, rule.equals, rule.set]);

/** A read model's standing rules by field and value, each list in the order of their ids. */
export class StandingRules {
  private readonly byValue = new Map<string, { id: string; rule: StandingRule }[]>();

  get(field: string, equals: string): FieldMatch[] {
    return (this.byValue.get(`${field}\u0000${equals}`) ?? []).map(({ rule }) => rule.set);
  }

  /** false when the rule was there already. */
  add(rule: StandingRule, id = standingRuleId(rule)): boolean {
    const key = `${rule.field}\u0000${rule.equals}`;
    const rules = this.byValue.get(key) ?? [];
    if (rules.some((known) => known.id === id)) return false;
    rules.push({ id, rule });
    rules.sort((a, b) => compareAsSqlite(a.id, b.id));
    this.byValue.set(key, rules);
    return true;
  }

  *all(): Generator<{ id: string; rule: StandingRule }> {
    for (const rules of this.byValue.values()) yield* rules;
  }
}

/** The records and standing rules of one read model. */
interface ModelMemory {
  readonly records: Map<string, StoredRecord>;
  readonly rules: StandingRules;
  /** Ids of the documents that held each value of a match field (`field\0value`); may be stale. */
  readonly byMatch: Map<string, Set<string>>;
}

/**
 * Read models in plain maps, run by the same projection steps as the stores: the pure fold of
 * events into documents. A rebuild of the embedded store runs here and writes the result once
 * (no read of its own writes through SQLite, each document written once); tests use it to state
 * what the projections do without a database in the way.
 */
export class MemoryDocuments {
  private readonly models = new Map<ReadModelName, ModelMemory>();
  /** Records held, over all read models. */
  size = 0;

  private model(name: ReadModelName): ModelMemory {
    let memory = this.models.get(name);
    if (!memory) {
      memory = { records: new Map(), rules: new StandingRules(), byMatch: new Map() };
      this.models.set(name, memory);
    }
    return memory;
  }

  /** Applies events in order to `models` and what they derive from; what changed for each. */
  apply(
    events: readonly RecordedEvent[],
    models: readonly ReadModelName[] = readModelNames,
  ): ReadModelChange[][] {
    const withTheirSources = withSources(models);
    return events.map((event) =>
      runSync(applyEventSteps(event, withTheirSources, { concurrentWriters: false }), this.execute),
    );
  }

  readonly execute = (op: StoreOp): StoreOpResults[StoreOp['op']] => {
    const memory = this.model(op.model);
    switch (op.op) {
      case 'load':
        return memory.records.get(op.id) ?? null;
      case 'save': {
        const id = op.next?.id ?? op.expected?.id;
        if (id !== undefined) this.put(op.model, id, op.next);
        return true;
      }
      case 'standingRules':
        return memory.rules.get(op.field, op.equals);
      case 'addStandingRule':
        memory.rules.add(op.rule);
        return undefined;
      case 'updateMatching': {
        const changed: ReadModelDocument[] = [];
        for (const id of this.candidates(op.model, op.where)) {
          const record = memory.records.get(id);
          const doc = record?.doc;
          if (!record || record.deleted || !doc || !satisfies(doc, op.where)) continue;
          if (satisfies(doc, op.set)) continue;
          const after = { ...doc, ...op.set };
          this.put(op.model, id, { ...record, doc: after });
          changed.push(after);
        }
        return changed;
      }
    }
  };

  /** Ids that may match `where`: narrowed by `_id` or a match field when it names one. */
  private candidates(model: ReadModelName, where: FieldMatch): Iterable<string> {
    const memory = this.model(model);
    const id = where['_id'];
    if (typeof id === 'string') return [id];
    for (const field of projections[model].matchFields ?? []) {
      const value = where[field];
      if (typeof value === 'string') return memory.byMatch.get(`${field}\u0000${value}`) ?? [];
    }
    return [...memory.records.keys()];
  }

  private put(model: ReadModelName, id: string, record: StoredRecord | null): void {
    const memory = this.model(model);
    if (!record) {
      if (memory.records.delete(id)) this.size -= 1;
      return;
    }
    if (!memory.records.has(id)) this.size += 1;
    memory.records.set(id, record);
    for (const field of projections[model].matchFields ?? []) {
      const value = record.doc?.[field];
      if (typeof value !== 'string') continue;
      const key = `${field}\u0000${value}`;
      let ids = memory.byMatch.get(key);
      if (!ids) memory.byMatch.set(key, (ids = new Set()));
      ids.add(id);
    }
  }

  /** A read model's records (tombstones included), in SQLite's order of their ids. */
  records(model: ReadModelName): StoredRecord[] {
    return [...this.model(model).records.values()].sort((a, b) => compareAsSqlite(a.id, b.id));
  }

  /** A read model's visible documents, ordered by id. */
  documents<D extends ReadModelDocument>(model: ReadModelName): D[] {
    return this.records(model).flatMap((record) =>
      record.doc && !record.deleted ? [record.doc as D] : [],
    );
  }

  document<D extends ReadModelDocument>(model: ReadModelName, id: string): D | null {
    const record = this.model(model).records.get(id);
    return record && !record.deleted ? (record.doc as D | null) : null;
  }

  standingRules(model: ReadModelName): Iterable<{ id: string; rule: StandingRule }> {
    return this.model(model).rules.all();
  }

  /** The same hash as the stores' `hashModels` gives for these records. */
  hash(model: ReadModelName): string {
    const hasher = new ModelHasher();
    for (const record of this.records(model)) hasher.add(toStoredForm(record));
    return hasher.digest();
  }
}
