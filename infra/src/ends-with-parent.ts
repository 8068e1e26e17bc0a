import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

/**
 * A module to load (`node --import <it>`) into a child process before its own code: the parent
 * holds the other end of the child's stdin, so when the parent ends, however (SIGKILL included,
 * which it cannot handle), the pipe closes and the child is sent `signal`, as on Ctrl-C or a
 * supervisor's stop; should its own shutdown hang, it exits anyway after `graceMs`. Spawn the
 * child with its stdin a pipe (`stdio: ['pipe', ...]`).
 */
export function endsWithParentModule(signal: 'SIGINT' | 'SIGTERM', graceMs: number): string {
  const code = [
    `const stop = () => { process.kill(process.pid, '${signal}'); setTimeout(() => process.exit(1), ${graceMs}).unref(); };`,
    "process.stdin.once('end', stop);",
    "process.stdin.once('error', stop);",
    'process.stdin.resume();',
  ].join('\n');
  return `data:text/javascript,${encodeURIComponent(code)}`;
}

/**
 * Spawns a program that is not Node (redis-server, FerretDB), its output piped to this process, so
 * that it is sent `parentDeathSignal` when this process ends, however it ended: Linux's
 * parent-death signal, which util-linux's setpriv sets before it runs the program in its own place
 * (the same pid, so signals sent to the child reach the program). A program that is not installed
 * makes setpriv exit with `notInstalled`.
 */
export function spawnEndingWithParent(
  command: string,
  args: readonly string[],
  parentDeathSignal: 'SIGTERM' | 'SIGINT',
  options: {
    /** A user to run the program as (from root: PostgreSQL refuses to run as root). */
    readonly user?: string;
  } = {},
): ChildProcessByStdio<null, Readable, Readable> {
  const asUser = options.user ? setprivAsUser(options.user) : [];
  return spawn(
    'setpriv',
    [...asUser, '--pdeathsig', parentDeathSignal.replace(/^SIG/, ''), '--', command, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

/** setpriv's exit code when the program it was to run cannot be run. */
export const notInstalled = 127;

/** setpriv's options that run its program as `user`, with that user's groups. */
export const setprivAsUser = (user: string): string[] => [
  `--reuid=${user}`,
  `--regid=${user}`,
  '--init-groups',
];
