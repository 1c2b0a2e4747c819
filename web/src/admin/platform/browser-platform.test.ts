import { describe, expect, it, vi } from 'vitest';
import { createBrowserPlatform, titleWithCount } from './browser-platform';

function fakeWindow(permission: NotificationPermission | null) {
  const shown: { title: string; options: NotificationOptions; onclick: (() => void) | null; close: () => void }[] = [];
  class FakeNotification {
    static permission = permission;
    onclick: (() => void) | null = null;
    close = vi.fn();
    constructor(
      public title: string,
      public options: NotificationOptions,
    ) {
      shown.push(this);
    }
  }
  const clicked: { href: string; download: string; inPage: boolean }[] = [];
  const body = new Set<object>();
  const win = {
    document: {
      title: 'Admin Panel',
      body: { append: (node: object) => body.add(node) },
      createElement: () => {
        const link = {
          href: '',
          download: '',
          click: () => clicked.push({ href: link.href, download: link.download, inPage: body.has(link) }),
          remove: () => body.delete(link),
        };
        return link;
      },
    },
    location: { origin: 'http://127.0.0.1:3231' },
    open: vi.fn(),
    focus: vi.fn(),
    Notification: permission === null ? undefined : FakeNotification,
  };
  return { win, shown, clicked, body, platform: createBrowserPlatform(win as never) };
}

describe('browser platform', () => {
  it('uses the page origin for the API and opens attachments in a new tab', async () => {
    const { win, platform } = fakeWindow('granted');
    expect(platform.apiBaseUrl).toBe('');
    await platform.openAttachment({ url: '/api/uploads/x.pdf?sig=1', fileName: 'x.pdf' });
    expect(win.open).toHaveBeenCalledWith('http://127.0.0.1:3231/api/uploads/x.pdf?sig=1', '_blank', 'noopener');
  });

  it('notifies only when the user allowed notifications; a click asks to show the route', () => {
    const allowed = fakeWindow('granted');
    const routes: string[] = [];
    allowed.platform.onNavigateRequest((route) => routes.push(route));
    allowed.platform.notify({ title: 'New contact message — Jane', body: 'Jane', route: '/admin/contact-queries' });
    expect(allowed.shown).toHaveLength(1);
    expect(allowed.shown[0]).toMatchObject({ title: 'New contact message — Jane', options: { body: 'Jane' } });
    allowed.shown[0].onclick!();
    expect(routes).toEqual(['/admin/contact-queries']);
    expect(allowed.win.focus).toHaveBeenCalled();

    for (const permission of ['default', 'denied', null] as const) {
      const refused = fakeWindow(permission);
      refused.platform.notify({ title: 't', body: 'b' });
      expect(refused.shown).toHaveLength(0);
    }
  });

  it('puts the unread count in the tab title', () => {
    const { win, platform } = fakeWindow('default');
    platform.setBadgeCount(3);
    expect(win.document.title).toBe('(3) Admin Panel');
    platform.setBadgeCount(0);
    expect(win.document.title).toBe('Admin Panel');
    expect(titleWithCount('Admin Panel', 12)).toBe('(12) Admin Panel');
  });

  it('saves a download by clicking a link to it in the page, so the browser streams it to disk', async () => {
    const { platform, clicked, body } = fakeWindow('default');
    const saved = await platform.saveDownload({
      url: 'http://127.0.0.1:3231/api/contact/export.csv?q=zo%C3%AB&expires=1&sig=x',
      fileName: 'contact-queries-zo-2026-11-23.csv',
    });
    expect(saved).toBe(true);
    expect(clicked).toEqual([
      {
        href: 'http://127.0.0.1:3231/api/contact/export.csv?q=zo%C3%AB&expires=1&sig=x',
        download: 'contact-queries-zo-2026-11-23.csv',
        inPage: true,
      },
    ]);
    expect(body.size).toBe(0);
  });
});
