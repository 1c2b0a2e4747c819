/** Starts the site: hydrates the prerendered page (the dev server sends an empty root: renders it). */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { SITE_PAGES } from './routes';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

/** The page's module, loaded before hydrating so the page hydrates at once (see LazyPage). */
const currentPage = SITE_PAGES.find((p) => p.path === window.location.pathname);

// As a transition, hydration works in short slices and lets the browser answer input in between;
// a click on a part not yet hydrated makes React hydrate that part first. Until then the
// prerendered page works as HTML (links, in-page anchors).
if (container.firstElementChild) {
  const hydrate = () => startTransition(() => void hydrateRoot(container, app));
  void (currentPage?.Page.preload() ?? Promise.resolve()).then(hydrate, hydrate);
} else createRoot(container).render(app);
