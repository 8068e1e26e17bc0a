import type { AnyEvent, EventType } from '@resale/events';

/** The read models the gateway queries; each is one collection (MongoDB) or table (embedded). */
export type ReadModelName =
  'categories' | 'products' | 'reportedProducts' | 'bookings' | 'users' | 'sellers';

/** What a change notification is about; 'sellerProducts' is the products of one seller. */
export type ChangeTopic = ReadModelName | 'sellerProducts';

/**
 * What one applied event changed, for the GraphQL subscriptions. `key` narrows the audience: the
 * brand for 'products', the buyer's e-mail for 'bookings', the seller's e-mail for
 * 'sellerProducts', null otherwise. `position` is the global position of the event.
 */
export interface ReadModelChange {
  readonly topic: ChangeTopic;
  readonly key: string | null;
  readonly ids: string[];
  readonly position: number;
}

/** Field values a read-model document may hold: documents are flat, like the spec's entities. */
export type FieldValue = string | number | boolean | null;

/** Any read-model document: `_id` plus flat fields. */
export type ReadModelDocument = { readonly _id: string } & { readonly [field: string]: FieldValue };

/**
 * "Set `set` on every document whose `field` equals `equals`": for an event about many documents
 * (a seller verified: all of that seller's products). Such an update also stands for documents
 * that match later, so the result does not depend on whether the event arrives before or after
 * the documents it touches (live delivery across streams is not in global order; replay is).
 * Only monotonic updates may be expressed this way.
 */
export interface UpdateMatching<D extends ReadModelDocument> {
  readonly field: keyof D & string;
  readonly equals: string;
  readonly set: Partial<D>;
}

export interface IndexSpec {
  readonly name: string;
  /** Fields in order with their direction; `_id` and `_position` (the hidden guard) allowed. */
  readonly fields: readonly (readonly [field: string, direction: 1 | -1])[];
}

interface ProjectionBase<D extends ReadModelDocument> {
  readonly name: ReadModelName;
  /** Collection (MongoDB) or table (embedded) holding the documents. */
  readonly collection: string;
  /** Events this projection reacts to; any other event leaves it untouched (tested per projection). */
  readonly handledEventTypes: readonly EventType[];
  /** The fan-out of an event, when it concerns every document matching a field value. */
  updateMatching?(event: AnyEvent): UpdateMatching<D> | null;
  /** Fields that `updateMatching` rules match on, so standing rules can be found for a document. */
  readonly matchFields?: readonly (keyof D & string)[];
  /** Change-notification topics (with their keys) a change of this document feeds. */
  topicsOf(doc: D): readonly { readonly topic: ChangeTopic; readonly key: string | null }[];
  /** Indexes for every query of the projection. */
  readonly indexes: readonly IndexSpec[];
}

/** A projection folding its own events into documents: `evolve(doc | null, event) → doc | null`. */
export interface EvolvingProjection<D extends ReadModelDocument> extends ProjectionBase<D> {
  readonly kind: 'evolving';
  /** The one document the event evolves, or null when it evolves none. */
  documentId(event: AnyEvent): string | null;
  /** Pure: the document after the event; null means it does not exist (deleted or never created). */
  evolve(doc: D | null, event: AnyEvent): D | null;
}

/**
 * A projection that is a filtered copy of another read model's documents (reported products are
 * the products whose `reported` flag is set). It follows each change of its source document.
 */
export interface DerivedProjection<
  D extends ReadModelDocument,
  S extends ReadModelDocument,
> extends ProjectionBase<D> {
  readonly kind: 'derived';
  readonly source: ReadModelName;
  /** Pure: this projection's document for the source document (null: none). */
  select(source: S | null): D | null;
}

export type Projection<D extends ReadModelDocument = ReadModelDocument> =
  EvolvingProjection<D> | DerivedProjection<D, ReadModelDocument>;
