import { ACCOUNT_MESSAGES, type AccountProfile, type PasskeySummary, type SessionResponse } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { softwareAuthenticator } from '../test/software-authenticator';
import { createStaffAccount, signIn } from '../test/staff';
import { call, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';

describe.each(TEST_ENGINES)('passkeys on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.close());

  /** A request from the admin page at `origin`, to the API there (the browser names the page in Origin). */
  const post = (path: string, origin: string, body: unknown = {}, headers: Record<string, string> = {}) =>
    call({ url: origin }, `/api/admin${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin, ...headers },
      body: JSON.stringify(body),
    });

  /** An agent with a passkey made by `authenticator` on the page at its origin. */
  async function withPasskey(origin = server.url) {
    const agent = await createStaffAccount(server, 'agent');
    const { headers } = await signIn(server, agent.email);
    const authenticator = softwareAuthenticator(origin);
    const options = await post('/account/passkeys/options', origin, {}, headers);
    expect(options.body).toMatchObject({
      rp: { id: new URL(origin).hostname, name: 'Indus Global Sourcing' },
      user: { name: agent.email },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const added = await post(
      '/account/passkeys',
      origin,
      { name: 'Laptop', response: authenticator.create(options.body) },
      headers,
    );
    expect(added.status).toBe(201);
    return { agent, headers, authenticator, passkey: added.body as PasskeySummary };
  }

  it('registers a passkey from the account page and signs in with it: a session like any other, audited', async () => {
    const { agent, headers, authenticator, passkey } = await withPasskey();
    expect(passkey).toMatchObject({ name: 'Laptop', lastUsedAt: null });
    expect(((await call(server, '/api/admin/account', { headers })).body as AccountProfile).passkeys).toEqual([passkey]);

    const options = await post('/passkey/options', server.url);
    expect(options.body).toMatchObject({ rpId: '127.0.0.1', userVerification: 'required', allowCredentials: [] });
    const signedIn = await post('/passkey/login', server.url, { response: authenticator.get(options.body) });
    expect(signedIn.status).toBe(200);
    expect((signedIn.body as SessionResponse).admin).toMatchObject({ id: agent.id, role: 'agent' });
    expect(signedIn.headers.getSetCookie().join()).toContain('sourcing_refresh=');
    const own = await call(server, '/api/admin/account', {
      headers: { Authorization: `Bearer ${(signedIn.body as SessionResponse).accessToken}` },
    });
    expect(own.body.passkeys[0].lastUsedAt).toEqual(expect.any(String));
    const audit = await call(server, `/api/admin/audit?action=sign-in&actor=${agent.email}`, { headers: server.adminHeaders() });
    expect(audit.body.data[0].details).toMatchObject({ method: 'passkey' });
  });

  it('accepts each challenge once, only from the page’s own origin, and only with user verification', async () => {
    const { authenticator } = await withPasskey();
    const options = (await post('/passkey/options', server.url)).body;
    const answer = authenticator.get(options);
    expect((await post('/passkey/login', server.url, { response: answer })).status).toBe(200);
    expect(await post('/passkey/login', server.url, { response: answer })).toMatchObject({
      status: 401,
      body: { error: ACCOUNT_MESSAGES.passkeyFailed },
    });
    // Signed on another site: its origin is in the signed client data, so a phishing page's answer is refused.
    const phished = softwareAuthenticator('http://127.0.0.1:1');
    phished.credentials.push(...authenticator.credentials);
    const fresh = (await post('/passkey/options', server.url)).body;
    expect((await post('/passkey/login', server.url, { response: phished.get(fresh) })).status).toBe(401);
    const unverified = softwareAuthenticator(server.url, { userVerified: false });
    unverified.credentials.push(...authenticator.credentials);
    expect(
      (await post('/passkey/login', server.url, { response: unverified.get((await post('/passkey/options', server.url)).body) }))
        .status,
    ).toBe(401);
  });

  it('refuses a passkey it does not know, one of a disabled account, and one removed from the account page', async () => {
    const stranger = softwareAuthenticator(server.url);
    stranger.create({ challenge: 'x', rp: { id: '127.0.0.1' }, user: { id: 'someone' } });
    const unknown = await post('/passkey/login', server.url, {
      response: stranger.get((await post('/passkey/options', server.url)).body),
    });
    expect(unknown).toMatchObject({ status: 401, body: { error: ACCOUNT_MESSAGES.passkeyUnknown } });

    const { headers, authenticator, passkey } = await withPasskey();
    const removed = await call(server, `/api/admin/account/passkeys/${passkey.id}`, { method: 'DELETE', headers });
    expect(removed.status).toBe(200);
    const after = await post('/passkey/login', server.url, {
      response: authenticator.get((await post('/passkey/options', server.url)).body),
    });
    expect(after.status).toBe(401);

    const second = await withPasskey();
    await call(server, `/api/admin/staff/${second.agent.id}`, {
      method: 'PATCH',
      headers: { ...server.adminHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ disabled: true }),
    });
    const disabled = await post('/passkey/login', server.url, {
      response: second.authenticator.get((await post('/passkey/options', server.url)).body),
    });
    expect(disabled.status).toBe(403);
  });

  it('belongs to the host it was made on: a passkey made at localhost does not sign in at 127.0.0.1', async () => {
    const localhost = server.url.replace('127.0.0.1', 'localhost');
    const { authenticator } = await withPasskey(localhost);
    const here = (await post('/passkey/options', localhost)).body;
    expect(here.rpId).toBe('localhost');
    expect((await post('/passkey/login', localhost, { response: authenticator.get(here) })).status).toBe(200);
    const elsewhere = (await post('/passkey/options', server.url)).body;
    const refused = await post('/passkey/login', server.url, {
      response: authenticator.get(elsewhere, authenticator.credentials[0]),
    });
    expect(refused.status).toBe(401);
  });

  it('answers a malformed answer with 400 or 401, never 500', async () => {
    for (const response of [
      null,
      {},
      { id: 'x', rawId: 'x', type: 'public-key' },
      { id: 'x', rawId: 'x', type: 'public-key', response: 'nope' },
    ]) {
      const res = await post('/passkey/login', server.url, { response });
      expect([400, 401], JSON.stringify(response)).toContain(res.status);
    }
    const { headers } = await signIn(server, (await createStaffAccount(server, 'agent')).email);
    const res = await post(
      '/account/passkeys',
      server.url,
      { name: 'Key', response: { id: 'x', rawId: 'x', type: 'public-key' } },
      headers,
    );
    expect(res).toMatchObject({ status: 400, body: { error: ACCOUNT_MESSAGES.passkeyFailed } });
  });
});
