import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, ApiError, type SessionResponse } from '@sourcing/shared';
import { createSessionController, LOGIN_FAILED, sessionAtom, type SessionApi, type SessionTimers } from './session';

const jwtExpiringAt = (ms: number) => `h.${btoa(JSON.stringify({ exp: ms / 1000 }))}.s`;
const NOW = 1_800_000_000_000;
const session = (token = jwtExpiringAt(NOW + 15 * 60_000)): SessionResponse => ({
  admin: { id: 'a1', email: 'admin@example.com', role: 'owner', name: 'admin@example.com' },
  accessToken: token,
});

function setup(api: Partial<SessionApi>) {
  const store = createStore();
  const timers = {
    now: () => NOW,
    pending: [] as { fn: () => void; ms: number }[],
    setTimer(fn: () => void, ms: number) {
      const timer = { fn, ms };
      this.pending.push(timer);
      return timer;
    },
    clearTimer(handle: unknown) {
      this.pending = this.pending.filter((t) => t !== handle);
    },
  } satisfies SessionTimers & { pending: unknown[] };
  const fullApi: SessionApi = {
    login: vi.fn().mockRejectedValue(new Error('not called')),
    loginCode: vi.fn().mockRejectedValue(new Error('not called')),
    refresh: vi.fn().mockRejectedValue(new ApiError('No session', 401)),
    logout: vi.fn().mockResolvedValue({ message: 'ok' }),
    ...api,
  };
  const controller = createSessionController(store, () => fullApi, timers);
  return { store, timers, api: fullApi, controller, state: () => store.get(sessionAtom) };
}

describe('session start', () => {
  it('is uninitialized until the single refresh answers, then signed in', async () => {
    const { controller, state, api } = setup({ refresh: vi.fn().mockResolvedValue(session()) });
    expect(state().initialized).toBe(false);
    await Promise.all([controller.init(), controller.init()]);
    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(state()).toMatchObject({ initialized: true, admin: { email: 'admin@example.com' }, error: null });
    expect(controller.accessToken()).toBe(session().accessToken);
  });

  it('without a session calls logout and ends initialized with no admin and no error', async () => {
    const { controller, state, api } = setup({});
    await controller.init();
    expect(api.logout).toHaveBeenCalledTimes(1);
    expect(state()).toMatchObject({ initialized: true, admin: null, accessToken: null, error: null });
  });
});

describe('login', () => {
  it('sets loading and clears the error while pending, stores the admin on success', async () => {
    let answer!: (s: SessionResponse) => void;
    const { controller, state, store } = setup({ login: vi.fn(() => new Promise<SessionResponse>((r) => (answer = r))) });
    store.set(sessionAtom, { ...state(), error: 'old' });
    const pending = controller.login('admin@example.com', 'pw');
    expect(state()).toMatchObject({ loading: true, error: null });
    answer(session());
    expect(await pending).toBe(true);
    expect(state()).toMatchObject({ loading: false, admin: { id: 'a1' } });
  });

  it('stores the server message on failure, else "Login failed"', async () => {
    const server = setup({ login: vi.fn().mockRejectedValue(new ApiError('Invalid email or password', 401)) });
    expect(await server.controller.login('a@b.c', 'x')).toBe(false);
    expect(server.state()).toMatchObject({ loading: false, error: 'Invalid email or password', admin: null });

    const silent = setup({ login: vi.fn().mockRejectedValue(new ApiError('', 500)) });
    await silent.controller.login('a@b.c', 'x');
    expect(silent.state().error).toBe(LOGIN_FAILED);
  });
});

