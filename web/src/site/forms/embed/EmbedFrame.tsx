import { useEffect, useRef, type ReactNode } from 'react';
import { PageMeta } from '../../seo/PageMeta';
import { SiteToaster } from '../../toaster';

/** The message an embedded form posts to its parent page whenever its height changes. */
export const EMBED_HEIGHT_MESSAGE = 'sourcing:embed-height';

export interface EmbedHeightMessage {
  type: typeof EMBED_HEIGHT_MESSAGE;
  height: number;
}

/**
 * An embeddable form alone (no top bar or footer) that tells the page framing it how tall it is,
 * so the partner's iframe can fit it without a scrollbar. The height is not secret, so any
 * parent may read it; which origins may frame us at all is the server's CSP frame-ancestors.
 */
export function EmbedFrame({
  meta,
  children,
}: {
  meta: { title: string; description: string; path: string };
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || window.parent === window) return;
    let reported = 0;
    const report = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === reported) return;
      reported = height;
      const message: EmbedHeightMessage = { type: EMBED_HEIGHT_MESSAGE, height };
      window.parent.postMessage(message, '*');
    };
    const observer = new ResizeObserver(report);
    observer.observe(element);
    report();
    return () => observer.disconnect();
  }, []);

  return (
    <>
      <main ref={ref} className="embed-main">
        {/* Canonical is the site's own form page, so search engines do not index the embed twice. */}
        <PageMeta {...meta} />
        {children}
      </main>
      <SiteToaster belowTopBar={false} />
    </>
  );
}
