import { randomUUID } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ChangePubSub } from '../pubsub/port.ts';
import { isReadModelName, type ReadModelName } from '../read-models.ts';
import type { ReplayProgress, ReplayReport } from './replay.ts';

/** One replay as the operations page shows it, from its start to its swap or failure. */
export interface ReplayRun {
  readonly id: string;
  readonly names: ReadModelName[];
  /** `command line`, or the uid of the admin who started it from the operations page. */
  readonly startedBy: string;
  readonly startedAt: string;
  readonly updatedAt: string;
  readonly state: 'running' | 'swapped' | 'failed';
  /** Position of the last event applied to the rebuild. */
  readonly position: number;
  /** The log's head as last seen by the replay. */
  readonly head: number;
  readonly events: number;
  readonly error?: string;
}

/**
 * Where a running replay's progress goes, for the gateway to show: `replay.progress` on the
 * pub/sub when the replay can reach the live service's (Redis), and a file beside the embedded
 * read store, which the replay command shares with the service but not its in-process pub/sub.
 */
export const replayProgressTopic = 'replay.progress';
export const replayProgressFile = (dataDir: string): string =>
  path.join(dataDir, 'replay-progress.json');

const replayStates: readonly unknown[] = ['running', 'swapped', 'failed'];

/**
 * A replay's progress as another process reported it (its file, or the pub/sub), or null when it
 * is not one: the page shows only what has every field of a ReplayRun.
 */
export function replayRunOf(value: unknown): ReplayRun | null {
  if (typeof value !== 'object' || value === null) return null;
  const run = value as Record<string, unknown>;
  const strings = ['id', 'startedBy', 'startedAt', 'updatedAt'].every(
    (key) => typeof run[key] === 'string',
  );
  const numbers = ['position', 'head', 'events'].every((key) => Number.isFinite(run[key]));
  const names = Array.isArray(run['names']) && run['names'].every((name) => isReadModelName(name));
  const error = run['error'] === undefined || typeof run['error'] === 'string';
  return strings && numbers && names && error && replayStates.includes(run['state'])
    ? (value as ReplayRun)
    : null;
}

/** The last replay the file tells of, or null (none yet, or unreadable). */
export function readReplayProgressFile(dataDir: string): ReplayRun | null {
  try {
    return replayRunOf(JSON.parse(readFileSync(replayProgressFile(dataDir), 'utf8')));
  } catch {
    return null;
  }
}

export interface ReplayProgressReporterOptions {
  readonly names: readonly ReadModelName[];
  readonly startedBy: string;
  /** The embedded read store's folder, when the replay writes there. */
  readonly dataDir?: string;
  readonly pubsub?: Pick<ChangePubSub, 'publish'>;
  /** At most one report per interval while running (default 250 ms); the last is always sent. */
  readonly intervalMs?: number;
  readonly onError?: (error: Error) => void;
}

export interface ReplayProgressReporter {
  /** Pass as `replayReadModels`' onProgress. */
  progress(progress: ReplayProgress): void;
  swapped(report: ReplayReport): Promise<void>;
  failed(error: unknown): Promise<void>;
  current(): ReplayRun;
}

/** Reports a replay's progress where the gateway reads it, a few times a second at most. */
export function replayProgressReporter(
  options: ReplayProgressReporterOptions,
): ReplayProgressReporter {
  const startedAt = new Date().toISOString();
  let run: ReplayRun = {
    id: randomUUID(),
    names: [...options.names],
    startedBy: options.startedBy,
    startedAt,
    updatedAt: startedAt,
    state: 'running',
    position: 0,
    head: 0,
    events: 0,
  };
  let sentAt = 0;
  const send = async (): Promise<void> => {
    sentAt = Date.now();
    try {
      if (options.dataDir) {
        // Written whole, then renamed: a reader never sees half a file.
        const file = replayProgressFile(options.dataDir);
        writeFileSync(`${file}.tmp`, JSON.stringify(run));
        renameSync(`${file}.tmp`, file);
      }
      await options.pubsub?.publish(replayProgressTopic, run);
    } catch (error) {
      options.onError?.(error instanceof Error ? error : new Error(String(error)));
    }
  };
  void send();
  return {
    progress({ position, head, events }) {
      run = { ...run, position, head, events, updatedAt: new Date().toISOString() };
      if (Date.now() - sentAt >= (options.intervalMs ?? 250)) void send();
    },
    async swapped(report) {
      run = {
        ...run,
        state: 'swapped',
        position: report.position,
        head: Math.max(run.head, report.position),
        events: report.events,
        updatedAt: new Date().toISOString(),
      };
      await send();
    },
    async failed(error) {
      run = {
        ...run,
        state: 'failed',
        error: error instanceof Error ? error.message : String(error),
        updatedAt: new Date().toISOString(),
      };
      await send();
    },
    current: () => run,
  };
}
