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
