import type { RecordedEvent } from '@resale/events';
import type { ReadModelName } from '../projections/projection.ts';
import { readModels, readModelNames } from '../projections/registry.ts';
import { RebuildBehindLiveError } from './port.ts';

/** The shadow table or collection a rebuild of `model` writes, beside the live one. */
export const shadowOf = (model: ReadModelName): string =>
  `${readModels[model].collection}__rebuild`;

/** Whether `models` are all the read models: only then does an event count as applied. */
export const everyModel = (models: readonly ReadModelName[]): boolean =>
  readModelNames.every((name) => models.includes(name));

/** What every adapter's rebuild keeps: the position it reached and whether it is over. */
export abstract class RebuildProgress {
  /** Position of the last event applied. */
  protected rebuilt = 0;
  protected finished = false;
  /** Set when the rebuild cannot go on (an event failed halfway where nothing rolls back). */
  protected broken: unknown = undefined;

  readonly models: readonly ReadModelName[];

  /** `models`: the read models built and swapped in. */
  constructor(models: readonly ReadModelName[]) {
    this.models = models;
  }

  async checkpoint(): Promise<number> {
    return this.rebuilt;
  }

  /** A rebuild is fed the log in order. */
  async hasApplied(position: number): Promise<boolean> {
    return this.rebuilt >= position;
  }

  protected advance(events: readonly RecordedEvent[]): void {
    for (const event of events) this.rebuilt = Math.max(this.rebuilt, event.position);
  }

  /** Refuses the swap when a live read model has applied events this rebuild has not. */
  protected assertNotBehind(livePosition: (name: ReadModelName) => number): void {
    for (const name of this.models) {
      const live = livePosition(name);
      if (live > this.rebuilt) throw new RebuildBehindLiveError(name, live, this.rebuilt);
    }
  }

  protected assertOpen(): void {
    if (this.finished) throw new Error('This rebuild was already committed or aborted');
    if (this.broken !== undefined)
      throw new Error(`This rebuild failed, start a new one: ${String(this.broken)}`);
  }
}
