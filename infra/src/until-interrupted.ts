import type { SeededAccount } from './demo/seed-demo-data.ts';

/**
 * The end of `npm start` and `npm run start:distributed`: lists the demo accounts, then keeps the
 * stack running until Ctrl-C (or SIGTERM), which stops it.
 */
export function runUntilInterrupted(
  stack: { readonly accounts: readonly SeededAccount[]; stop(): Promise<void> },
  log: (line: string) => void,
  stopping: string,
): void {
  log('Demo accounts:');
  for (const account of stack.accounts)
    log(`  ${account.role.padEnd(7)} ${account.email.padEnd(22)} password: ${account.password}`);
  log('Press Ctrl-C to stop.');
  let stopped = false;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    log(stopping);
    void stack.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
