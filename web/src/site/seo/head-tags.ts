/**
 * The per-page head tags (title, description, canonical, social title/description/url) as data,
 * so the prerender writes them into the HTML and the browser updates the same tags on navigation.
 */
import { SITE, absoluteUrl } from '../site-config';

export interface PageMetaInput {
  /** Page part of the title; the brand is appended. */
  title: string;
  description: string;
  /** Site path of the canonical URL, e.g. '/about' ('/' for home). */
  path: string;
}

export interface HeadTag {
  tag: 'meta' | 'link';
  /** Attributes that identify the tag in the head (used to find it again). */
  key: Record<string, string>;
  /** Attributes that carry the page's value. */
  value: Record<string, string>;
}

export const documentTitle = (title: string) => `${title} | ${SITE.brand}`;

export function pageHeadTags({ title, description, path }: PageMetaInput): HeadTag[] {
  const url = absoluteUrl(path);
  const fullTitle = documentTitle(title);
  const meta = (attr: 'name' | 'property', name: string, content: string): HeadTag => ({
    tag: 'meta',
    key: { [attr]: name },
    value: { content },
  });
  return [
    meta('name', 'description', description),
    { tag: 'link', key: { rel: 'canonical' }, value: { href: url } },
    meta('property', 'og:title', fullTitle),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('name', 'twitter:title', fullTitle),
    meta('name', 'twitter:description', description),
  ];
}

/** Site-wide defaults: social type, image and site name, and the Organization JSON-LD block. */
export function defaultHeadTags(): HeadTag[] {
  const meta = (attr: 'name' | 'property', name: string, content: string): HeadTag => ({
    tag: 'meta',
    key: { [attr]: name },
    value: { content },
  });
  return [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE.brand),
    meta('property', 'og:image', absoluteUrl(SITE.socialImage)),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '630'),
    meta('property', 'og:image:alt', `${SITE.brand} — ${SITE.tagline}`),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:image', absoluteUrl(SITE.socialImage)),
  ];
}

export function organizationJsonLd(): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE.brand,
    slogan: SITE.tagline,
    description: SITE.description,
    url: absoluteUrl('/'),
    logo: absoluteUrl('/logo.svg'),
    email: SITE.email,
    telephone: SITE.phone.display,
    address: {
      '@type': 'PostalAddress',
      streetAddress: `${SITE.address.street}, ${SITE.address.locality}`,
      addressLocality: SITE.address.city,
      postalCode: SITE.address.postalCode,
      addressCountry: SITE.address.countryCode,
    },
    sameAs: SITE.socials.map((s) => s.href),
  };
}

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function headTagHtml({ tag, key, value }: HeadTag): string {
  const attrs = Object.entries({ ...key, ...value })
    .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
    .join('');
  return `<${tag}${attrs}>`;
}

export const titleHtml = (title: string) => `<title>${escapeText(documentTitle(title))}</title>`;

/** JSON-LD inside a script element: '<' escaped so the text can never close the element. */
export const jsonLdHtml = (data: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

/** Browser side: sets a tag's value, creating the tag when the head lacks it. */
export function applyHeadTag(head: HTMLHeadElement, { tag, key, value }: HeadTag): void {
  const selector =
    tag +
    Object.entries(key)
      .map(([k, v]) => `[${k}="${CSS.escape(v)}"]`)
      .join('');
  let element = head.querySelector(selector);
  if (!element) {
    element = document.createElement(tag);
    for (const [k, v] of Object.entries(key)) element.setAttribute(k, v);
    head.appendChild(element);
  }
  for (const [k, v] of Object.entries(value)) element.setAttribute(k, v);
}
