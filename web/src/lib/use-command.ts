import { useCallback, useState } from 'react';
import { errorMessage, newIdempotencyKey } from './api-client.ts';
import { notify } from './toast.tsx';

/**
 * Runs a REST command with a fresh Idempotency-Key, toasts its success message or the server's
 * error, and reports whether it succeeded. Live queries re-run on their own: the api client
 * records the answer's position.
 */
export function useCommand<Args extends unknown[]>(
  command: (idempotencyKey: string, ...args: Args) => Promise<unknown>,
  successMessage: (...args: Args) => string | null,
) {
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (...args: Args): Promise<boolean> => {
      setBusy(true);
      try {
        await command(newIdempotencyKey(), ...args);
        const message = successMessage(...args);
        if (message) notify.success(message);
        return true;
      } catch (error) {
        notify.error(errorMessage(error));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [command, successMessage],
  );
  return [run, busy] as const;
}
