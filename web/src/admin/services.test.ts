import { describe, expect, it, vi } from 'vitest';
import type { AdminPlatform } from '@sourcing/shared';
import { queryKeys } from './queries/keys';
import { createAdminServices } from './services';
import { INITIAL_SESSION, sessionAtom } from './session/session';

const platform: AdminPlatform = {
  apiBaseUrl: 'http://127.0.0.1:9',
  appVersion: '',
  supportsPasskeys: false,
  openAttachment: vi.fn(),
  saveDownload: vi.fn(),
  notify: vi.fn(),
  setBadgeCount: vi.fn(),
  onNavigateRequest: () => () => undefined,
};

const ana = { id: 'ana-id', email: 'ana@example.com', role: 'owner', name: 'Ana Silva' } as const;
const bob = { id: 'bob-id', email: 'bob@example.com', role: 'agent', name: 'bob@example.com' } as const;

describe('admin services', () => {
  it('empty the server-state cache when the admin signs out or another signs in, so no one sees another’s data', () => {
    const { store, queryClient, dispose } = createAdminServices(platform);
    const signIn = (admin: typeof ana | typeof bob | null, accessToken: string | null) =>
      store.set(sessionAtom, { ...INITIAL_SESSION, initialized: true, admin, accessToken });
    const cached = () => queryClient.getQueryData(queryKeys.staff);

    signIn(ana, 'token-1');
    queryClient.setQueryData(queryKeys.staff, ['Ana’s view']);
    signIn(ana, 'token-2'); // a renewed token: the same admin, the same cache
    expect(cached()).toEqual(['Ana’s view']);

    signIn(null, null);
    expect(cached()).toBeUndefined();

    signIn(ana, 'token-3');
    queryClient.setQueryData(queryKeys.staff, ['Ana’s view']);
    signIn(bob, 'token-4');
    expect(cached()).toBeUndefined();
    dispose();
  });
});
