import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { SiteToaster } from '../toaster';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

/** Fixed top bar, the page, the footer. Form pages and all public pages render inside it. */
export function SiteLayout() {
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar />
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <SiteToaster belowTopBar />
    </div>
  );
}
