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
