/**
 * The public routes. Every page is its own lazily loaded chunk; `source` names the module so
 * the prerender can preload the chunk and its CSS for the route's HTML.
 */
import { lazy, type ComponentType } from 'react';

/** A page loaded on demand, whose module can be loaded ahead of its first render. */
export interface LazyPage {
  (): React.JSX.Element;
  /**
   * Loads the page's module; once loaded the page renders without suspending. The site loads the
   * current page's module before it hydrates (start.tsx): a page that suspended while hydrating
   * would leave its prerendered HTML dehydrated, and any update reaching it then (a click on an
   * in-page link changes the location) makes React throw that HTML away and render it again,
   * losing the click and the scroll.
   */
  preload: () => Promise<void>;
}

function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let Loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      Loaded = module.default;
    });
  const Suspending = lazy(() => preload().then(() => ({ default: Loaded! })));
  return Object.assign(() => (Loaded ? <Loaded /> : <Suspending />), { preload });
}

export interface SitePage {
  path: string;
  /** Module path relative to web/, as Vite's manifest names it. */
  source: string;
  Page: LazyPage;
  /** 'site' renders inside the top bar and footer; 'bare' alone (embeddable forms). */
  chrome: 'site' | 'bare';
  /** Left out of the sitemap (pages only a mail's link leads to). */
  unlisted?: true;
}

/** The newsletter links' landing pages: one module (docs/mail.md#newsletter). */
const NEWSLETTER_PAGE = lazyPage(() => import('./pages/newsletter/NewsletterPage'));

export const SITE_PAGES: SitePage[] = [
  {
    path: '/',
    source: 'src/site/pages/home/HomePage.tsx',
    Page: lazyPage(() => import('./pages/home/HomePage')),
    chrome: 'site',
  },
  {
    path: '/about',
    source: 'src/site/pages/about/AboutPage.tsx',
    Page: lazyPage(() => import('./pages/about/AboutPage')),
    chrome: 'site',
  },
  {
    path: '/contact',
    source: 'src/site/pages/contact/ContactPage.tsx',
    Page: lazyPage(() => import('./pages/contact/ContactPage')),
    chrome: 'site',
  },
  {
    path: '/commodity-inquiry',
    source: 'src/site/forms/commodity-inquiry/CommodityInquiryPage.tsx',
    Page: lazyPage(() => import('./forms/commodity-inquiry/CommodityInquiryPage')),
    chrome: 'site',
  },
  {
    path: '/supplier-inquiry',
    source: 'src/site/forms/supplier-offer/SupplierOfferPage.tsx',
    Page: lazyPage(() => import('./forms/supplier-offer/SupplierOfferPage')),
    chrome: 'site',
  },
  {
    path: '/embed/commodity-inquiry',
    source: 'src/site/forms/embed/EmbedCommodityInquiryPage.tsx',
    Page: lazyPage(() => import('./forms/embed/EmbedCommodityInquiryPage')),
    chrome: 'bare',
  },
  {
    path: '/embed/supplier-inquiry',
    source: 'src/site/forms/embed/EmbedSupplierOfferPage.tsx',
    Page: lazyPage(() => import('./forms/embed/EmbedSupplierOfferPage')),
    chrome: 'bare',
  },
  ...['/newsletter/confirmed', '/newsletter/unsubscribed', '/newsletter/not-subscribed', '/newsletter/link-expired'].map(
    (path): SitePage => ({
      path,
      source: 'src/site/pages/newsletter/NewsletterPage.tsx',
      Page: NEWSLETTER_PAGE,
      chrome: 'site',
      unlisted: true,
    }),
  ),
];
