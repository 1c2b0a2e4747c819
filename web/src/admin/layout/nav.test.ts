import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, pageTitleFor } from './nav';

describe('sidebar links', () => {
  it('are the lists in order, then the Outbox', () => {
    expect(NAV_ITEMS.map((i) => [i.label, i.to])).toEqual([
      ['Dashboard', '/admin'],
      ['Inquiries', '/admin/inquiries'],
      ['Supplier Inquiries', '/admin/supplier-inquiries'],
      ['Contact Queries', '/admin/contact-queries'],
      ['Subscribers', '/admin/subscribers'],
      ['Outbox', '/admin/outbox'],
    ]);
  });
});

describe('pageTitleFor', () => {
  it('names the section of a path, detail views included', () => {
    expect(pageTitleFor('/admin')).toBe('Dashboard');
    expect(pageTitleFor('/admin/')).toBe('Dashboard');
    expect(pageTitleFor('/admin/inquiries')).toBe('Inquiries');
    expect(pageTitleFor('/admin/supplier-inquiries/abc')).toBe('Supplier Inquiries');
    expect(pageTitleFor('/admin/settings')).toBe('Settings');
    expect(pageTitleFor('/admin/outbox')).toBe('Outbox');
  });

  it('does not mistake a prefix for a section', () => {
    expect(pageTitleFor('/admin/inquiries-old')).toBe('Page Not Found');
    expect(pageTitleFor('/admin/nope')).toBe('Page Not Found');
  });
});
