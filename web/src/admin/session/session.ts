import { atom, type createStore } from 'jotai';
import { FAILURE_MESSAGES, type AdminProfile, type ApiClient } from '@sourcing/shared';
import { msUntilRenewal } from './token-expiry';

type Store = ReturnType<typeof createStore>;

/** docs/sessions.md#the-session-in-the-admin-ui. The access token lives only here, in memory. */
export interface SessionState {
  admin: AdminProfile | null;
  accessToken: string | null;
  loading: boolean;
  error: string | null;
  initialized: boolean;
}

export const INITIAL_SESSION: SessionState = {
  admin: null,
  accessToken: null,
  loading: false,
  error: null,
  initialized: false,
};

export const sessionAtom = atom<SessionState>(INITIAL_SESSION);

export const LOGIN_FAILED = FAILURE_MESSAGES.login;
export const SESSION_EXPIRED = FAILURE_MESSAGES.refresh;

export interface SessionTimers {
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

const realTimers: SessionTimers = {
  now: () => Date.now(),
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export type SessionApi = Pick<ApiClient, 'login' | 'refresh' | 'logout'>;

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/**
 * docs/sessions.md#the-session-in-the-admin-ui: one refresh at start, login, logout, and logout on any 401/403.
 * The access token is renewed a minute before it expires, so a long shift never hits a 401.
 * Refreshes are single-flight: the API rotates the refresh cookie and refuses a reused one.
 */
export function createSessionController(store: Store, api: () => SessionApi, timers: SessionTimers = realTimers) {
  let refreshing: Promise<string | null> | null = null;
  let renewTimer: unknown = null;
  let started = false;

  const update = (patch: Partial<SessionState>) => store.set(sessionAtom, { ...store.get(sessionAtom), ...patch });

  const scheduleRenewal = (token: string) => {
    timers.clearTimer(renewTimer);
    const wait = msUntilRenewal(token, timers.now());
    if (wait !== null) renewTimer = timers.setTimer(() => void refresh(), wait);
  };

  const clear = (error: string | null) => {
    timers.clearTimer(renewTimer);
    update({ admin: null, accessToken: null, loading: false, error });
  };

  /** Renews the session from the refresh cookie; on failure logs out. Resolves to the new token. */
  function refresh(): Promise<string | null> {
    refreshing ??= (async () => {
      const wasSignedIn = store.get(sessionAtom).admin !== null;
      try {
        const { admin, accessToken } = await api().refresh();
        update({ admin, accessToken, error: null });
        scheduleRenewal(accessToken);
        return accessToken;
      } catch (error) {
        await api()
          .logout()
          .catch(() => undefined);
        clear(wasSignedIn ? messageOf(error, SESSION_EXPIRED) : null);
        return null;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  return {
    /** The single session check at start; later calls do nothing. */
    async init(): Promise<void> {
      if (started) return;
      started = true;
      await refresh();
      update({ initialized: true });
    },

    async login(email: string, password: string): Promise<boolean> {
      update({ loading: true, error: null });
      try {
        const { admin, accessToken } = await api().login(email, password);
        update({ admin, accessToken, loading: false, error: null });
        scheduleRenewal(accessToken);
        return true;
      } catch (error) {
        update({ loading: false, error: messageOf(error, LOGIN_FAILED) });
        return false;
      }
    },

    async logout(): Promise<void> {
      clear(null);
      await api()
        .logout()
        .catch(() => undefined);
    },

    /** An authenticated call answered 401/403 (docs/sessions.md#the-session-in-the-admin-ui). */
    handleUnauthorized: (): void => {
      if (store.get(sessionAtom).admin === null) return;
      clear(null);
      void api()
        .logout()
        .catch(() => undefined);
    },

    /** A token that is valid for at least another minute, renewing it first if needed. */
    freshToken: async (): Promise<string | null> => {
      const { accessToken } = store.get(sessionAtom);
      if (!accessToken) return null;
      return msUntilRenewal(accessToken, timers.now()) === 0 ? refresh() : accessToken;
    },

    accessToken: (): string | null => store.get(sessionAtom).accessToken,

    dispose(): void {
      timers.clearTimer(renewTimer);
    },
  };
}

export type SessionController = ReturnType<typeof createSessionController>;
