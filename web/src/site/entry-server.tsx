/** Prerender entry (built by scripts/prerender.mjs): renders one route to HTML and its head tags. */
import { PassThrough } from 'node:stream';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './App';
import { HeadCollectorContext, type HeadCollector } from './seo/PageMeta';
import { defaultHeadTags, headTagHtml, jsonLdHtml, organizationJsonLd, pageHeadTags, titleHtml } from './seo/head-tags';

export { NOT_FOUND_PATH } from './navigation-state';
export { SITE_PAGES } from './routes';
export { pageModulesScript } from './page-modules';
import { SITE } from './site-config';
export { SITE_ORIGIN } from './site-config';

export interface RenderedPage {
  html: string;
  head: string;
}

async function renderOnce(url: string, collector: HeadCollector): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <HeadCollectorContext value={collector}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </HeadCollectorContext>
    </StrictMode>,
    // Never split large boundaries into later chunks: those need inline scripts (see below).
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** React's marker of a Suspense boundary whose content follows later, revealed by an inline script. */
const PENDING_BOUNDARY = '<!--$?-->';

export async function render(url: string): Promise<RenderedPage> {
  const collector: HeadCollector = {};
  // A React.lazy page resolves only after a first render has asked for it; until then React
  // streams it out of order with inline scripts, which the site's CSP forbids. The second
  // render finds the page loaded and writes it in place.
  let html = await renderOnce(url, collector);
  if (html.includes(PENDING_BOUNDARY)) html = await renderOnce(url, collector);
  if (html.includes(PENDING_BOUNDARY)) throw new Error(`${url}: a Suspense boundary is still pending after prerendering`);
  // A page without PageMeta still gets a title, description and canonical of its own path.
  const page = collector.page ?? { title: SITE.tagline, description: SITE.description, path: url };
  const head = [
    titleHtml(page.title),
    ...pageHeadTags(page).map(headTagHtml),
    ...defaultHeadTags().map(headTagHtml),
    jsonLdHtml(organizationJsonLd()),
  ].join('\n    ');
  return { html, head };
}
