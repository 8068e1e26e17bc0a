import { existsSync, readdirSync, readFileSync } from 'node:fs';

/**
 * The names the OS shows for this process's threads (Linux: /proc), which the bench reports CPU
 * time by; null where the OS does not show them. Test support only.
 */
export function osThreadNames(): string[] | null {
  if (!existsSync('/proc/self/task')) return null;
  return readdirSync('/proc/self/task').map((task) =>
    readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim(),
  );
}

/**
 * The nice value of each of this process's threads by the name the OS shows (Linux: /proc; the
 * 19th field of a thread's stat), the calling thread's under `self`; null elsewhere. Test support
 * only.
 */
export function osThreadNiceValues(): { self: number; byName: Map<string, number> } | null {
  if (!existsSync('/proc/self/task')) return null;
  const niceOf = (statFile: string): number => {
    const stat = readFileSync(statFile, 'utf8');
    // The fields after the name, which may hold spaces and parentheses: the state is the 3rd.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[19 - 3]);
  };
  const byName = new Map<string, number>();
  for (const task of readdirSync('/proc/self/task'))
    byName.set(
      readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim(),
      niceOf(`/proc/self/task/${task}/stat`),
    );
  return { self: niceOf('/proc/thread-self/stat'), byName };
}
