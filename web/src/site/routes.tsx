/**
 * The public routes. Every page is its own lazily loaded chunk; `source` names the module so
 * the prerender can preload the chunk and its CSS for the route's HTML.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface SitePage {
  path: string;
  /** Module path relative to web/, as Vite's manifest names it. */
  source: string;
  Page: LazyExoticComponent<ComponentType>;
  /** 'site' renders inside the top bar and footer; 'bare' alone (embeddable forms). */
  chrome: 'site' | 'bare';
  /** Left out of the sitemap (pages only a mail's link leads to). */
  unlisted?: true;
}

/** The newsletter links' landing pages: one module (docs/mail.md#newsletter). */
const NEWSLETTER_PAGE = lazy(() => import('./pages/newsletter/NewsletterPage'));

export const SITE_PAGES: SitePage[] = [
  { path: '/', source: 'src/site/pages/home/HomePage.tsx', Page: lazy(() => import('./pages/home/HomePage')), chrome: 'site' },
  {
    path: '/about',
    source: 'src/site/pages/about/AboutPage.tsx',
    Page: lazy(() => import('./pages/about/AboutPage')),
    chrome: 'site',
  },
  {
    path: '/contact',
    source: 'src/site/pages/contact/ContactPage.tsx',
    Page: lazy(() => import('./pages/contact/ContactPage')),
    chrome: 'site',
  },
  {
    path: '/commodity-inquiry',
    source: 'src/site/forms/commodity-inquiry/CommodityInquiryPage.tsx',
    Page: lazy(() => import('./forms/commodity-inquiry/CommodityInquiryPage')),
    chrome: 'site',
  },
  {
    path: '/supplier-inquiry',
    source: 'src/site/forms/supplier-offer/SupplierOfferPage.tsx',
    Page: lazy(() => import('./forms/supplier-offer/SupplierOfferPage')),
    chrome: 'site',
  },
  {
    path: '/embed/commodity-inquiry',
    source: 'src/site/forms/embed/EmbedCommodityInquiryPage.tsx',
    Page: lazy(() => import('./forms/embed/EmbedCommodityInquiryPage')),
    chrome: 'bare',
  },
  {
    path: '/embed/supplier-inquiry',
    source: 'src/site/forms/embed/EmbedSupplierOfferPage.tsx',
    Page: lazy(() => import('./forms/embed/EmbedSupplierOfferPage')),
    chrome: 'bare',
  },
  ...['/newsletter/confirmed', '/newsletter/unsubscribed', '/newsletter/link-expired'].map((path): SitePage => ({
    path,
    source: 'src/site/pages/newsletter/NewsletterPage.tsx',
    Page: NEWSLETTER_PAGE,
    chrome: 'site',
    unlisted: true,
  })),
];
