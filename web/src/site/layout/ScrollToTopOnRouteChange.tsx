import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { HomeNavigationState } from '../navigation-state';
import { scrollToTop } from './navigation';

/** Every route change scrolls smoothly to the top, unless it asks home to scroll to a section. */
export function ScrollToTopOnRouteChange() {
  const { pathname, state } = useLocation() as { pathname: string; state: HomeNavigationState | null };
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (state?.scrollTo) return;
    scrollToTop();
    // Only a change of page scrolls; the state is read for the page being entered.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new state on the same page must not scroll
  }, [pathname]);
  return null;
}
