import type { RecordedEvent } from '@resale/events';
import {
  MongoBulkWriteError,
  MongoClient,
  MongoServerError,
  type Collection,
  type Db,
  type Filter,
} from 'mongodb';
import {
  applyEventConcurrently,
  toProjectedEvent,
  type ConcurrentDocuments,
  type StoredRecord,
} from '../projections/apply-event.ts';
import type {
  FieldValue,
  ReadModelChange,
  ReadModelDocument,
  ReadModelName,
} from '../projections/projection.ts';
import { readModels, readModelNames } from '../projections/registry.ts';
import { searchWords } from '../projections/search-words.ts';
import { assertValidQuery, decodeCursor, pageOf } from './document-query.ts';
import {
  type DocumentFilter,
  type DocumentQuery,
  type Page,
  type ReadModelHashes,
  type ReadModelSwaps,
  type ReadStore,
  type RebuildTarget,
} from './port.ts';
import {
  deletedField,
  fromStoredForm,
  ModelHasher,
  toStoredForm,
  toVisible,
  wordsField,
  type StoredForm,
} from './stored-form.ts';
import { everyModel, RebuildProgress } from './rebuild-progress.ts';

/*
 * The MongoDB read store: one collection per read model holding the documents in their stored
 * form (visible fields plus `_position`, tombstones with `_deleted: true`). Several worker
 * processes may write at once and MongoDB has no transaction here, so every write is a
 * single-document operation guarded by what was read: an insert (a duplicate key means someone
 * else created it), or a replace whose filter is the document's `_id` and `_position` as read (a
 * compare-and-set: the event at a position gives a document one content only; on a miss the step
 * is re-read and retried). An event at or before a document's `_position` changes nothing, so
 * redeliveries are no-ops. Every document is read by its `_id`. After a run of events is applied
 * to every read model their positions are recorded in `_appliedEvents`, and the per-model
 * checkpoints in `_meta` move once per run, not once per event.
 *
 * A rebuild writes fresh collections beside the live ones and swaps them in by changing the
 * `_meta` document that names each read model's live collection: one single-document update, so
 * every rebuilt read model changes at once, with no rename of one collection over another. The
 * superseded collections are dropped a moment later, once reads that named them have finished.
 */

export interface MongoReadStoreOptions {
  readonly url: string;
  readonly dbName: string;
}

type MongoDocument = { _id: string } & Record<string, unknown>;
type MetaDocument = { _id: string } & Partial<Record<ReadModelName | 'appliedThrough', number>>;

/**
 * The positions applied to every read model, one document each, keyed by the position as a
 * string like every other key here: a run of events records its positions in one insert, and a
 * look-up reads by `_id`. Inserts only, never an update: a server that does not apply concurrent
 * updates of one document atomically (FerretDB) loses none of them.
 */
const appliedCollection = '_appliedEvents';
type AppliedEvent = { _id: string };
const appliedId = (position: number): string => String(position);
/** Where an earlier version recorded each applied event, one document per position. */
const perEventAppliedCollection = '_applied';
const metaCollection = '_meta';
const checkpointsId = 'checkpoints';
/** The `_meta` document counting the rebuilds swapped in, per read model. */
const swapsId = 'swaps';
type SwapsDocument = { _id: string } & ReadModelSwaps;
/** The `_meta` document naming each read model's live collection; absent, its base name. */
const collectionsId = 'collections';
type CollectionsDocument = { _id: string } & Partial<Record<ReadModelName, string>>;
/** How long a superseded collection outlives its swap, for reads that named it to finish. */
const RETIRE_AFTER_MS = 2_000;
/** Every event up to this position has been applied to every read model (set by a full rebuild). */
const appliedThroughField = 'appliedThrough' as const;

const isDuplicateKey = (error: unknown): boolean =>
  error instanceof MongoServerError && error.code === 11000;

const isNamespaceNotFound = (error: unknown): boolean =>
  error instanceof MongoServerError && error.code === 26;

/** The filter matching a record still as it was read: its position names its content. */
const sameAsFilter = (record: StoredRecord): Filter<MongoDocument> => ({
  _id: record.id,
  _position: record.position,
});

