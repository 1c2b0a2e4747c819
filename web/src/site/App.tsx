import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { SiteLayout } from './layout/SiteLayout';
import { ScrollToTopOnRouteChange } from './layout/ScrollToTopOnRouteChange';
import NotFoundPage from './pages/not-found/NotFoundPage';
import { SITE_PAGES } from './routes';

/** The public site: routes inside the site layout, embeddable forms alone (each layout brings its toasts). */
export function App() {
  return (
    <>
      <ScrollToTopOnRouteChange />
      <Routes>
        <Route element={<SiteLayout />}>
          {SITE_PAGES.filter((p) => p.chrome === 'site').map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        {SITE_PAGES.filter((p) => p.chrome === 'bare').map(({ path, Page }) => (
          <Route
            key={path}
            path={path}
            element={
              <Suspense fallback={null}>
                <Page />
              </Suspense>
            }
          />
        ))}
      </Routes>
    </>
  );
}
