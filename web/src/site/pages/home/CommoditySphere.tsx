import { useEffect, useState, type CSSProperties } from 'react';
import { SPHERE_COMMODITIES, commodityImage } from '../../assets/commodity-images';

/** docs/site.md#commodity-sphere: radius 175 px, 100 px tiles (1.4× on hover), one turn every 20 s. */
export const SPHERE = { radiusPx: 175, tilePx: 100, hoverScale: 1.4, turnSeconds: 20 } as const;

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

/** Evenly spreads n tiles over the sphere (Fibonacci lattice): longitude and latitude in degrees. */
export function spherePositions(count: number) {
  return Array.from({ length: count }, (_, i) => {
    const y = 1 - ((i + 0.5) / count) * 2;
    return { longitude: ((i * GOLDEN_ANGLE * 180) / Math.PI) % 360, latitude: (Math.asin(y) * 180) / Math.PI };
  });
}

const positions = spherePositions(SPHERE_COMMODITIES.length);

/** True once the page has loaded and the browser is idle: the turning waits so it never slows the first paint. */
function useAfterLoad() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const start = () => {
      if ('requestIdleCallback' in window) requestIdleCallback(() => setLoaded(true), { timeout: 2000 });
      else setTimeout(() => setLoaded(true), 200);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => window.removeEventListener('load', start);
  }, []);
  return loaded;
}

/** The hero's rotating globe of commodity pictures, drawn with CSS 3D transforms. */
export function CommoditySphere() {
  const turning = useAfterLoad();
  const sphereStyle = {
    '--sphere-radius': `${SPHERE.radiusPx}px`,
    '--sphere-tile': `${SPHERE.tilePx}px`,
    '--sphere-hover-scale': SPHERE.hoverScale,
    '--sphere-turn': `${SPHERE.turnSeconds}s`,
  } as CSSProperties;
  return (
    <div className="sphere-stage">
      <ul className={turning ? 'sphere is-turning' : 'sphere'} style={sphereStyle} aria-label="Commodities we source">
        {SPHERE_COMMODITIES.map(({ name, image }, i) => (
          <li
            key={image}
            className="sphere__tile"
            style={
              {
                '--tile-longitude': `${positions[i].longitude}deg`,
                '--tile-latitude': `${positions[i].latitude}deg`,
              } as CSSProperties
            }
          >
            <img
              src={commodityImage(image)}
              alt={name}
              title={name}
              width={SPHERE.tilePx}
              height={SPHERE.tilePx}
              loading="lazy"
              decoding="async"
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
