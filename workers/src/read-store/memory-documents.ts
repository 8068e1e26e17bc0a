import type { RecordedEvent } from '@resale/events';
import { applyEvent, type StoredRecord, type SyncDocuments } from '../projections/apply-event.ts';
import type {
  ReadModelChange,
  ReadModelDocument,
  ReadModelName,
} from '../projections/projection.ts';
import { readModelNames } from '../projections/registry.ts';
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

/**
 * Read models in plain maps, run by the same engine as the stores: the pure fold of events into
 * documents, with the stores' hash. The projections' tests state with it what each read model
 * does without a database in the way. (A rebuild of the embedded store holds its documents in
 * memory its own way, a bounded number of them: RecentDocuments.)
 */
export class MemoryDocuments {
  private readonly models = new Map<ReadModelName, Map<string, StoredRecord>>();
  /** Records held, over all read models. */
  size = 0;

  private model(name: ReadModelName): Map<string, StoredRecord> {
    let records = this.models.get(name);
    if (!records) {
      records = new Map();
      this.models.set(name, records);
    }
    return records;
  }

  private readonly store: SyncDocuments = {
    load: (model, id) => this.model(model).get(id) ?? null,
    save: (model, next) => {
      const records = this.model(model);
      if (!records.has(next.id)) this.size += 1;
      records.set(next.id, next);
    },
    savePosition: (model, next) => this.store.save(model, next),
  };

  /** Applies events in order to `models`; what changed for each. */
  apply(
    events: readonly RecordedEvent[],
    models: readonly ReadModelName[] = readModelNames,
  ): ReadModelChange[][] {
    return events.map((event) => applyEvent(event, models, this.store));
  }

  /** A read model's records (tombstones included), in SQLite's order of their ids. */
  records(model: ReadModelName): StoredRecord[] {
    return [...this.model(model).values()].sort((a, b) => compareAsSqlite(a.id, b.id));
  }

  /** A read model's visible documents, ordered by id. */
  documents<D extends ReadModelDocument>(model: ReadModelName): D[] {
    return this.records(model).flatMap((record) =>
      record.doc && !record.deleted ? [record.doc as D] : [],
    );
  }

  document<D extends ReadModelDocument>(model: ReadModelName, id: string): D | null {
    const record = this.model(model).get(id);
    return record && !record.deleted ? (record.doc as D | null) : null;
  }

  /** The same hash as the stores' `hashModels` gives for these records. */
  hash(model: ReadModelName): string {
    const hasher = new ModelHasher();
    for (const record of this.records(model)) hasher.add(toStoredForm(record));
    return hasher.digest();
  }
}
