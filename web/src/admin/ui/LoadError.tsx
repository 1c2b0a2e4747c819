/** A failed load: its message, and a way to try again without reloading the app. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="load-error">
      <p className="state-error" role="alert">
        {message}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

/**
 * A read's failure to show with LoadError: none while it is read again (Retry, a live refresh),
 * which shows as loading, and none for a further page, whose failure is a toast.
 */
export const failureOf = (read: { error: Error | null; isFetching: boolean; isFetchNextPageError?: boolean }): Error | null =>
  read.isFetching || read.isFetchNextPageError ? null : read.error;