/** Which of `positions` are recorded as applied to every read model. */
async function appliedAmong(db: Db, positions: readonly number[]): Promise<Set<number>> {
  const found = await Promise.all(
    positions.map((position) =>
      db
        .collection<AppliedEvent>(appliedCollection)
        .findOne({ _id: appliedId(position) }, { projection: { _id: 1 } }),
    ),
  );
  return new Set(positions.filter((_, i) => found[i] !== null));
}

/** Records `positions` as applied to every read model, in one request. */
async function recordApplied(db: Db, positions: readonly number[]): Promise<void> {
  if (positions.length === 0) return;
  try {
    await db.collection<AppliedEvent>(appliedCollection).insertMany(
      positions.map((position) => ({ _id: appliedId(position) })),
      { ordered: false },
    );
  } catch (error) {
    // Recorded already by a concurrent redelivery: every failure a duplicate key.
    const duplicatesOnly =
      error instanceof MongoBulkWriteError &&
      [error.writeErrors].flat().every((failure) => failure.code === 11000);
    if (!duplicatesOnly) throw error;
  }
}

/** Moves what an earlier version recorded under numeric keys to the string keys, once. */
async function moveAppliedRecords(db: Db): Promise<void> {
  const earlier = db.collection<{ _id: number }>(perEventAppliedCollection);
  const positions = (await earlier.find({}).toArray()).map(({ _id }) => _id);
  if (positions.length > 0) await recordApplied(db, positions);
  await dropIfExists(db, perEventAppliedCollection);
}

async function dropIfExists(db: Db, name: string): Promise<void> {
  try {
    await db.collection(name).drop();
  } catch (error) {
    if (!isNamespaceNotFound(error)) throw error;
  }
}

type CollectionNames = (model: ReadModelName) => string;

/** The collection each read model is served from now. */
async function liveCollections(db: Db): Promise<CollectionNames> {
  const named = await db
    .collection<CollectionsDocument>(metaCollection)
    .findOne({ _id: collectionsId });
  return (model) => named?.[model] ?? readModels[model].collection;
}

/** A new collection name for a rebuild of `model`, unique to this rebuild. */
const generationOf = (model: ReadModelName, tag: string): string =>
  `${readModels[model].collection}__${tag}`;

/** Collections of read models that earlier versions kept and this one does not. */
async function dropObsoleteCollections(db: Db): Promise<void> {
  const names = await db.listCollections({}, { nameOnly: true }).toArray();
  for (const { name } of names)
    if (
      name.endsWith('_standing') ||
      name === 'reportedProducts' ||
      name.startsWith('reportedProducts__')
    )
      await dropIfExists(db, name);
}

/** Collections of `model` left by earlier rebuilds (aborted, or retired by a process that ended). */
async function leftoverCollections(db: Db, model: ReadModelName, live: string): Promise<string[]> {
  const prefix = `${readModels[model].collection}__`;
  const names = await db.listCollections({}, { nameOnly: true }).toArray();
  return names
    .map(({ name }) => name)
    .filter((name) => name.startsWith(prefix))
    .filter((name) => name !== live);
}

/** The index of a searchable read model's words: multikey, one entry per word. */
const wordsIndex = { name: 'search_words', fields: [[wordsField, 1]] } as const;

/** The stored form of a record, with its search words where the read model has them. */
function storedFormWithWords(model: ReadModelName, record: StoredRecord): StoredForm {
  const form = toStoredForm(record);
  const { searchText } = readModels[model];
  if (!searchText || !record.doc || record.deleted) return form;
  return { ...form, [wordsField]: searchWords(searchText(record.doc)) } as unknown as StoredForm;
}

/**
 * Gives the search words to the documents of a searchable read model that have none (written
 * before it was searchable). Guarded by the position read: a document changed meanwhile got its
 * words from that write.
 */