describe('two-step sign-in', () => {
  it('keeps the ticket of a password that needs a code, then signs in with the code', async () => {
    const loginCode = vi.fn().mockResolvedValue(session());
    const { controller, state } = setup({ login: vi.fn().mockResolvedValue({ secondStep: 'totp', ticket: 't1' }), loginCode });
    expect(await controller.login('admin@example.com', 'pw')).toBe(false);
    expect(state()).toMatchObject({ admin: null, loading: false, error: null, secondStep: { secondStep: 'totp', ticket: 't1' } });
    expect(await controller.verifyCode('123456')).toBe(true);
    expect(loginCode).toHaveBeenCalledWith('t1', '123456');
    expect(state()).toMatchObject({ admin: { id: 'a1' }, secondStep: null, error: null });
    expect(controller.accessToken()).toBe(session().accessToken);
  });

  it('shows a wrong code’s message and keeps the step; a ticket that ran out goes back to the password', async () => {
    const loginCode = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(ACCOUNT_MESSAGES.invalidCode, 401))
      .mockRejectedValueOnce(new ApiError(ACCOUNT_MESSAGES.ticketExpired, 401));
    const { controller, state } = setup({ login: vi.fn().mockResolvedValue({ secondStep: 'totp', ticket: 't1' }), loginCode });
    await controller.login('admin@example.com', 'pw');
    expect(await controller.verifyCode('000000')).toBe(false);
    expect(state()).toMatchObject({ error: ACCOUNT_MESSAGES.invalidCode, secondStep: { ticket: 't1' } });
    await controller.verifyCode('111111');
    expect(state()).toMatchObject({ error: ACCOUNT_MESSAGES.ticketExpired, secondStep: null, admin: null });
  });
});

describe('signed in', () => {
  it('renews the token a minute before it expires, with one refresh however many ask', async () => {
    const renewed = session(jwtExpiringAt(NOW + 30 * 60_000));
    const refresh = vi.fn().mockResolvedValue(renewed);
    const { controller, timers } = setup({ login: vi.fn().mockResolvedValue(session()), refresh });
    await controller.login('admin@example.com', 'pw');
    expect(timers.pending.map((t) => t.ms)).toEqual([14 * 60_000]);
    timers.pending[0].fn();
    await Promise.all([controller.freshToken(), controller.freshToken()]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(controller.accessToken()).toBe(renewed.accessToken);
  });

  it('hands out a token about to expire only after renewing it', async () => {
    const renewed = session(jwtExpiringAt(NOW + 15 * 60_000));
    const { controller } = setup({
      login: vi.fn().mockResolvedValue(session(jwtExpiringAt(NOW + 20_000))),
      refresh: vi.fn().mockResolvedValue(renewed),
    });
    await controller.login('admin@example.com', 'pw');
    expect(await controller.freshToken()).toBe(renewed.accessToken);
  });

  it('a 401 logs out: session cleared and the logout call made', async () => {
    const { controller, state, api } = setup({ login: vi.fn().mockResolvedValue(session()) });
    await controller.login('admin@example.com', 'pw');
    controller.handleUnauthorized();
    expect(state()).toMatchObject({ admin: null, accessToken: null });
    expect(api.logout).toHaveBeenCalledTimes(1);
  });

  it('a failed renewal signs out with the server message', async () => {
    const { controller, state, timers } = setup({
      login: vi.fn().mockResolvedValue(session()),
      refresh: vi.fn().mockRejectedValue(new ApiError('Refresh token reused', 401)),
    });
    await controller.login('admin@example.com', 'pw');
    timers.pending[0].fn();
    await vi.waitFor(() => expect(state()).toMatchObject({ admin: null, accessToken: null, error: 'Refresh token reused' }));
  });

  it('logout clears the session even when the API call fails', async () => {
    const { controller, state, timers } = setup({
      login: vi.fn().mockResolvedValue(session()),
      logout: vi.fn().mockRejectedValue(new ApiError('Network Error', 0)),
    });
    await controller.login('admin@example.com', 'pw');
    await controller.logout();
    expect(state()).toMatchObject({ admin: null, accessToken: null });
    expect(timers.pending).toEqual([]);
  });
});
