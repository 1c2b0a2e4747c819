import { WS_PROTOCOL } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { withProof } from '../test/form-proof';
import { jsonBody, startTestServer, TEST_ADMIN, TEST_ENGINES, TEST_SCRYPT_COST, type TestServer } from '../test/support';
import { createAdmin } from './admin-accounts';
import { REFRESH_COOKIE } from './routes';

const ADMIN = { email: 'Owner@Example.com', password: 'a-long-admin-password' };

/** The refresh cookie a response set, as a Cookie header value ('' when it was cleared). */
function refreshCookie(response: Response): string {
  const header = response.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`)) ?? '';
  const value = header.split(';')[0].slice(REFRESH_COOKIE.length + 1);
  return value ? `${REFRESH_COOKIE}=${value}` : '';
}

describe.each(TEST_ENGINES)('admin sessions over HTTP on %s', (engine) => {
  let server: TestServer;
  const post = (path: string, init: { json?: unknown; cookie?: string } = {}) =>
    fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: {
        ...(init.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(init.cookie ? { Cookie: init.cookie } : {}),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    });
  const login = (password = ADMIN.password, email = ADMIN.email) => post('/admin/login', { json: { email, password } });

  beforeAll(async () => {
    server = await startTestServer({
      engine,
      refreshGraceMs: 0,
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    });
  });
  afterAll(() => server.close());

  it('signs in the admin created from ADMIN_EMAIL/ADMIN_PASSWORD and sets an httpOnly refresh cookie', async () => {
    const response = await login();
    expect(response.status).toBe(200);
    const body = (await response.json()) as { admin: unknown; accessToken: string };
    expect(body.admin).toEqual({ id: expect.any(String), email: 'owner@example.com', role: 'owner', name: 'owner@example.com' });
    const setCookie = response.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/sourcing_refresh=[^;]+; path=\/api\/admin; expires=[^;]+; samesite=lax; httponly/i);

    const list = await fetch(`${server.url}/api/contact`, { headers: { Authorization: `Bearer ${body.accessToken}` } });
    expect(list.status).toBe(200);
  });

  it('accepts at once the tokens of an account made outside this process (the admin CLI, another replica)', async () => {
    // Written to the database as the admin CLI writes it: this server's account states do not hold it yet.
    const made = await server.deps.db.transaction((tx) =>
      createAdmin(tx, 'made-elsewhere@example.com', ADMIN.password, { role: 'viewer', cost: TEST_SCRYPT_COST }),
    );
    expect(server.deps.sessions.roleOf(made.id, null)).toBeNull();
    const signedIn = await login(ADMIN.password, made.email);
    expect(signedIn.status).toBe(200);
    const { accessToken } = (await signedIn.json()) as { accessToken: string };
    const list = await fetch(`${server.url}/api/contact`, { headers: { Authorization: `Bearer ${accessToken}` } });
    expect(list.status).toBe(200);
  });

  it('answers a wrong password or a missing field with a clear error', async () => {
    const wrong = await login('not-the-password');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'Invalid email or password' });
    const unknown = await login(ADMIN.password, 'nobody@example.com');
    expect(await unknown.json()).toEqual({ error: 'Invalid email or password' });
    const missing = await post('/admin/login', { json: { email: '' } });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: 'Email is required',
      fields: { email: 'Email is required', password: 'Password is required' },
    });
  });

  it('rotates the refresh cookie, refuses a reused one and then ends the whole session', async () => {
    const first = refreshCookie(await login());
    const refreshed = await post('/admin/refresh', { cookie: first });
    expect(refreshed.status).toBe(200);
    expect(await refreshed.json()).toMatchObject({ admin: { email: 'owner@example.com' }, accessToken: expect.any(String) });
    const second = refreshCookie(refreshed);
    expect(second).not.toBe('');
    expect(second).not.toBe(first);

    const reused = await post('/admin/refresh', { cookie: first });
    expect(reused.status).toBe(401);
    expect(await reused.json()).toEqual({ error: 'Session expired' });
    expect((await post('/admin/refresh', { cookie: second })).status).toBe(401);
    expect((await post('/admin/refresh')).status).toBe(401);
  });

  it('logs out: the cookie is cleared and can no longer refresh', async () => {
    const cookie = refreshCookie(await login());
    const out = await post('/admin/logout', { cookie });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ message: 'Logged out' });
    expect(refreshCookie(out)).toBe('');
    expect((await post('/admin/refresh', { cookie })).status).toBe(401);
  });

  it('refuses sign-out, refresh and sign-in sent from a page of another site', async () => {
    const cookie = refreshCookie(await login());
    const fromPage = (path: string, headers: Record<string, string>, json?: unknown) =>
      fetch(`${server.url}/api${path}`, {
        method: 'POST',
        headers: { Cookie: cookie, ...(json ? { 'Content-Type': 'application/json' } : {}), ...headers },
        body: json ? JSON.stringify(json) : undefined,
      });
    const crossSite: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
    ];
    for (const headers of crossSite) {
      for (const path of ['/admin/logout', '/admin/refresh']) {
        const res = await fromPage(path, headers);
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(await res.json()).toEqual({ error: 'Cross-site request refused' });
        // Above all, the answer does not touch the session cookie.
        expect(res.headers.getSetCookie()).toEqual([]);
      }
      expect((await fromPage('/admin/login', headers, { email: ADMIN.email, password: ADMIN.password })).status).toBe(403);
    }
    const ownOrigin = { Origin: server.url, 'Sec-Fetch-Site': 'same-origin' };
    const refreshed = await fromPage('/admin/refresh', ownOrigin);
    expect(refreshed.status).toBe(200);
    expect((await fromPage('/admin/logout', { Cookie: refreshCookie(refreshed), ...ownOrigin })).status).toBe(200);
  });

  it('pushes a public submission to an admin WebSocket and refuses one without a session', async () => {
    const url = `${server.url.replace('http', 'ws')}/api/ws`;
    await expect(
      new Promise((resolve, reject) => {
        const ws = new WebSocket(url);
        ws.once('open', resolve);
        ws.once('error', reject);
      }),
    ).rejects.toThrow(/401/);

    const token = server.deps.tokens.sign(TEST_ADMIN);
    const ws = new WebSocket(url, [WS_PROTOCOL, token]);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const message = new Promise<unknown>((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));
    const sent = await fetch(
      `${server.url}/api/contact`,
      await withProof(server, jsonBody({ name: 'Jane Doe', email: 'jane@example.com', message: 'Hello' })),
    );
    expect(sent.status).toBe(201);
    expect(await message).toMatchObject({
      event: 'contactUpdated',
      summary: { kind: 'contact', displayName: 'Jane Doe', id: expect.any(String) },
    });
    ws.close();
  });
});
