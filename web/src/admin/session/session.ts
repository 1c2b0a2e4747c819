import { atom, type createStore } from 'jotai';
import {
  ACCOUNT_MESSAGES,
  FAILURE_MESSAGES,
  type AdminProfile,
  type ApiClient,
  type SecondStep,
  type SessionResponse,
} from '@sourcing/shared';
import { msUntilRenewal } from './token-expiry';

type Store = ReturnType<typeof createStore>;

/** docs/sessions.md#the-session-in-the-admin-ui. The access token lives only here, in memory. */
export interface SessionState {
  admin: AdminProfile | null;
  accessToken: string | null;
  loading: boolean;
  error: string | null;
  initialized: boolean;
  /** A sign-in whose password (or invitation) was accepted and that owes its second step (docs/sessions.md#two-factor-sign-in). */
  secondStep: SecondStep | null;
}

export const INITIAL_SESSION: SessionState = {
  admin: null,
  accessToken: null,
  loading: false,
  error: null,
  initialized: false,
  secondStep: null,
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

export type SessionApi = Pick<ApiClient, 'login' | 'loginCode' | 'refresh' | 'logout'>;

const isSecondStep = (answer: SessionResponse | SecondStep): answer is SecondStep => 'secondStep' in answer;

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
    update({ admin: null, accessToken: null, loading: false, error, secondStep: null });
  };

  /** A session the server answered (a sign-in, its second step, a passkey, an accepted invitation). */
  const adopt = ({ admin, accessToken }: SessionResponse) => {
    update({ admin, accessToken, loading: false, error: null, secondStep: null });
    scheduleRenewal(accessToken);
  };

  /** The answer of a first step: a session, or the second step it still owes. */
  const proceed = (answer: SessionResponse | SecondStep): boolean => {
    if (!isSecondStep(answer)) {
      adopt(answer);
      return true;
    }
    update({ loading: false, error: null, secondStep: answer });
    return false;
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

    /** The password: signs in, or leaves the second step to take in `secondStep`. */
    async login(email: string, password: string): Promise<boolean> {
      update({ loading: true, error: null });
      try {
        return proceed(await api().login(email, password));
      } catch (error) {
        update({ loading: false, error: messageOf(error, LOGIN_FAILED) });
        return false;
      }
    },

    /** The second step with an authenticator or recovery code; a ticket that ran out goes back to the password. */
    async verifyCode(code: string): Promise<boolean> {
      const pending = store.get(sessionAtom).secondStep;
      if (!pending) return false;
      update({ loading: true, error: null });
      try {
        adopt(await api().loginCode(pending.ticket, code));
        return true;
      } catch (error) {
        const message = messageOf(error, FAILURE_MESSAGES.secondStep);
        update({ loading: false, error: message, ...(message === ACCOUNT_MESSAGES.ticketExpired ? { secondStep: null } : {}) });
        return false;
      }
    },

    /** Back to the password (or a first step of another kind answered elsewhere: an invitation). */
    proceed,
    adopt,
    cancelSecondStep: () => update({ secondStep: null, error: null, loading: false }),
    /** Checks the session now (its socket was closed as signed out): a refusal signs this window out. */
    recheck: () => refresh(),

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
