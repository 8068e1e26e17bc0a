import { queryErrorMessage } from '@/lib/api-client.ts';
import type { CombinedError } from 'urql';
import { ErrorMessage } from '@/components/ui/error-message.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';

/** Spinner while the first answer is on its way, a plain message if it failed. */
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
