import type { RecordedEvent } from '@resale/events';
import {
  applyEventSteps,
  runSync,
  satisfies,
  type FieldMatch,
  type StoredRecord,
  type StoreOp,
  type StoreOpResults,
} from '../../src/projections/apply-event.ts';
import { canonicalJson } from '../../src/projections/canonical-json.ts';
import type {
  ReadModelChange,
  ReadModelDocument,
  ReadModelName,
} from '../../src/projections/projection.ts';
import { readModelNames, withSources } from '../../src/projections/registry.ts';

/**
 * The projection steps run against plain maps: the pure fold of events into read models, with
 * no database in the way. Used to state what the projections do; the adapters' contract suite
 * checks that both stores do the same.
 */
export function inMemoryDocuments(): {
  apply: (
    events: readonly RecordedEvent[],
    models?: readonly ReadModelName[],
  ) => ReadModelChange[][];
  documents: <D extends ReadModelDocument>(model: ReadModelName) => D[];
  document: <D extends ReadModelDocument>(model: ReadModelName, id: string) => D | null;
  stored: (model: ReadModelName) => StoredRecord[];
} {
  const records = new Map<ReadModelName, Map<string, StoredRecord>>();
  const rules = new Map<
    ReadModelName,
    Map<string, { field: string; equals: string; set: FieldMatch }>
  >();
  const tableOf = <V>(tables: Map<ReadModelName, Map<string, V>>, model: ReadModelName) => {
    let table = tables.get(model);
    if (!table) tables.set(model, (table = new Map()));
    return table;
  };

  const execute = (op: StoreOp): StoreOpResults[StoreOp['op']] => {
    const table = tableOf(records, op.model);
    switch (op.op) {
      case 'load':
        return table.get(op.id) ?? null;
      case 'save':
        if (op.next) table.set(op.next.id, op.next);
        else if (op.expected) table.delete(op.expected.id);
        return true;
      case 'standingRules':
        return [...tableOf(rules, op.model).values()]
          .filter((rule) => rule.field === op.field && rule.equals === op.equals)
          .map((rule) => rule.set);
      case 'addStandingRule':
        tableOf(rules, op.model).set(canonicalJson(op.rule), op.rule);
        return undefined;
      case 'updateMatching': {
        const changed: ReadModelDocument[] = [];
        for (const record of table.values()) {
          const doc = record.doc;
          if (!doc || record.deleted) continue;
          if (!Object.entries(op.where).every(([field, value]) => doc[field] === value)) continue;
          if (satisfies(doc, op.set)) continue;
          const after = { ...doc, ...op.set };
          table.set(record.id, { ...record, doc: after });
          changed.push(after);
        }
        return changed;
      }
    }
  };

  const visible = (model: ReadModelName): ReadModelDocument[] =>
    [...tableOf(records, model).values()]
      .filter((record) => !record.deleted && record.doc)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((record) => record.doc as ReadModelDocument);

  return {
    apply: (events, models = readModelNames) =>
      events.map((event) =>
        runSync(applyEventSteps(event, withSources(models), { concurrentWriters: false }), execute),
      ),
    documents: <D extends ReadModelDocument>(model: ReadModelName) => visible(model) as D[],
    document: <D extends ReadModelDocument>(model: ReadModelName, id: string) =>
      (visible(model).find((doc) => doc._id === id) as D | undefined) ?? null,
    stored: (model) => [...tableOf(records, model).values()].sort((a, b) => (a.id < b.id ? -1 : 1)),
  };
}
