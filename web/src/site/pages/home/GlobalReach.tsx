import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Flag } from '../../components/Flag';
import { ContentSection } from '../../components/Section';
import { revealProps } from '../../motion/useRevealOnScroll';
import { MAP_VIEW, REACH_LOCATIONS } from './content';

// Leaflet is only downloaded when the map is about to scroll into view.
const GlobalReachMap = lazy(() => import('./GlobalReachMap'));

/** True once the element comes within `margin` of the viewport (then stays true). */
function useNearViewport(margin: string) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [margin]);
  return { ref, near };
}

export function GlobalReach() {
  const { ref, near } = useNearViewport('400px 0px');
  return (
    <ContentSection
      id="reach-title"
      className="global-reach"
      eyebrow="Global reach"
      title="Where our cargo comes from"
      lead="Our main sourcing origins. Select a marker to see what we ship from there."
    >
      <div
        ref={ref}
        className="global-reach__map"
        style={{ height: MAP_VIEW.heightPx }}
        role="region"
        aria-label="Map of our sourcing origins"
      >
        {near && (
          <Suspense fallback={null}>
            <GlobalReachMap />
          </Suspense>
        )}
      </div>
      <ul className="global-reach__legend" aria-label="Sourcing origins">
        {REACH_LOCATIONS.map(({ country, code, focus }, index) => (
          <li key={code} className="global-reach__origin" {...revealProps(index)}>
            <Flag code={code} />
            <span>
              <strong>{country}</strong>
              <span className="global-reach__focus">{focus}</span>
            </span>
          </li>
        ))}
      </ul>
    </ContentSection>
  );
}
