import type { AnyEvent, EventType } from '@resale/events';

/** The read models the gateway queries; each is one collection (MongoDB) or table (embedded). */
export type ReadModelName = 'categories' | 'products' | 'bookings' | 'users' | 'sellers';

/**
 * What a change notification is about: a read model, or a part of one that has its own audience
 * ('sellerProducts': one seller's products; 'reportedProducts': the products under report;
 * 'sellerBookings': the bookings of one seller's products).
 */
export type ChangeTopic = ReadModelName | 'sellerProducts' | 'reportedProducts' | 'sellerBookings';

/**
 * What one applied event changed, for the GraphQL subscriptions and the answer cache. `key`
 * narrows the audience (the brand for 'products', the buyer's uid for 'bookings', the seller's
 * uid for 'sellerProducts' and 'sellerBookings'), null otherwise. `position` is the event's global one.
 */
export interface ReadModelChange {
  readonly topic: ChangeTopic;
  readonly key: string | null;
  readonly ids: string[];
  readonly position: number;
  /** Set on the notice of read models an operator's replay swapped in (`rebuiltChanges`). */
  readonly rebuilt?: true;
}

/** Field values a read-model document may hold: documents are flat, like the spec's entities. */
export type FieldValue = string | number | boolean | null;

/** Any read-model document: `_id` plus flat fields. */
export type ReadModelDocument = { readonly _id: string } & { readonly [field: string]: FieldValue };

export interface IndexSpec {
  readonly name: string;
  /** Fields in order with their direction; `_id` and `_position` (the hidden guard) allowed. */
  readonly fields: readonly (readonly [field: string, direction: 1 | -1])[];
  /**
   * Only documents with these values, where a store gains by leaving the others out: SQLite
   * rewrites every index of a row whose document changes, so in the embedded store an index of
   * the few (the advertised, the reported) costs the writes of all the others nothing. MongoDB
   * rewrites only the keys that change and indexes every document. Its queries ask for these
   * values.
   */
  readonly only?: { readonly [field: string]: boolean };
}

/**
 * A topic a document's changes are sent to: `key` answers the document's key in it (null:
 * unkeyed), or undefined when the document is not in that topic.
 */
export interface TopicOfDocument<D> {
  key(doc: D): string | null | undefined;
}

export type TopicKeys<D> = { readonly [T in ChangeTopic]?: TopicOfDocument<D> };

/**
 * A read model, declared once in its folder: the projection of its events into documents and
 * what the stores and the gateway derive from it (table, indexes, change topics). Its queries,
 * each with the change sources it reads, sit beside it (`*-queries.ts`).
 */
export interface ReadModel<D extends ReadModelDocument> {
  readonly name: ReadModelName;
  /** Collection (MongoDB) or table (embedded) holding the documents. */
  readonly collection: string;
  /** Events it reacts to; any other event leaves it untouched (tested per read model). */
  readonly handledEventTypes: readonly EventType[];
  /** The one document an event evolves, or null when it evolves none. */
  documentId(event: AnyEvent): string | null;
  /**
   * Pure: the document after the event; null means it does not exist (deleted or never created).
   * `occurredAt` is the event's own time (its metadata), never the clock's: replay equals live.
   */
  evolve(doc: D | null, event: AnyEvent, occurredAt: string): D | null;
  readonly topics: TopicKeys<D>;
  /** Indexes for every query of the read model. */
  readonly indexes: readonly IndexSpec[];
  /**
   * The text a keyword search of the read model reads (`DocumentQuery.words`); each store keeps
   * an index of its words (search-words.ts). Read models without it cannot be searched.
   */
  searchText?(doc: D): string;
  /**
   * Fields a keyword search is often filtered by with equality (a brand), each a field whose
   * value's words are words of every document's search text: the store counts each word's
   * documents per value of each, so that words no document of that value has find nothing at
   * once, and matches a search filtered on one value among that value's documents alone.
   */
  readonly searchFilterFields?: readonly string[];
  /**
   * Fields a keyword search is often filtered by whose values rarely change (years of use): the
   * store's word lists carry them beside each entry, so that a walk of a list leaves out the
   * entries they exclude without reading their documents.
   */
  readonly searchListedFields?: readonly string[];
}

/** The topics (with keys) a change of `doc` feeds. */
export function topicsOfDocument<D extends ReadModelDocument>(
  model: ReadModel<D>,
  doc: D,
): { readonly topic: ChangeTopic; readonly key: string | null }[] {
  const topics: { topic: ChangeTopic; key: string | null }[] = [];
  for (const topic of topicNames(model)) {
    const key = model.topics[topic]?.key(doc);
    if (key !== undefined) topics.push({ topic, key });
  }
  return topics;
}

/** Every topic a read model feeds. */
export const topicNames = <D extends ReadModelDocument>(model: ReadModel<D>): ChangeTopic[] =>
  (Object.keys(model.topics) as ChangeTopic[]).filter((topic) => model.topics[topic]);
