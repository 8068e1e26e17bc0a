// What a part of the benchmark is to the runner (run.ts): a name and a run that returns its rows.
import type { GoalRow, HttpRow } from '../report.ts';
import type { MachineDescription } from '../support.ts';
import type { RouteWeight } from '../web-weight.ts';
import type { EmbeddedProfile } from './embedded-profile.ts';
import type { BenchProcesses } from './processes.ts';

/** The parts in the order they run, as BENCH_ONLY names them. */
export const partNames = [
  'reads',
  'commands',
  'burst',
  'bookingEnds',
  'live',
  'fanout',
  'bullmq',
  'distributed',
  'replay',
  'web',
  'catalog',
  'audit',
] as const;
export type PartName = (typeof partNames)[number];

export interface PartContext {
  /** A directory of this run's own, deleted at its end. */
  readonly scratch: string;
  readonly machine: MachineDescription;
  /** What a part starts is registered here; the runner stops it after the part. */
  readonly processes: BenchProcesses;
  /**
   * The seeded gateway shared by the parts with `sharesEmbeddedProfile`: started before the
   * first of them, stopped after the last of them that runs in a row.
   */
  readonly embedded: () => EmbeddedProfile;
}

export interface PartResult {
  readonly goals: readonly GoalRow[];
  readonly http?: readonly HttpRow[];
  /** Figures for results.details, under their keys. */
  readonly details?: Readonly<Record<string, unknown>>;
  readonly notes?: readonly string[];
  readonly webRoutes?: readonly RouteWeight[];
}

export interface BenchPart {
  readonly name: PartName;
  readonly sharesEmbeddedProfile?: boolean;
  run(context: PartContext): Promise<PartResult>;
}
