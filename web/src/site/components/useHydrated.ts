import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False in the prerendered HTML and while React hydrates it, true from then on. The page is
 * painted before its script arrives (see main.tsx): controls that need the script stay disabled
 * until it runs, so a click is never lost and nothing typed is overwritten by the hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
