/** Prerender entry (built by scripts/prerender.mjs): renders one route to HTML and its head tags. */
import { PassThrough } from 'node:stream';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './App';
import { HeadCollectorContext, type HeadCollector } from './seo/PageMeta';
import { defaultHeadTags, headTagHtml, jsonLdHtml, organizationJsonLd, pageHeadTags, titleHtml } from './seo/head-tags';

export { NOT_FOUND_PATH, SITE_PAGES } from './routes';
import { SITE } from './site-config';
export { SITE_ORIGIN } from './site-config';

export interface RenderedPage {
  html: string;
  head: string;
}

export async function render(url: string): Promise<RenderedPage> {
  const collector: HeadCollector = {};
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <HeadCollectorContext value={collector}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </HeadCollectorContext>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(chunk as Buffer);
  // A page without PageMeta still gets a title, description and canonical of its own path.
  const page = collector.page ?? { title: SITE.tagline, description: SITE.description, path: url };
  const head = [
    titleHtml(page.title),
    ...pageHeadTags(page).map(headTagHtml),
    ...defaultHeadTags().map(headTagHtml),
    jsonLdHtml(organizationJsonLd()),
  ].join('\n    ');
  return { html: Buffer.concat(chunks).toString('utf8'), head };
}
