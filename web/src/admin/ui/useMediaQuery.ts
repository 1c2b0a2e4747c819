import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, kept up to date as the window resizes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** The md breakpoint: below it the sidebar collapses (docs/admin.md#layout) and lists become cards (#list-behaviour). */
export const NARROW_SCREEN = '(max-width: 767.98px)';
