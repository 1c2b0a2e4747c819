import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, pageTitleFor } from './nav';

describe('sidebar links', () => {
  it("are the links of docs/admin.md#layout in order: the lists, the agents' Reports and Unmatched mail, then the owners' Outbox, Audit, People and Settings", () => {
    expect(NAV_ITEMS.map((i) => [i.label, i.to])).toEqual([
      ['Dashboard', '/admin'],
      ['Inquiries', '/admin/inquiries'],
      ['Supplier Inquiries', '/admin/supplier-inquiries'],
      ['Contact Queries', '/admin/contact-queries'],
      ['Subscribers', '/admin/subscribers'],
      ['Reports', '/admin/reports'],
      ['Unmatched mail', '/admin/unmatched-mail'],
      ['Outbox', '/admin/outbox'],
      ['Audit', '/admin/audit'],
      ['People', '/admin/people'],
      ['Settings', '/admin/settings'],
    ]);
    expect(NAV_ITEMS.filter((i) => i.role === 'owner').map((i) => i.label)).toEqual(['Outbox', 'Audit', 'People', 'Settings']);
    expect(NAV_ITEMS.filter((i) => i.role === 'agent').map((i) => i.label)).toEqual(['Reports', 'Unmatched mail']);
  });
});

describe('pageTitleFor', () => {
  it('names the section of a path, detail views included', () => {
    expect(pageTitleFor('/admin')).toBe('Dashboard');
    expect(pageTitleFor('/admin/')).toBe('Dashboard');
    expect(pageTitleFor('/admin/inquiries')).toBe('Inquiries');
    expect(pageTitleFor('/admin/supplier-inquiries/abc')).toBe('Supplier Inquiries');
    expect(pageTitleFor('/admin/settings')).toBe('Settings');
    expect(pageTitleFor('/admin/account')).toBe('Your account');
    expect(pageTitleFor('/admin/outbox')).toBe('Outbox');
    expect(pageTitleFor('/admin/audit')).toBe('Audit');
    expect(pageTitleFor('/admin/people')).toBe('People');
    expect(pageTitleFor('/admin/unmatched-mail')).toBe('Unmatched mail');
    expect(pageTitleFor('/admin/reports')).toBe('Reports');
  });

  it('does not mistake a prefix for a section', () => {
    expect(pageTitleFor('/admin/inquiries-old')).toBe('Page Not Found');
    expect(pageTitleFor('/admin/nope')).toBe('Page Not Found');
  });
});
