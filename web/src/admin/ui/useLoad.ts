import { useCallback, useEffect, useState } from 'react';

export type Loaded<T> =
  { status: 'loading'; data: T | null } | { status: 'error'; data: T | null; error: string } | { status: 'ready'; data: T };

/**
 * Runs `load` whenever a dependency changes or `retry` is called, keeping the previous data on
 * screen while the next answer is on its way; an answer that arrives after a newer request
 * started is dropped.
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> & { retry: () => void } {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading', data: null });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    let current = true;
    setState((previous) => ({ status: 'loading', data: previous.data }));
    load().then(
      (data) => current && setState({ status: 'ready', data }),
      (error: unknown) =>
        current &&
        setState((previous) => ({
          status: 'error',
          data: previous.data,
          error: error instanceof Error ? error.message : String(error),
        })),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists what `load` depends on
  }, [...deps, attempt]);
  return { ...state, retry };
}
