import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Answers a fake server holds back until the test lets them go, as a busy server's would:
 * `hold(answer)` is what a fake operation returns.
 */
export function heldAnswers() {
  const held: (() => void)[] = [];
  return {
    hold: <T>(answer: T): Promise<T> => new Promise((resolve) => held.push(() => resolve(answer))),
    /** Waits until exactly one read waits for its answer (none overlaps it), then answers it. */
    async answerTheOneRead(): Promise<void> {
      await waitFor(() => expect(held).toHaveLength(1));
      held.shift()?.();
    },
  };
}
