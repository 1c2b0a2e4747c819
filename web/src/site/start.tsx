/** Starts the site: hydrates the prerendered page (the dev server sends an empty root: renders it). */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// As a transition, hydration works in short slices and lets the browser answer input in between;
// a click on a part not yet hydrated makes React hydrate that part first.
if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
