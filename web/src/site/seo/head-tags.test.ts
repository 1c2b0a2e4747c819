import { describe, expect, it } from 'vitest';
import { absoluteUrl, SITE_ORIGIN } from '../site-config';
import { normaliseOrigin, DEFAULT_SITE_ORIGIN } from '../site-origin';
import { documentTitle, headTagHtml, jsonLdHtml, organizationJsonLd, pageHeadTags, titleHtml } from './head-tags';

describe('page head tags', () => {
  const tags = pageHeadTags({ title: 'About Us', description: 'Who we are.', path: '/about' });
  const find = (key: string, value: string) => tags.find((t) => t.key[key] === value)?.value;

  it('gives the canonical URL and social URL under the site origin', () => {
    expect(find('rel', 'canonical')).toEqual({ href: `${SITE_ORIGIN}/about` });
    expect(find('property', 'og:url')).toEqual({ content: `${SITE_ORIGIN}/about` });
    expect(absoluteUrl('/')).toBe(`${SITE_ORIGIN}/`);
  });

  it('titles every page with the brand and repeats title and description for social cards', () => {
    expect(documentTitle('About Us')).toBe('About Us | Indus Global Sourcing');
    expect(find('property', 'og:title')).toEqual({ content: 'About Us | Indus Global Sourcing' });
    expect(find('name', 'description')).toEqual({ content: 'Who we are.' });
    expect(find('name', 'twitter:description')).toEqual({ content: 'Who we are.' });
  });

  it('escapes text so a title or description cannot break out of its tag', () => {
    expect(titleHtml('A < B & C')).toBe('<title>A &lt; B &amp; C | Indus Global Sourcing</title>');
    expect(headTagHtml({ tag: 'meta', key: { name: 'description' }, value: { content: 'say "hi" <b>' } })).toBe(
      '<meta name="description" content="say &quot;hi&quot; &lt;b>">',
    );
  });

  it('writes the Organization JSON-LD so no value can close its script element', () => {
    const html = jsonLdHtml({ ...organizationJsonLd(), name: '</script><script>alert(1)</script>' });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = html.slice('<script type="application/ld+json">'.length, -'</script>'.length);
    expect(JSON.parse(json)).toMatchObject({ '@type': 'Organization', name: '</script><script>alert(1)</script>' });
  });
});

describe('site origin', () => {
  it('drops trailing slashes and falls back to the default origin', () => {
    expect(normaliseOrigin('https://example.com///')).toBe('https://example.com');
    expect(normaliseOrigin(undefined)).toBe(DEFAULT_SITE_ORIGIN);
    expect(normaliseOrigin('  ')).toBe(DEFAULT_SITE_ORIGIN);
  });
});
