import type { CombinedError } from 'urql';
import { queryErrorMessage } from '@/lib/api-client.ts';
import { ErrorMessage } from './error-message.tsx';
import { Spinner } from './spinner.tsx';

/**
 * What a read shows before its first answer: a spinner, or a plain message with 'Try again' if it
 * failed. `what` names the data ('Your orders': 'Loading your orders…').
 */
export function LoadState({
  what,
  error,
  onRetry,
}: {
  what: string;
  error: CombinedError | undefined;
  onRetry: () => void;
}) {
  if (error) {
    return (
      <ErrorMessage
        title={`${what} could not be loaded`}
        message={queryErrorMessage(error)}
        onRetry={onRetry}
      />
    );
  }
  return <Spinner label={`Loading ${what.toLowerCase()}…`} />;
}
