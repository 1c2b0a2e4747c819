import { useEffect, type CSSProperties, type RefObject } from 'react';
import { prefersReducedMotion } from '../layout/navigation';

/** docs/site.md#motion: scroll animations last 800 ms (in CSS), run once, with a 100 ms stagger per card. */
export const REVEAL_STAGGER_MS = 100;

/** Marks an element to fade in when scrolled into view; `index` staggers cards of one grid. */
export const revealProps = (index = 0) => ({
  'data-reveal': '',
  style: { '--reveal-delay': `${index * REVEAL_STAGGER_MS}ms` } as CSSProperties,
});

/**
 * Animates the `[data-reveal]` elements under `root` the first time each scrolls into view.
 * Only elements still below the fold are hidden (so nothing visible blinks), and nothing moves
 * when the visitor prefers reduced motion.
 */
export function useRevealOnScroll(root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const container = root.current;
    if (!container || prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          (entry.target as HTMLElement).dataset.reveal = 'shown';
          observer.unobserve(entry.target);
        }
      },
      { rootMargin: '0px 0px -8% 0px' },
    );
    for (const element of container.querySelectorAll<HTMLElement>('[data-reveal]')) {
      if (element.getBoundingClientRect().top < window.innerHeight) continue;
      element.dataset.reveal = 'hidden';
      observer.observe(element);
    }
    return () => observer.disconnect();
  }, [root]);
}
