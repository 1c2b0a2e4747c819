import { changeNotificationFor, notificationFor } from '@sourcing/shared';
import { describe, expect, it } from 'vitest';
import { IPC } from '../common/ipc-channels';
import { INVALID_ARGUMENT, REFUSED_SENDER, registerBridgeHandlers, type BridgeActions } from './ipc';

type Handler = (event: { senderFrame: { url: string } | null }, arg?: unknown) => unknown;

/** Registers the handlers on a fake ipcMain and returns a caller plus the actions that ran. */
function bridge(overrides: Partial<BridgeActions> = {}) {
  const handlers = new Map<string, Handler>();
  const ran: unknown[][] = [];
  const actions: BridgeActions = {
    openAttachment: async (file) => void ran.push(['openAttachment', file]),
    saveDownload: async (file) => (ran.push(['saveDownload', file]), true),
    notify: (notification) => void ran.push(['notify', notification]),
    getServerUrl: async () => 'https://sourcing.example.com',
    setServerUrl: async (input) => (ran.push(['setServerUrl', input]), { ok: true }),
    setBadgeCount: (count) => void ran.push(['setBadgeCount', count]),
    ...overrides,
  };
  registerBridgeHandlers(
    { handle: (channel: string, handler: Handler) => handlers.set(channel, handler) } as never,
    actions,
    (event) => event.senderFrame?.url.startsWith('app://admin/') ?? false,
  );
  const call = (channel: string, arg?: unknown, url = 'app://admin/index.html') =>
    Promise.resolve().then(() => handlers.get(channel)!({ senderFrame: { url } }, arg));
  return { call, ran, handlers };
}

describe('registerBridgeHandlers', () => {
  it('registers exactly the named actions of the bridge', () => {
    expect([...bridge().handlers.keys()].sort()).toEqual(
      [IPC.openAttachment, IPC.saveDownload, IPC.notify, IPC.getServerUrl, IPC.setServerUrl, IPC.setBadgeCount].sort(),
    );
  });

  it('passes well-formed calls through', async () => {
    const { call, ran } = bridge();
    const notification = notificationFor({
      event: 'contactUpdated',
      summary: { id: '1', kind: 'contact', displayName: 'Jane', detail: 'jane@example.com', createdAt: '2026-01-01T00:00:00Z' },
    });
    await call(IPC.notify, notification);
    await call(IPC.setBadgeCount, 4);
    await call(IPC.setServerUrl, 'https://sourcing.example.com');
    expect(await call(IPC.getServerUrl)).toBe('https://sourcing.example.com');
    expect(
      await call(IPC.openAttachment, {
        url: '/api/uploads/a?sig=1',
        fileName: 'a.pdf',
        apiBaseUrl: 'https://sourcing.example.com',
      }),
    ).toEqual({ ok: true });
    const file = { url: '/api/contact/export.csv?sig=1', fileName: 'c.csv', apiBaseUrl: 'https://sourcing.example.com' };
    expect(await call(IPC.saveDownload, file)).toEqual({ ok: true, saved: true });
    expect(ran).toEqual([
      ['notify', notification],
      ['setBadgeCount', 4],
      ['setServerUrl', 'https://sourcing.example.com'],
      ['openAttachment', { url: '/api/uploads/a?sig=1', fileName: 'a.pdf', apiBaseUrl: 'https://sourcing.example.com' }],
      ['saveDownload', file],
    ]);
  });

  it('passes a change notification through with its change, which the notifier coalesces by', async () => {
    const { call, ran } = bridge();
    const notification = changeNotificationFor(
      {
        event: 'inquiryUpdated',
        summary: {
          id: '5d0c4f5e-7a1b-4c2d-9e3f-0a1b2c3d4e5f',
          kind: 'inquiry',
          displayName: 'Jane',
          createdAt: '2026-01-01T00:00:00Z',
        },
        change: {
          by: { id: 'ana', email: 'ana@example.com', name: 'Ana Silva' },
          type: 'owner',
          text: 'assigned Jane to me@example.com',
          status: 'New',
          ownerId: 'me',
          version: 2,
          from: { status: 'New', ownerId: null },
        },
      },
      'me',
    );
    await call(IPC.notify, notification);
    expect(ran).toEqual([['notify', notification]]);
  });

  it('refuses malformed arguments before any action runs', async () => {
    const { call, ran } = bridge();
    const refused = [
      [IPC.setBadgeCount, -1],
      [IPC.setBadgeCount, 2.5],
      [IPC.setBadgeCount, '3'],
      [IPC.notify, { title: '', body: 'x' }],
      [IPC.notify, { title: 'x', body: 'y', route: 'https://evil.test/' }],
      [IPC.notify, { title: 'x', body: 'y', route: '/admin/../../etc' }],
      [IPC.notify, { title: 'x'.repeat(301), body: 'y' }],
      [IPC.setServerUrl, { url: 'https://x' }],
      [IPC.openAttachment, { url: '', fileName: 'a', apiBaseUrl: '' }],
      [IPC.openAttachment, 'https://evil.test/file'],
      [IPC.saveDownload, { url: 'x', fileName: 'a' }],
    ] as const;
    for (const [channel, arg] of refused) {
      await expect(call(channel, arg), `${channel} ${JSON.stringify(arg)}`).rejects.toThrow(INVALID_ARGUMENT);
    }
    expect(ran).toEqual([]);
  });

  it('answers only the app’s own page', async () => {
    const { call, ran } = bridge();
    await expect(call(IPC.setBadgeCount, 1, 'https://evil.test/')).rejects.toThrow(REFUSED_SENDER);
    await expect(call(IPC.getServerUrl, undefined, 'https://evil.test/')).rejects.toThrow(REFUSED_SENDER);
    expect(ran).toEqual([]);
  });

  it('returns the reason an attachment could not be opened, for the admin UI’s toast', async () => {
    const { call } = bridge({
      openAttachment: async () => {
        throw new Error('The file could not be downloaded: Link expired');
      },
    });
    expect(await call(IPC.openAttachment, { url: '/x', fileName: 'x.pdf', apiBaseUrl: 'https://sourcing.example.com' })).toEqual({
      ok: false,
      error: 'The file could not be downloaded: Link expired',
    });
  });
});
