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
