import { describe, expect, it } from 'vitest';
import { createExportLinks, EXPORT_LINK_TTL_SECONDS } from './export-links';

const PATH = '/api/contact/export.csv';
const query = (path: string) => new URLSearchParams(path.slice(path.indexOf('?') + 1));

describe('export links', () => {
  let clock = new Date('2026-11-23T12:00:00Z');
  const links = createExportLinks('secret', () => clock);

  it('carry the whole list query, signed, and verify until they expire', () => {
    clock = new Date('2026-11-23T12:00:00Z');
    const signed = links.signedPath(PATH, new URLSearchParams({ q: 'zoë', status: 'open' }));
    expect(signed).toMatch(/^\/api\/contact\/export\.csv\?q=zo%C3%AB&status=open&expires=\d+&sig=[\w-]+$/);
    expect(links.verify(PATH, query(signed))).toBe(true);
    // The same parameters in another order are the same link.
    const reordered = query(signed);
    const [q, status] = [reordered.get('q')!, reordered.get('status')!];
    reordered.delete('q');
    reordered.delete('status');
    reordered.append('status', status);
    reordered.append('q', q);
    expect(links.verify(PATH, reordered)).toBe(true);

    clock = new Date(clock.getTime() + EXPORT_LINK_TTL_SECONDS * 1000);
    expect(links.verify(PATH, query(signed))).toBe(true);
    clock = new Date(clock.getTime() + 1000);
    expect(links.verify(PATH, query(signed))).toBe(false);
  });

  it('refuse a changed query, another list, a later expiry, another secret or no signature', () => {
    clock = new Date('2026-11-23T12:00:00Z');
    const signed = query(links.signedPath(PATH, new URLSearchParams({ q: 'zoë' })));
    const changed = (edit: (q: URLSearchParams) => void) => {
      const copy = new URLSearchParams(signed);
      edit(copy);
      return copy;
    };
    expect(
      links.verify(
        PATH,
        changed((q) => q.set('q', '')),
      ),
    ).toBe(false);
    expect(
      links.verify(
        PATH,
        changed((q) => q.append('since', '2020-01-01T00:00:00Z')),
      ),
    ).toBe(false);
    expect(
      links.verify(
        PATH,
        changed((q) => q.set('expires', String(Number(q.get('expires')) + 3600))),
      ),
    ).toBe(false);
    expect(
      links.verify(
        PATH,
        changed((q) => q.delete('sig')),
      ),
    ).toBe(false);
    expect(
      links.verify(
        PATH,
        changed((q) => q.set('expires', 'soon')),
      ),
    ).toBe(false);
    expect(links.verify('/api/subscribers/export.csv', signed)).toBe(false);
    expect(createExportLinks('other secret', () => clock).verify(PATH, signed)).toBe(false);
  });
});
