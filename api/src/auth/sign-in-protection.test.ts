import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, TEST_ENGINES, type TestServer } from '../test/support';
import { DEVICE_COOKIE } from './device-cookies';
import type { ScryptCost } from './passwords';

const OWNER = { email: 'owner@example.com', password: 'the-owners-password-1' };
/**
 * Half the production cost, for the tests about sign-ins that overlap: each hash keeps a thread of
 * the pool busy for a while. The others use the test servers' cheap cost (TEST_SCRYPT_COST).
 */
const SLOW_SCRYPT: ScryptCost = { N: 2 ** 14, r: 8, p: 1 };

/** The cookies a response set, as a Cookie header value. */
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');

describe.each(TEST_ENGINES)('sign-in protection on %s', (engine) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await server?.close();
    server = undefined;
  });

  const start = async (env: Record<string, string>, scryptCost?: ScryptCost) => {
    server = await startTestServer({
      engine,
      scryptCost,
      env: { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, ...env },
    });
    return server;
  };
  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    fetch(`${server!.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ email, password }),
    });
  const statuses = async (responses: Promise<Response>[]) => (await Promise.all(responses)).map((r) => r.status);
  const count = (list: number[], status: number) => list.filter((s) => s === status).length;

  it('checks at most the free failures and one more of 200 parallel guesses at one account', async () => {
    // The burst is judged at one instant, however long a busy machine takes to serve it: the wait
    // after the last free failure (1 s) ends neither by the clock nor by the limiter store's timer.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    await start({ LOGIN_FREE_FAILURES: '5', PASSWORD_HASH_QUEUE: '500' }, SLOW_SCRYPT);
    const answers = await statuses(Array.from({ length: 200 }, (_, i) => login(OWNER.email, `guess-${i}`)));
    expect(count(answers, 401)).toBeGreaterThanOrEqual(1);
    expect(count(answers, 401)).toBeLessThanOrEqual(6);
    expect(count(answers, 429)).toBe(200 - count(answers, 401));
  });

  it('charges the address only for the password checks of a burst, not for the guesses refused before one', async () => {
    // One password check at a time per account: how many of the burst are checked depends on how
    // fast the machine sends them, so the account's own wait is kept out of it (free failures above
    // the burst) and the address allows many more checks than a busy machine makes, far fewer than
    // the guesses.
    await start({ RATE_LIMIT_LOGIN_PER_15_MINUTES: '100', LOGIN_FREE_FAILURES: '1000', PASSWORD_HASH_QUEUE: '500' }, SLOW_SCRYPT);
    const answers = await statuses(Array.from({ length: 300 }, (_, i) => login(OWNER.email, `guess-${i}`)));
    expect(count(answers, 401)).toBeGreaterThanOrEqual(1);
    expect(count(answers, 401)).toBeLessThan(100);
    expect(count(answers, 401) + count(answers, 429)).toBe(300);
    // The owner, from the same address, right after the burst.
    expect((await login(OWNER.email, OWNER.password)).status).toBe(200);
  });

  it('limits failed sign-ins per address across e-mails, whatever the client writes into X-Forwarded-For', async () => {
    await start({ RATE_LIMIT_LOGIN_PER_15_MINUTES: '3', TRUST_PROXY_HOPS: '1' });
    const from = (forged: string, real = '198.51.100.7') => ({ 'X-Forwarded-For': `${forged}, ${real}` });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await login(`user${i}@example.com`, 'wrong-password', from(`10.0.0.${i}`))).status);
    expect(answers).toEqual([401, 401, 401, 429, 429]);
    const refused = await login(OWNER.email, OWNER.password, from('10.9.9.9'));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Too many failed sign-in attempts from your network/);
    expect((await login(OWNER.email, OWNER.password, from('10.0.0.1', '198.51.100.8'))).status).toBe(200);
  });

  it('makes an account wait a little longer after each failure instead of locking it for 15 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-05-01T09:00:00Z') });
    await start({ LOGIN_FREE_FAILURES: '3' });
    for (let i = 0; i < 4; i++) expect((await login(OWNER.email, 'mistyped')).status).toBe(401);
    const waiting = await login(OWNER.email, OWNER.password);
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get('retry-after')).toBe('1');
    expect(await waiting.json()).toEqual({ error: 'Too many failed sign-in attempts. Try again in 1 second.' });
    vi.setSystemTime(Date.now() + 1000);
    expect((await login(OWNER.email, OWNER.password)).status).toBe(200);
  });

  it("does not let a colleague's mistakes hold back someone who signed in from that browser before", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-05-01T09:00:00Z') });
    await start({ LOGIN_FREE_FAILURES: '5', RATE_LIMIT_LOGIN_PER_15_MINUTES: '6' });
    const signedIn = await login(OWNER.email, OWNER.password);
    expect(signedIn.status).toBe(200);
    const ownersBrowser = { Cookie: cookiesOf(signedIn) };
    expect(ownersBrowser.Cookie).toContain(`${DEVICE_COOKIE}=`);

    // Same office, another browser: the owner's e-mail typed with wrong passwords, again and again.
    const colleague = [];
    for (let i = 0; i < 12; i++) colleague.push((await login(OWNER.email, `typo-${i}`)).status);
    expect(colleague.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(colleague.slice(6).every((status) => status === 429)).toBe(true);
    expect((await login(OWNER.email, OWNER.password)).status).toBe(429);

    expect((await login(OWNER.email, OWNER.password, ownersBrowser)).status).toBe(200);
    // The cookie vouches for that account only: for another one, the office's used-up budget holds.
    expect((await login('someone.else@example.com', 'x', ownersBrowser)).status).toBe(429);
  });

  it('keeps serving files while a flood of sign-ins waits for password hashing', async () => {
    const env = { RATE_LIMIT_LOGIN_PER_15_MINUTES: '1000', PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '100' };
    await start(env, SLOW_SCRYPT);
    mkdirSync(server!.deps.config.webDistDir, { recursive: true });
    writeFileSync(join(server!.deps.config.webDistDir, 'robots.txt'), 'User-agent: *');
    let answered = 0;
    const logins = Array.from({ length: 24 }, (_, i) =>
      login(`flood${i}@example.com`, 'wrong-password').then((r) => {
        answered += 1;
        return r.status;
      }),
    );
    // Hashing is in full swing once the first answers come back.
    await expect.poll(() => answered, { interval: 5, timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const before = answered;
    const file = await fetch(`${server!.url}/robots.txt`);
    expect(await file.text()).toBe('User-agent: *');
    const answeredMeanwhile = answered - before;
    expect(await Promise.all(logins)).toEqual(Array(24).fill(401));
    // File reads run on libuv's small thread pool, like scrypt: with one hash at a time they do not
    // wait behind the whole queue of sign-ins (on a pool full of hashes, most of them would finish first).
    expect(answeredMeanwhile).toBeLessThanOrEqual(3);
  });

  it('answers 503 at once when too many sign-ins already wait for a hash', async () => {
    await start(
      { RATE_LIMIT_LOGIN_PER_15_MINUTES: '1000', PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '2' },
      SLOW_SCRYPT,
    );
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => login(`busy${i}@example.com`, 'wrong-password')));
    const answers = responses.map((r) => r.status);
    expect(count(answers, 503)).toBeGreaterThan(0);
    expect(count(answers, 401) + count(answers, 503)).toBe(20);
    const busy = responses.find((r) => r.status === 503)!;
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(await busy.json()).toEqual({ error: 'The server is busy signing people in. Please try again in a moment.' });
    expect((await login(OWNER.email, OWNER.password)).status).toBe(200);
  });
});
