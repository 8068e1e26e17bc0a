import type { RecordedEvent } from '@resale/events';
import type {
  FieldValue,
  ReadModelChange,
  ReadModelDocument,
  ReadModelName,
} from '../projections/projection.ts';

/** One page of a list: `after` is the `nextCursor` of the previous page. */
export interface PageRequest {
  readonly limit: number;
  readonly after?: string;
}

export interface Page<D> {
  readonly items: D[];
  /** Pass as `after` for the next page; null on the last page (and when no page was asked for). */
  readonly nextCursor: string | null;
}

/** A field to order by; `_position` is the hidden position of the document's last event. */
export type SortField = readonly [field: string, direction: 'asc' | 'desc'];

/** A list query over one read model; the order must end with `_id` (a stable cursor). */
export interface DocumentQuery {
  /** Equality on visible fields. */
  readonly where?: Readonly<Record<string, FieldValue>>;
  /** A visible field equal to one of the values (at least one). */
  readonly oneOf?: Readonly<Record<string, readonly (string | number)[]>>;
  /** A numeric visible field within bounds, both inclusive. */
  readonly range?: Readonly<Record<string, { readonly min?: number; readonly max?: number }>>;
  /**
   * Keyword search, for read models with `searchText`: each of these words (as `queryWords`
   * gives them) begins some word of the document's search text.
   */
  readonly words?: readonly string[];
  /** All in one direction. */
  readonly orderBy: readonly SortField[];
  /** Without it, the whole list. */
  readonly page?: PageRequest | undefined;
}

/** Which documents a count counts: a list query's conditions, without its order or page. */
export type DocumentFilter = Pick<DocumentQuery, 'where' | 'oneOf' | 'range' | 'words'>;

/** Something events can be projected into: the live read store, or a rebuild beside it. */
export interface ProjectionTarget {
  /** The read models this target holds. */
  readonly models: readonly ReadModelName[];
  /**
   * Applies each event, in order, to `models` (in apply order, sources included), idempotently.
   * Use `projectEvent`/`projectEvents`, which choose the models.
   */
  applyEvents(
    events: readonly RecordedEvent[],
    models: readonly ReadModelName[],
  ): Promise<ReadModelChange[][]>;
  /** Highest global position applied to every read model of the target; 0 when none. */
  checkpoint(): Promise<number>;
  /** Whether the event at that global position has been applied to every read model of the target. */
  hasApplied(position: number): Promise<boolean>;
}

/** Per read model: how many rebuilds were swapped in, and the position of the latest. */
export type ReadModelSwaps = Partial<
  Record<ReadModelName, { readonly count: number; readonly position: number }>
>;

/** SHA-256 (hex) of each read model's stored documents, sorted by `_id`, in canonical JSON. */
export type ReadModelHashes = Partial<Record<ReadModelName, string>>;

/**
 * Read models being rebuilt beside the live ones ("build aside, then swap"). `models`: the read
 * models that `commit` swaps in. Its applyEvents answers no changes: nobody reads a rebuild's
 * documents before its swap, which announces each rebuilt read model whole (rebuiltChanges).
 */
export interface RebuildTarget extends ProjectionTarget {
  hashModels(names?: readonly ReadModelName[]): Promise<ReadModelHashes>;
  /**
   * Swaps the rebuilt read models in for the live ones and sets their checkpoint. Throws
   * `RebuildBehindLiveError` (changing nothing) when the live read models have applied events
   * the rebuild has not: project those into the rebuild, then commit again.
   */
  commit(): Promise<void>;
  /** Drops the rebuild; the live read models are untouched. */
  abort(): Promise<void>;
}

export interface ReadStore extends ProjectionTarget {
  readonly kind: 'embedded' | 'mongodb';
  /** One visible document (without the internal guard fields), or null. */
  get<D extends ReadModelDocument>(model: ReadModelName, id: string): Promise<D | null>;
  find<D extends ReadModelDocument>(model: ReadModelName, query: DocumentQuery): Promise<Page<D>>;
  /** How many documents a filter finds, counted on the indexes without reading them. */
  count(model: ReadModelName, filter: DocumentFilter): Promise<number>;
  /** Starts rebuilding the named read models from nothing, in shadow tables or collections. */
  beginRebuild(names: readonly ReadModelName[]): Promise<RebuildTarget>;
  hashModels(names?: readonly ReadModelName[]): Promise<ReadModelHashes>;
  /**
   * The rebuilds swapped in so far, by any process: how a service notices that an operator's
   * replay replaced read models under it.
   */
  swaps(): Promise<ReadModelSwaps>;
  /**
   * Makes the content of overwritten and deleted documents unreadable in the store's files (an
   * erased user's data): call after the erasure was projected.
   */
  purgeOverwrittenData(): Promise<void>;
  close(): Promise<void>;
}

/** The live read models are ahead of a rebuild that is about to be swapped in. */
export class RebuildBehindLiveError extends Error {
  readonly model: ReadModelName;
  readonly live: number;
  readonly rebuilt: number;

  constructor(model: ReadModelName, live: number, rebuilt: number) {
    super(
      `Live ${model} has applied events up to ${live}, the rebuild only up to ${rebuilt}: catch up first`,
    );
    this.model = model;
    this.live = live;
    this.rebuilt = rebuilt;
    this.name = 'RebuildBehindLiveError';
  }
}

/** A paging cursor that this store did not produce. */
export class InvalidCursorError extends Error {
  readonly cursor: string;

  constructor(cursor: string) {
    super('Invalid paging cursor');
    this.cursor = cursor;
    this.name = 'InvalidCursorError';
  }
}