async function addMissingWords(db: Db, model: ReadModelName, collection: string): Promise<void> {
  if (!readModels[model].searchText) return;
  const documents = db.collection<MongoDocument>(collection);
  const missing = documents.find({
    [wordsField]: { $exists: false },
    [deletedField]: { $exists: false },
  } as Filter<MongoDocument>);
  for await (const found of missing) {
    const record = fromStoredForm(found);
    await documents.updateOne(
      {
        _id: record.id,
        _position: record.position,
        [wordsField]: { $exists: false },
      } as Filter<MongoDocument>,
      { $set: { [wordsField]: storedFormWithWords(model, record)[wordsField] } },
    );
  }
}

async function createIndexes(db: Db, model: ReadModelName, collection: string): Promise<void> {
  const documents = db.collection<MongoDocument>(collection);
  const declared = readModels[model].searchText
    ? [...readModels[model].indexes, wordsIndex]
    : readModels[model].indexes;
  // An index an earlier version declared only costs writes now.
  for (const { name } of await documents
    .listIndexes()
    .toArray()
    .catch(() => []))
    if (
      typeof name === 'string' &&
      name !== '_id_' &&
      !declared.some((index) => index.name === name)
    )
      await documents.dropIndex(name);
  for (const index of declared)
    await documents.createIndex(Object.fromEntries(index.fields.map(([f, d]) => [f, d])), {
      name: index.name,
    });
}

/** The documents of one set of collections (live or shadow). */
class MongoDocuments implements ConcurrentDocuments {
  private readonly db: Db;
  private readonly collectionOf: (model: ReadModelName) => string;

  constructor(db: Db, collectionOf: (model: ReadModelName) => string) {
    this.db = db;
    this.collectionOf = collectionOf;
  }

  documents(model: ReadModelName): Collection<MongoDocument> {
    return this.db.collection<MongoDocument>(this.collectionOf(model));
  }

  async load(model: ReadModelName, id: string): Promise<StoredRecord | null> {
    const found = await this.documents(model).findOne({ _id: id });
    return found ? fromStoredForm(found) : null;
  }

  /** An insert (a duplicate key: someone else created it) or a compare-and-set replace. */
  async save(
    model: ReadModelName,
    expected: StoredRecord | null,
    next: StoredRecord,
  ): Promise<boolean> {
    const documents = this.documents(model);
    if (!expected) {
      try {
        await documents.insertOne(storedFormWithWords(model, next));
        return true;
      } catch (error) {
        if (isDuplicateKey(error)) return false;
        throw error;
      }
    }
    return (
      (await documents.replaceOne(sameAsFilter(expected), storedFormWithWords(model, next)))
        .matchedCount === 1
    );
  }

  async hash(model: ReadModelName): Promise<string> {
    const hasher = new ModelHasher();
    for await (const doc of this.documents(model).find({}).sort({ _id: 1 }))
      hasher.add(toStoredForm(fromStoredForm(doc)));
    return hasher.digest();
  }
}

/**
 * The documents of a run of events, each read before the run starts, all at once, by its `_id`:
 * a document's first load in the run is answered from there, and a load after a save from what
 * was saved. A load after a save that missed (another writer came first) asks the server.
 */
class RunDocuments implements ConcurrentDocuments {
  private readonly known = new Map<string, StoredRecord | null>();
  private readonly documents: MongoDocuments;

  private constructor(documents: MongoDocuments) {
    this.documents = documents;
  }

  static async read(
    documents: MongoDocuments,
    events: readonly RecordedEvent[],
    models: readonly ReadModelName[],
  ): Promise<RunDocuments> {
    const run = new RunDocuments(documents);
    const wanted = new Map<string, [ReadModelName, string]>();
    for (const recorded of events) {
      const event = toProjectedEvent(recorded);
      if (!event) continue;
      for (const model of models) {
        if (!readModels[model].handledEventTypes.includes(event.type)) continue;
        const id = readModels[model].documentId(event);
        if (id !== null) wanted.set(RunDocuments.keyOf(model, id), [model, id]);
      }
    }
    await Promise.all(
      [...wanted].map(async ([key, [model, id]]) =>
        run.known.set(key, await documents.load(model, id)),
      ),
    );
    return run;
  }

