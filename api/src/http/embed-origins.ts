/**
 * Whether a page's origin is one EMBED_ORIGINS lets frame the embedded forms. The browser decides
 * the framing itself from the same entries, written as CSP `frame-ancestors` sources
 * (security-headers.ts); this reads them as it does (CSP's host-source matching), so a submission
 * counts as embedded exactly when a listed origin could frame its form (docs/forms.md#embedded-forms):
 *
 * - the scheme is the listed one (`http` lets `https` in too, as CSP does);
 * - the host is the listed one, or, for `*.partner.example`, any host ending in `.partner.example`
 *   (not `partner.example` itself);
 * - the port is the listed one, the scheme's default when none is listed, any for `:*`.
 *
 * An entry that is not `<scheme>://<host>[:<port>]` matches nothing.
 */
export function isEmbedOrigin(origin: string, embedOrigins: readonly string[]): boolean {
  const page = urlOf(origin);
  return page !== null && embedOrigins.some((entry) => matches(entry, page));
}

const SOURCE = /^([a-z][a-z0-9+.-]*):\/\/(\*\.)?([a-z0-9.-]+)(?::(\d+|\*))?\/?$/i;
const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

function urlOf(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

function matches(entry: string, page: URL): boolean {
  const source = SOURCE.exec(entry.trim());
  if (!source) return false;
  const [, scheme, wildcard, host, port] = source;
  const listedScheme = `${scheme.toLowerCase()}:`;
  const upgraded = listedScheme === 'http:' && page.protocol === 'https:';
  if (page.protocol !== listedScheme && !upgraded) return false;
  const listedHost = host.toLowerCase();
  if (wildcard ? !page.hostname.endsWith(`.${listedHost}`) : page.hostname !== listedHost) return false;
  if (port === '*') return true;
  const pagePort = page.port || DEFAULT_PORTS[page.protocol];
  if (port === undefined) return page.port === '';
  // A listed 80 lets the same host's https (443) in, as the scheme does.
  return pagePort === port || (upgraded && port === '80' && pagePort === '443');
}
