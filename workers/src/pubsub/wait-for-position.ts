import type { ReadStore } from '../read-models.ts';
import type { ChangePubSub } from './port.ts';
import { appliedTopic } from './topics.ts';

/**
 * Read-your-writes: resolves true once the read store has applied `position` (the position a
 * command's append returned), or false when `timeoutMs` passes first. It asks the read store again
 * after each `applied` notification instead of polling; a last look at the deadline covers a lost
 * notification.
 */
export async function waitForPosition(
  readStore: Pick<ReadStore, 'hasApplied'>,
  pubsub: ChangePubSub,
  position: number,
  timeoutMs: number,
): Promise<boolean> {
  if (await readStore.hasApplied(position)) return true;
  return new Promise<boolean>((resolve, reject) => {
    let settled = false;
    let checking = false;
    let recheck = false;
    let unsubscribe: (() => Promise<void>) | undefined;
    const finish = (outcome: boolean | Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void unsubscribe?.();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    // One question to the store at a time; notifications arriving meanwhile ask once more after it.
    const check = async (): Promise<void> => {
      if (checking) {
        recheck = true;
        return;
      }
      checking = true;
      try {
        do {
          recheck = false;
          if (await readStore.hasApplied(position)) return finish(true);
        } while (recheck && !settled);
      } catch (error) {
        finish(error instanceof Error ? error : new Error(String(error)));
      } finally {
        checking = false;
      }
    };
    const timer = setTimeout(() => {
      void readStore.hasApplied(position).then(
        (applied) => finish(applied),
        () => finish(false),
      );
    }, timeoutMs);
    pubsub
      .subscribe(appliedTopic, () => void check())
      .then(
        (stop) => {
          unsubscribe = stop;
          if (settled) void stop();
          // Applied between the first look and the subscription: no notification will come for it.
          else void check();
        },
        (error: unknown) => finish(error instanceof Error ? error : new Error(String(error))),
      );
  });
}
