import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { createStore } from 'jotai';
import toast from 'react-hot-toast';
import {
  connectRealtime,
  createApiClient,
  realtimeUrl,
  type AdminPlatform,
  type ApiClient,
  type RealtimeClient,
  type WebSocketLike,
} from '@sourcing/shared';
import { createLiveUpdates, liveConnectionLostAtom, type LiveUpdates } from './live/live';
import { createAdminQueryClient } from './queries/query-client';
import { createSessionController, sessionAtom, type SessionController } from './session/session';

export interface AdminServices {
  platform: AdminPlatform;
  store: ReturnType<typeof createStore>;
  /** The server-state cache (lists, records, dashboard...): emptied whenever the signed-in admin changes. */
  queryClient: QueryClient;
  api: ApiClient;
  session: SessionController;
  live: LiveUpdates;
  /** Opens the realtime socket for the signed-in admin; `stop()` closes it. */
  startRealtime: () => RealtimeClient;
  /** The UI is unmounted: timers stop, the cache empties. */
  dispose: () => void;
}

/** Everything one mounted admin UI shares: its own jotai store, query cache, API client, session and live updates. */
export function createAdminServices(platform: AdminPlatform): AdminServices {
  const store = createStore();
  const queryClient = createAdminQueryClient();
  // One admin's data never shows to the next: signing out (or in as someone else) empties the cache.
  let cachedFor: string | null = null;
  const unwatchSession = store.sub(sessionAtom, () => {
    const admin = store.get(sessionAtom).admin?.id ?? null;
    if (admin === cachedFor) return;
    cachedFor = admin;
    queryClient.clear();
  });
  // The session and the client need each other: the client is made once the session exists.
  const session = createSessionController(store, () => api);
  const api: ApiClient = createApiClient({
    baseUrl: platform.apiBaseUrl,
    getAccessToken: session.accessToken,
    onUnauthorized: session.handleUnauthorized,
  });
  const live = createLiveUpdates({
    store,
    queryClient,
    api: () => api,
    platform,
    me: () => store.get(sessionAtom).admin?.id ?? null,
    announce: (text) => toast(text, { id: `change:${text}` }),
  });

  return {
    platform,
    store,
    queryClient,
    api,
    session,
    live,
    startRealtime() {
      store.set(liveConnectionLostAtom, false);
      const client = connectRealtime({
        url: () => realtimeUrl(platform.apiBaseUrl, window.location.origin),
        getToken: session.freshToken,
        // The DOM's handler types take Event where WebSocketLike says unknown; the shapes match at run time.
        createSocket: (url, protocols) => new WebSocket(url, protocols) as unknown as WebSocketLike,
        onEvent: (event) => live.handleEvent(event),
        onReconnect: () => live.handleReconnect(),
        // Signed out from another session (or disabled): the session check signs this window out at once.
        onSessionRevoked: () => void session.recheck(),
        // Lost once it closes (the first attempt still connecting is not); back when it opens.
        onStatus: (status) => {
          if (status !== 'connecting') store.set(liveConnectionLostAtom, status === 'closed');
        },
      });
      void live.refreshCounts();
      return {
        reconnectNow: () => client.reconnectNow(),
        stop() {
          client.stop();
          store.set(liveConnectionLostAtom, false); // closed on purpose (signed out), not lost
        },
      };
    },
    dispose() {
      session.dispose();
      unwatchSession();
      queryClient.clear();
    },
  };
}

export const AdminServicesContext = createContext<AdminServices | null>(null);

export function useAdminServices(): AdminServices {
  const services = useContext(AdminServicesContext);
  if (!services) throw new Error('useAdminServices outside the admin UI');
  return services;
}
