import { inject } from 'vitest';
import type { SeededAccount } from '../../../src/demo/seed-demo-data.ts';
import type { EmbeddedStackUrls } from '../../../src/embedded-stack.ts';

/** What a journey file knows of the shared stack (see journey-stack.global-setup.ts). */
export interface JourneyStack {
  readonly urls: EmbeddedStackUrls;
  readonly accounts: readonly SeededAccount[];
}

/** The run's embedded stack, started by the first journey file that asks. */
export async function journeyStack(): Promise<JourneyStack> {
  const response = await fetch(inject('journeyStackUrl'), { method: 'POST' });
  if (!response.ok) throw new Error(`The embedded stack did not start:\n${await response.text()}`);
  return (await response.json()) as JourneyStack;
}

export function demoAccount(stack: JourneyStack, role: SeededAccount['role']): SeededAccount {
  const account = stack.accounts.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`No demo ${role} account`);
  return account;
}