  private static keyOf(model: ReadModelName, id: string): string {
    return `${model}\u0000${id}`;
  }

  async load(model: ReadModelName, id: string): Promise<StoredRecord | null> {
    const key = RunDocuments.keyOf(model, id);
    const known = this.known.get(key);
    if (known === undefined) return this.documents.load(model, id);
    // Once: a save that misses must read the document again.
    this.known.delete(key);
    return known;
  }

  async save(
    model: ReadModelName,
    expected: StoredRecord | null,
    next: StoredRecord,
  ): Promise<boolean> {
    const saved = await this.documents.save(model, expected, next);
    if (saved) this.known.set(RunDocuments.keyOf(model, next.id), next);
    return saved;
  }
}

export async function openMongoReadStore(options: MongoReadStoreOptions): Promise<MongoReadStore> {
  const client = new MongoClient(options.url);
  await client.connect();
  try {
    const db = client.db(options.dbName, { writeConcern: { w: 'majority', journal: true } });
    await dropObsoleteCollections(db);
    await moveAppliedRecords(db);
    const live = await liveCollections(db);
    for (const model of readModelNames) {
      await createIndexes(db, model, live(model));
      await addMissingWords(db, model, live(model));
    }
    try {
      // Created up front, so that concurrent upserts of the checkpoints never race to insert it.
      await db.collection<MetaDocument>(metaCollection).insertOne({ _id: checkpointsId });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    return new MongoReadStore(client, db);
  } catch (error) {
    await client.close();
    throw error;
  }
}

async function readCheckpoints(db: Db): Promise<Partial<MetaDocument>> {
  return (await db.collection<MetaDocument>(metaCollection).findOne({ _id: checkpointsId })) ?? {};
}

/** The conditions of a query's filter, the deleted documents left out. */
function conditionsOf(model: ReadModelName, filter: DocumentFilter): Filter<MongoDocument>[] {
  const conditions: Filter<MongoDocument>[] = [
    { ...(filter.where ?? {}), [deletedField]: { $exists: false } } as Filter<MongoDocument>,
  ];
  for (const [field, values] of Object.entries(filter.oneOf ?? {}))
    conditions.push({ [field]: { $in: values } } as Filter<MongoDocument>);
  for (const [field, { min, max }] of Object.entries(filter.range ?? {})) {
    if (min !== undefined) conditions.push({ [field]: { $gte: min } } as Filter<MongoDocument>);
    if (max !== undefined) conditions.push({ [field]: { $lte: max } } as Filter<MongoDocument>);
  }
  if (filter.words && filter.words.length > 0) {
    if (!readModels[model].searchText) throw new RangeError(`${model} cannot be searched`);
    // Each word begins one of the document's words: an anchored regular expression, which
    // MongoDB answers from the multikey index's range of that prefix. Search words are
    // letters and digits (assertValidQuery), nothing a regular expression reads specially.
    for (const word of filter.words)
      conditions.push({ [wordsField]: { $regex: `^${word}` } } as Filter<MongoDocument>);
  }
  return conditions;
}

export class MongoReadStore implements ReadStore {
  readonly kind = 'mongodb' as const;
  readonly models = readModelNames;
  /** Drops of superseded collections waiting for their grace period. */
  private readonly retiring = new Set<{ timer: NodeJS.Timeout; drop: () => Promise<void> }>();

  private readonly client: MongoClient;
  private readonly db: Db;

  constructor(client: MongoClient, db: Db) {
    this.client = client;
    this.db = db;
  }

  /** The live collections, named afresh for each call: another process may have swapped them. */
  private async live(): Promise<MongoDocuments> {
    return new MongoDocuments(this.db, await liveCollections(this.db));
  }

  async applyEvents(
    events: readonly RecordedEvent[],
    models: readonly ReadModelName[],
  ): Promise<ReadModelChange[][]> {
    if (events.length === 0) return [];
    const everyOne = everyModel(models);
    const positions = events.map((event) => event.position);
    const [live, applied] = await Promise.all([
      this.live(),
      everyOne ? appliedAmong(this.db, positions) : new Set<number>(),
    ]);
    const documents = await RunDocuments.read(
      live,
      events.filter((event) => !applied.has(event.position)),
      models,
    );
    const results: ReadModelChange[][] = [];
    for (const event of events)
      results.push(
        applied.has(event.position) ? [] : await applyEventConcurrently(event, models, documents),
      );
    // Only once every event of the run is applied: a failure before leaves the run to redeliver.
    const last = Math.max(...positions);
    await Promise.all([
      this.db
        .collection<MetaDocument>(metaCollection)
        .updateOne(
          { _id: checkpointsId },
          { $max: Object.fromEntries(models.map((model) => [model, last])) },
          { upsert: true },
        ),
      everyOne
        ? recordApplied(
            this.db,
            positions.filter((position) => !applied.has(position)),
          )
        : undefined,
    ]);
    return results;
  }

  async checkpoint(): Promise<number> {
    const checkpoints = await readCheckpoints(this.db);
    return Math.min(...readModelNames.map((model) => checkpoints[model] ?? 0));
  }

  async hasApplied(position: number): Promise<boolean> {
    // Workers apply events of different streams concurrently, so a checkpoint is no watermark:
    // each fully applied event is recorded.
    const [checkpoints, applied] = await Promise.all([
      readCheckpoints(this.db),
      appliedAmong(this.db, [position]),
    ]);
    return position <= (checkpoints[appliedThroughField] ?? 0) || applied.has(position);
  }

  async get<D extends ReadModelDocument>(model: ReadModelName, id: string): Promise<D | null> {
    // By its `_id` alone, the tombstone left out here: a look-up the server answers from its key.
    const found = await (await this.live()).documents(model).findOne({ _id: id });
    return found && found[deletedField] !== true ? toVisible<D>(found) : null;
  }

  async count(model: ReadModelName, filter: DocumentFilter): Promise<number> {
    assertValidQuery({ ...filter, orderBy: [['_id', 'asc']] });
    return (await this.live())
      .documents(model)
      .countDocuments({ $and: conditionsOf(model, filter) });
  }

  async find<D extends ReadModelDocument>(
    model: ReadModelName,
    query: DocumentQuery,
  ): Promise<Page<D>> {
    const direction = assertValidQuery(query);
    const conditions = conditionsOf(model, query);
    const orderFields = query.orderBy.map(([field]) => field);
    if (query.page?.after !== undefined) {
      // Keyset paging: (f1, f2, ...) strictly after the cursor's values, in the sort direction.
      const values = decodeCursor(query.page.after, orderFields.length);
      const beyond = direction === 'desc' ? '$lt' : '$gt';
      conditions.push({
        $or: orderFields.map((field, i) => ({
          ...Object.fromEntries(orderFields.slice(0, i).map((f, j) => [f, values[j]])),
          [field]: { [beyond]: values[i] },
        })),
      } as Filter<MongoDocument>);
    }
    let cursor = (await this.live())
      .documents(model)
      .find({ $and: conditions })
      .sort(Object.fromEntries(orderFields.map((f) => [f, direction === 'desc' ? -1 : 1])));
    const limit = query.page?.limit;
    if (limit !== undefined) cursor = cursor.limit(limit + 1);
    return pageOf(
      await cursor.toArray(),
      query,
      (doc) => toVisible<D>(doc),
      (doc, field) => (doc[field] ?? null) as FieldValue,
    );
  }

  async beginRebuild(names: readonly ReadModelName[]): Promise<RebuildTarget> {
    const live = await liveCollections(this.db);
    const tag = `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const rebuild = new MongoRebuild(this.db, names, tag, (collections) =>
      this.retire(collections),
    );
    for (const model of rebuild.models) {
      for (const leftover of await leftoverCollections(this.db, model, live(model)))
        await dropIfExists(this.db, leftover);
      await createIndexes(this.db, model, generationOf(model, tag));
    }
    return rebuild;
  }

  /** Drops collections a swap superseded, after reads that named them have had time to finish. */
  private retire(collections: readonly string[]): void {
    const drop = async (): Promise<void> => {
      this.retiring.delete(entry);
      for (const collection of collections) await dropIfExists(this.db, collection);
    };
    const entry = {
      timer: setTimeout(() => void drop().catch(() => undefined), RETIRE_AFTER_MS),
      drop,
    };
    entry.timer.unref();
    this.retiring.add(entry);
  }

  async hashModels(names: readonly ReadModelName[] = readModelNames): Promise<ReadModelHashes> {
    const documents = await this.live();
    const hashes: ReadModelHashes = {};
    for (const name of names) hashes[name] = await documents.hash(name);
    return hashes;
  }

  async swaps(): Promise<ReadModelSwaps> {
    const found = await this.db.collection<SwapsDocument>(metaCollection).findOne({ _id: swapsId });
    if (!found) return {};
    const { _id: _ignored, ...swaps } = found;
    return swaps;
  }

  // Nothing to do: MongoDB's files are its server's, none of them in the data folder.
  async purgeOverwrittenData(): Promise<void> {}

  async close(): Promise<void> {
    // What is still waiting is dropped now; a drop that fails is left to the next rebuild.
    for (const entry of [...this.retiring]) {
      clearTimeout(entry.timer);
      await entry.drop().catch(() => undefined);
    }
    await this.client.close();
  }
}

/** New collections beside the live ones, named live on commit. */
class MongoRebuild extends RebuildProgress implements RebuildTarget {
  private readonly documents: MongoDocuments;

  private readonly db: Db;
  private readonly tag: string;
  private readonly retire: (collections: readonly string[]) => void;

  constructor(
    db: Db,
    names: readonly ReadModelName[],
    tag: string,
    retire: (collections: readonly string[]) => void,
  ) {
    super(names);
    this.db = db;
    this.tag = tag;
    this.retire = retire;
    this.documents = new MongoDocuments(db, (model) => generationOf(model, tag));
  }

  async applyEvents(
    events: readonly RecordedEvent[],
    models: readonly ReadModelName[],
  ): Promise<ReadModelChange[][]> {
    this.assertOpen();
    const results: ReadModelChange[][] = [];
    for (const event of events) {
      // The rebuild is its only writer.
      results.push(
        await applyEventConcurrently(event, models, this.documents, { changes: 'none' }),
      );
      this.advance([event]);
    }
    return results;
  }

  async hashModels(names: readonly ReadModelName[] = this.models): Promise<ReadModelHashes> {
    const hashes: ReadModelHashes = {};
    for (const name of names) hashes[name] = await this.documents.hash(name);
    return hashes;
  }

  /** Every rebuilt read model is named live in one single-document update. */
  async commit(): Promise<void> {
    this.assertOpen();
    const checkpoints = await readCheckpoints(this.db);
    this.assertNotBehind((name) => checkpoints[name] ?? 0);
    const superseded = await liveCollections(this.db);
    await this.db.collection<CollectionsDocument>(metaCollection).updateOne(
      { _id: collectionsId },
      {
        $set: Object.fromEntries(this.models.map((name) => [name, generationOf(name, this.tag)])),
      },
      { upsert: true },
    );
    this.retire(this.models.map(superseded));
    await this.db.collection<MetaDocument>(metaCollection).updateOne(
      { _id: checkpointsId },
      {
        $set: Object.fromEntries(this.models.map((name) => [name, this.rebuilt])),
        ...(everyModel(this.models) ? { $max: { [appliedThroughField]: this.rebuilt } } : {}),
      },
      { upsert: true },
    );
    await this.db.collection<SwapsDocument>(metaCollection).updateOne(
      { _id: swapsId },
      {
        $inc: Object.fromEntries(this.models.map((name) => [`${name}.count`, 1])),
        $set: Object.fromEntries(this.models.map((name) => [`${name}.position`, this.rebuilt])),
      },
      { upsert: true },
    );
    this.finished = true;
  }

  async abort(): Promise<void> {
    if (this.finished) return;
    for (const model of this.models) await dropIfExists(this.db, generationOf(model, this.tag));
    this.finished = true;
  }
}
