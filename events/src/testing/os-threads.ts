import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** A thread of this process as the OS shows it: its name and its niceness (scheduling). */
export interface OsThread {
  readonly name: string;
  readonly niceness: number;
}

/**
 * This process's threads (Linux: /proc), whose names the bench reports CPU time by; null where
 * the OS does not show them. Test support only.
 */
export function osThreads(): OsThread[] | null {
  if (!existsSync('/proc/self/task')) return null;
  return readdirSync('/proc/self/task').map((task) => {
    const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
    // proc(5): the name is between the first '(' and the last ')' (it may hold either); the
    // fields after it start at the third, the state: the niceness is the 19th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      name: readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim(),
      niceness: Number(fields[19 - 3]),
    };
  });
}

/** The names of this process's threads (see osThreads); null where the OS does not show them. */
export function osThreadNames(): string[] | null {
  return osThreads()?.map(({ name }) => name) ?? null;
}

/** The niceness of this process's threads of that name (see osThreads). */
export const osThreadNiceness = (name: string): number[] =>
  (osThreads() ?? []).filter((thread) => thread.name === name).map(({ niceness }) => niceness);
