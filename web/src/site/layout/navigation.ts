/** Scrolling helpers shared by the top bar, footer and home page. */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { COMMODITIES_SECTION_ID, type HomeNavigationState } from '../navigation-state';

export const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** 'smooth', unless the visitor asked the system for less motion. */
export const scrollBehavior = (): ScrollBehavior => (prefersReducedMotion() ? 'auto' : 'smooth');

export const scrollToTop = () => window.scrollTo({ top: 0, left: 0, behavior: scrollBehavior() });

export function scrollToSection(id: string): boolean {
  const section = document.getElementById(id);
  if (!section) return false;
  section.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  return true;
}

/**
 * The Commodities link: on home it scrolls to the section; elsewhere it goes home with a flag
 * that makes home scroll there once it has rendered.
 */
export function useGoToCommodities() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return useCallback(() => {
    if (pathname === '/') scrollToSection(COMMODITIES_SECTION_ID);
    else void navigate('/', { state: { scrollTo: 'commodities' } satisfies HomeNavigationState });
  }, [pathname, navigate]);
}
