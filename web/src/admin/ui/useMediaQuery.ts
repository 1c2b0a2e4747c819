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

/** SPEC's md breakpoint: below it the sidebar collapses and lists become cards. */
export const NARROW_SCREEN = '(max-width: 767.98px)';
