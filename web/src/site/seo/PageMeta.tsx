import { createContext, useContext, useEffect } from 'react';
import { applyHeadTag, documentTitle, pageHeadTags, type PageMetaInput } from './head-tags';

/** Filled during prerendering with the metadata of the page being rendered. */
export interface HeadCollector {
  page?: PageMetaInput;
}

export const HeadCollectorContext = createContext<HeadCollector | null>(null);

/**
 * Sets the page's title, description and canonical URL (plus their social twins). Render it once
 * at the top of every page: the prerender writes it into the HTML, the browser keeps it current.
 */
export function PageMeta(props: PageMetaInput) {
  const collector = useContext(HeadCollectorContext);
  if (collector) collector.page = props;
  const { title, description, path } = props;

  useEffect(() => {
    document.title = documentTitle(title);
    for (const tag of pageHeadTags({ title, description, path })) applyHeadTag(document.head, tag);
  }, [title, description, path]);

  return null;
}
