/** A failed load or command, said plainly, with a way to try again. */
export function ErrorMessage({
  title = 'Something went wrong',
  message,
  onRetry,
}: {
  title?: string;
  message: string;
  onRetry?: () => void;
}) {
  return (
    <div className="error-message" role="alert">
      <p className="error-message__title">{title}</p>
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="button button--outline" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
