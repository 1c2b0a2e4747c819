import { describe, expect, it } from 'vitest';
import { isEmbedOrigin } from './embed-origins';

/** EMBED_ORIGINS read as the browser reads frame-ancestors sources (CSP host-source matching). */
describe('isEmbedOrigin', () => {
  const listed = ['https://partner.example', 'https://*.shops.example', 'http://legacy.example', 'https://ports.example:8443'];
  const cases: [string, boolean][] = [
    ['https://partner.example', true],
    ['https://PARTNER.example', true],
    ['https://partner.example:443', true],
    ['http://partner.example', false],
    ['https://www.partner.example', false],
    ['https://partner.example.evil.example', false],
    // A wildcard: any subdomain, however deep, never the domain itself or a look-alike.
    ['https://eu.shops.example', true],
    ['https://a.b.shops.example', true],
    ['https://shops.example', false],
    ['https://evilshops.example', false],
    ['http://eu.shops.example', false],
    ['https://eu.shops.example:8443', false],
    // http lets https in, as CSP does; not the other way round.
    ['http://legacy.example', true],
    ['https://legacy.example', true],
    ['https://ports.example:8443', true],
    ['https://ports.example', false],
    ['not an origin', false],
    ['', false],
  ];
  it.each(cases)('%s → %s', (origin, framed) => {
    expect(isEmbedOrigin(origin, listed)).toBe(framed);
  });

  it('a port wildcard takes any port; an entry that is no origin matches nothing', () => {
    expect(isEmbedOrigin('https://dev.example:5173', ['https://dev.example:*'])).toBe(true);
    expect(isEmbedOrigin('https://partner.example', ['partner.example', '*', 'https://partner.example/path'])).toBe(false);
  });
});
