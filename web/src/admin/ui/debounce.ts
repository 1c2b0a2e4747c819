/** A debounced action: it runs with the last value given once calls have stopped for `ms`. */
export interface Debounced<T> {
  (value: T): void;
  /** Drops the pending run, if any (a change from elsewhere has won). */
  cancel: () => void;
}

/**
 * Debounces an action rather than a value: each input schedules its own run, so typing a text
 * again right after it was cleared from elsewhere still applies it (a debounced value would not
 * change, and nothing would run).
 */
export function debounce<T>(action: (value: T) => void, ms: number): Debounced<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return Object.assign(
    (value: T) => {
      cancel();
      timer = setTimeout(() => {
        timer = undefined;
        action(value);
      }, ms);
    },
    { cancel },
  );
}
