import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, TEST_ENGINES, type TestServer } from '../test/support';
import { createLoginGuard, delayAfterFailures, type LoginAttempt, type LoginRefusal, type LoginSubject } from './login-guard';

describe('waits after failed sign-ins', () => {
  it('start after the free failures, double, and stop growing at the maximum', () => {
    const waits = Array.from({ length: 17 }, (_, i) => delayAfterFailures(i + 1, 5, 900));
    expect(waits).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
  });
});

/**
 * The guard against the real stores (PostgreSQL's table, or memory on SQLite). rate-limiter-flexible
 * reads the time from Date, so the tests set the clock with vi.setSystemTime instead of waiting.
 */
describe.each(TEST_ENGINES)('sign-in guard on %s', (engine) => {
  let server: TestServer;
  let run = 0;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A guard with its own counters, so tests do not share state. */
  function guard(options: { failuresPerAddress?: number; freeFailures?: number; maxDelaySeconds?: number } = {}) {
    run += 1;
    const limiters: typeof server.deps.limiters = (o) => server.deps.limiters({ ...o, name: `${o.name}-${run}` });
    return createLoginGuard({ limiters, failuresPerAddress: 100, freeFailures: 2, maxDelaySeconds: 4, ...options });
  }
  const subject = (overrides: Partial<LoginSubject> = {}): LoginSubject => ({
    email: 'owner@example.com',
    address: '203.0.113.5',
    device: null,
    ...overrides,
  });
  const admitted = (outcome: LoginAttempt | LoginRefusal): LoginAttempt => {
    expect(outcome.ok).toBe(true);
    return outcome as LoginAttempt;
  };
  const refused = (outcome: LoginAttempt | LoginRefusal) => {
    expect(outcome.ok).toBe(false);
    const { reason, retryAfterMs } = outcome as LoginRefusal;
    return { reason, seconds: Math.ceil(retryAfterMs / 1000) };
  };

  it('lets one check of an account run at a time, counted before it runs', async () => {
    const g = guard();
    const first = admitted(await g.begin(subject()));
    expect(refused(await g.begin(subject({ email: ' OWNER@example.com ' })))).toEqual({ reason: 'busy', seconds: 1 });
    // Another account, or the same one from elsewhere, is not held up.
    admitted(await g.begin(subject({ email: 'other@example.com' })));
    admitted(await g.begin(subject({ address: '198.51.100.1' })));
    await first.failed();
    admitted(await g.begin(subject()));
  });

  it('makes an account wait longer after each failure past the free ones, and forgets them on success', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-05-01T09:00:00Z') });
    const g = guard({ freeFailures: 2, maxDelaySeconds: 4 });
    const fail = async () => admitted(await g.begin(subject())).failed();
    await fail();
    await fail();
    await fail();
    expect(refused(await g.begin(subject()))).toEqual({ reason: 'delay', seconds: 1 });
    vi.setSystemTime(Date.now() + 1000);
    await fail();
    expect(refused(await g.begin(subject()))).toEqual({ reason: 'delay', seconds: 2 });
    vi.setSystemTime(Date.now() + 1999);
    expect(refused(await g.begin(subject()))).toEqual({ reason: 'delay', seconds: 1 });
    vi.setSystemTime(Date.now() + 1);
    await fail();
    expect(refused(await g.begin(subject()))).toEqual({ reason: 'delay', seconds: 4 });
    vi.setSystemTime(Date.now() + 4000);
    await fail();
    expect(refused(await g.begin(subject()))).toEqual({ reason: 'delay', seconds: 4 });
    vi.setSystemTime(Date.now() + 4000);

    await admitted(await g.begin(subject())).succeeded();
    await fail();
    admitted(await g.begin(subject()));
  });

  it('limits failed checks per address across e-mails; successes and unchecked attempts do not count', async () => {
    const g = guard({ failuresPerAddress: 3 });
    await admitted(await g.begin(subject({ email: 'a@example.com' }))).failed();
    await admitted(await g.begin(subject({ email: 'b@example.com' }))).succeeded();
    await admitted(await g.begin(subject({ email: 'c@example.com' }))).abandoned();
    await admitted(await g.begin(subject({ email: 'd@example.com' }))).failed();
    await admitted(await g.begin(subject({ email: 'e@example.com' }))).failed();
    expect(refused(await g.begin(subject({ email: 'f@example.com' })))).toMatchObject({ reason: 'address' });
    admitted(await g.begin(subject({ email: 'f@example.com', address: '198.51.100.1' })));
  });

  it('judges a device the account signed in from on its own, not by its network', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-05-01T09:00:00Z') });
    const g = guard({ failuresPerAddress: 3, freeFailures: 1 });
    // Someone else in the office: the account's waits and the address budget are used up.
    for (let i = 0; i < 3; i++) {
      await admitted(await g.begin(subject())).failed();
      vi.setSystemTime(Date.now() + 60_000);
    }
    expect(refused(await g.begin(subject()))).toMatchObject({ reason: 'address' });
    const owner = admitted(await g.begin(subject({ device: 'owners-laptop' })));
    await owner.succeeded();
    // The device's own failures still make it wait.
    await admitted(await g.begin(subject({ device: 'owners-laptop' }))).failed();
    await admitted(await g.begin(subject({ device: 'owners-laptop' }))).failed();
    expect(refused(await g.begin(subject({ device: 'owners-laptop' })))).toEqual({ reason: 'delay', seconds: 1 });
  });
});
