/**
 * Answers a fake server holds back until the test lets the oldest go, as a busy server's would:
 * `hold(answer)` is what a fake operation returns.
 */
export function heldAnswers() {
  const held: (() => void)[] = [];
  return {
    hold: <T>(answer: T): Promise<T> => new Promise((resolve) => held.push(() => resolve(answer))),
    /** How many answers wait. */
    waiting: (): number => held.length,
    /** Lets the oldest waiting answer go. */
    releaseOldest: (): void => held.shift()?.(),
  };
}
