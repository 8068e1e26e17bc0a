import { inject } from 'vitest';
import type { SeededAccount } from '../../../src/demo/seed-demo-data.ts';
import type { EmbeddedStackUrls } from '../../../src/embedded-stack.ts';
import { askStack } from '../../support/stack-control.ts';

/** What a journey file knows of the shared stack (see journey-stack.global-setup.ts). */
export interface JourneyStack {
  readonly urls: EmbeddedStackUrls;
  readonly accounts: readonly SeededAccount[];
  /** The stack's DATA_DIR: what the erasure journey searches for a deleted user's data. */
  readonly dataDir: string;
}

/** The run's stack, started by the first journey file that asks. */
export const journeyStack = (): Promise<JourneyStack> =>
  askStack<JourneyStack>(inject('journeyStackUrl'));

export function demoAccount(stack: JourneyStack, role: SeededAccount['role']): SeededAccount {
  const account = stack.accounts.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`No demo ${role} account`);
  return account;
}
