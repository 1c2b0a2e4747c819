import type { DesktopBridge } from '@sourcing/shared';
import { describe, expect, it } from 'vitest';
import { createDesktopPlatform } from './desktop-platform';

function recordingBridge() {
  const calls: unknown[][] = [];
  const listeners: ((route: string) => void)[] = [];
  const bridge: DesktopBridge = {
    appVersion: '1.2.3',
    openAttachment: async (file) => void calls.push(['openAttachment', file]),
    saveDownload: async (file) => (calls.push(['saveDownload', file]), true),
    notify: async (notification) => void calls.push(['notify', notification]),
    getServerUrl: async () => 'https://sourcing.example.com',
    setServerUrl: async () => ({ ok: true }),
    setBadgeCount: async (count) => void calls.push(['setBadgeCount', count]),
    onNavigate: (listener) => {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
  };
  return { bridge, calls, listeners };
}

describe('createDesktopPlatform', () => {
  it('hands every capability to the preload bridge, naming the server for attachments', async () => {
    const { bridge, calls, listeners } = recordingBridge();
    const platform = createDesktopPlatform(bridge, 'https://sourcing.example.com');
    expect(platform.apiBaseUrl).toBe('https://sourcing.example.com');
    expect(platform.appVersion).toBe('1.2.3');
    await platform.openAttachment({ url: '/api/uploads/a?sig=1', fileName: 'a.pdf' });
    expect(await platform.saveDownload({ url: '/api/contact/export.csv?sig=1', fileName: 'c.csv' })).toBe(true);
    platform.notify({ title: 'New contact message — Jane', body: 'Jane', route: '/admin/contact-queries' });
    platform.setBadgeCount(2);
    expect(calls).toEqual([
      ['openAttachment', { url: '/api/uploads/a?sig=1', fileName: 'a.pdf', apiBaseUrl: 'https://sourcing.example.com' }],
      ['saveDownload', { url: '/api/contact/export.csv?sig=1', fileName: 'c.csv', apiBaseUrl: 'https://sourcing.example.com' }],
      ['notify', { title: 'New contact message — Jane', body: 'Jane', route: '/admin/contact-queries' }],
      ['setBadgeCount', 2],
    ]);

    const routes: string[] = [];
    const stop = platform.onNavigateRequest((route) => routes.push(route));
    listeners.forEach((l) => l('/admin/inquiries'));
    stop();
    expect(listeners).toHaveLength(0);
    expect(routes).toEqual(['/admin/inquiries']);
  });

  it('lets a refused open reach the admin UI (which shows it as a toast)', async () => {
    const { bridge } = recordingBridge();
    bridge.openAttachment = async () => {
      throw new Error('The file could not be downloaded: Link expired');
    };
    const platform = createDesktopPlatform(bridge, 'https://sourcing.example.com');
    await expect(platform.openAttachment({ url: '/x', fileName: 'x' })).rejects.toThrow('Link expired');
  });
});
