// The part of the read side (workers/src/read-models.ts, built in parallel) that the pipeline uses.
// Mirrors its published contract until that module lands; then this file re-exports it.
import type { RecordedEvent } from '@resale/events';

export type ReadModelName =
  | 'categories'
  | 'products'
  | 'reportedProducts'
  | 'bookings'
  | 'users'
  | 'sellers'
  | 'sellerProducts';

export interface ReadModelChange {
  readonly topic: ReadModelName;
  readonly key: string | null;
  readonly ids: string[];
  readonly position: number;
}

export interface ProjectionTarget {
  hasApplied(position: number): Promise<boolean>;
  checkpoint(): Promise<number>;
}

export interface RebuildTarget extends ProjectionTarget {
  commit(): Promise<void>;
  abort(): Promise<void>;
}

export interface ReadStore extends ProjectionTarget {
  beginRebuild(names: readonly ReadModelName[]): Promise<RebuildTarget>;
  hashModels(names?: readonly ReadModelName[]): Promise<Record<string, string>>;
  close(): Promise<void>;
}

export declare function projectEvent(
  store: ProjectionTarget,
  event: RecordedEvent,
  options?: { only?: readonly ReadModelName[] },
): Promise<ReadModelChange[]>;
