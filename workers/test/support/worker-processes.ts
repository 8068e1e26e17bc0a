import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChildMessage } from '../fault/worker-child.ts';
import { condition } from './events.ts';

const childEntry = fileURLToPath(new URL('../fault/worker-child.ts', import.meta.url));

/** A worker child process (see fault/worker-child.ts) and what it reported. */
export interface WorkerChild {
  readonly process: ChildProcess;
  readonly started: Set<number>;
  readonly finished: Set<number>;
  readonly logs: string[];
  /** The position whose job is pausing (FAULT_PAUSE_AT), once it got there. */
  readonly pausedAt: number | undefined;
  until(predicate: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code (or the signal that ended it). */
  readonly exited: Promise<number | NodeJS.Signals>;
}

export function startWorkerChild(env: Record<string, string>): WorkerChild {
  const child = fork(childEntry, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const logs: string[] = [];
  const started = new Set<number>();
  const finished = new Set<number>();
  const waiters: { notify(): void }[] = [];
  child.stdout?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  let paused: number | undefined;
  child.on('message', (message: ChildMessage) => {
    if (message.type === 'started') message.positions.forEach((p) => started.add(p));
    if (message.type === 'finished') message.positions.forEach((p) => finished.add(p));
    if (message.type === 'paused') paused = message.position;
    if (message.type === 'log') logs.push(message.message);
    for (const waiter of waiters) waiter.notify();
  });
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.on('exit', (code, signal) => {
      for (const waiter of waiters) waiter.notify();
      resolve(signal ?? code ?? -1);
    }),
  );
  return {
    process: child,
    started,
    finished,
    logs,
    exited,
    get pausedAt() {
      return paused;
    },
    until(predicate, what, timeoutMs = 30_000) {
      const waiter = condition(timeoutMs);
      waiters.push(waiter);
      return waiter.until(predicate, what).catch((error: Error) => {
        throw new Error(
          `${error.message}\n--- worker output ---\n${logs.join('\n').slice(-3_000)}`,
        );
      });
    },
  };
}

/** Every position from 1 to `head` reported finished by one of the children. */
export const allFinished = (children: readonly WorkerChild[], head: number): boolean => {
  for (let position = 1; position <= head; position++)
    if (!children.some((child) => child.finished.has(position))) return false;
  return true;
};
