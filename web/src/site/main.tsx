/**
 * The site's entry, all the page waits for besides its HTML and styles. The prerendered HTML is
 * complete, so the app (React, the router, the page's own code) is fetched only once the page
 * has painted: on a slow phone its download and parsing never hold back the first paint. The
 * page's modules, listed by the prerender, are preloaded at that moment too, so hydrating takes
 * one round trip.
 */
import './styles/index.css';
import { PAGE_MODULES_ID } from './page-modules';

/** The modules the prerender listed (none on the dev server). */
const pageModules = () => JSON.parse(document.getElementById(PAGE_MODULES_ID)?.textContent ?? '[]') as string[];

function start() {
  for (const href of pageModules()) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import('./start');
}

let started = false;
const startOnce = () => {
  if (started) return;
  started = true;
  start();
};

/** Runs `then` once the browser reports the page's first contentful paint as presented. */
function afterFirstContentfulPaint(then: () => void) {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(then, 0)); // the frame after the next one has painted
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true });
}

// A hidden tab paints nothing: there the app starts at once (or as soon as the tab is hidden).
if (document.visibilityState === 'hidden') startOnce();
else {
  afterFirstContentfulPaint(startOnce);
  document.addEventListener('visibilitychange', startOnce, { once: true });
}
