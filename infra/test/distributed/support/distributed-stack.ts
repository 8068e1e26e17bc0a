import { inject } from 'vitest';
import { askStack } from '../../support/stack-control.ts';
import type { JourneyStack } from '../../e2e/support/journey-stack.ts';

/** What the distributed suite knows of the run's distributed stack. */
export interface DistributedTestStack extends JourneyStack {
  /** Every gateway process's URL; urls.api is the first. */
  readonly gateways: readonly string[];
  readonly servers: { readonly mongodb: string; readonly redis: string };
  readonly workerPids: readonly number[];
  /** The settings `npm run replay` needs to reach the stack. */
  readonly operatorEnv: Readonly<Record<string, string>>;
}

const controlUrl = (): string => inject('journeyStackUrl');

export const distributedStack = (): Promise<DistributedTestStack> =>
  askStack<DistributedTestStack>(controlUrl());

/** Starts one more worker process, as a crashed one's restart would; answers its pid. */
export const addWorker = async (): Promise<number> =>
  (await askStack<{ pid: number }>(controlUrl(), 'add-worker')).pid;

/** Stops the stack's redis-server and starts it again on the same port and files. */
export const restartRedis = (): Promise<void> => askStack<void>(controlUrl(), 'restart-redis');
