import { ACCOUNT_MESSAGES, type RecoveryCodes, type SessionResponse, type TwoFactorSetup } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminEntity, RecoveryCodeEntity } from '../auth/schema';
import { totpCodeAt } from '../test/accounts';
import { createStaffAccount, signIn, STAFF_PASSWORD } from '../test/staff';
import { call, jsonBody, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';

const STEP_MS = 30_000;

describe.each(TEST_ENGINES)('two-factor sign-in on %s', (engine) => {
  let server: TestServer;
  // An authenticator's clock and the server's: one injected time, moved a step at a time.
  let clock = Date.parse('2030-01-01T12:00:10Z');

  beforeAll(async () => {
    server = await startTestServer({ engine, now: () => new Date(clock), env: { LOGIN_FREE_FAILURES: '2' } });
  });
  afterAll(() => server?.close());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    call(server, `/api/admin${path}`, { ...jsonBody(body), headers: { 'Content-Type': 'application/json', ...headers } });

  /** A code that is not the authenticator's now. */
  const wrongCode = (secret: string) => (totpCodeAt(secret, clock) === '123456' ? '654321' : '123456');

  /** An account with an authenticator set up from its account page: its secret and recovery codes. */
  async function enrolled(role: 'owner' | 'agent' = 'agent') {
    const account = await createStaffAccount(server, role);
    const { headers } = await signIn(server, account.email);
    const setup = await post('/account/two-factor/setup', {}, headers);
    expect(setup.status).toBe(200);
    const { secret, uri, qrCode } = setup.body as TwoFactorSetup;
    expect(uri).toMatch(new RegExp(`^otpauth://totp/.+\\?.*secret=${secret}`));
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    expect(
      (await post('/account/two-factor/confirm', { code: '000000' === totpCodeAt(secret, clock) ? '111111' : '000000' }, headers))
        .body,
    ).toEqual({
      error: ACCOUNT_MESSAGES.invalidCode,
      fields: { code: ACCOUNT_MESSAGES.invalidCode },
    });
    const confirmed = await post('/account/two-factor/confirm', { code: totpCodeAt(secret, clock) }, headers);
    expect(confirmed.status).toBe(200);
    const { recoveryCodes } = confirmed.body as RecoveryCodes;
    clock += STEP_MS;
    return { account, secret, recoveryCodes };
  }

  /** The first step: the password answers a ticket for the code. */
  async function ticketFor(email: string): Promise<string> {
    const res = await post('/login', { email, password: STAFF_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ secondStep: 'totp', ticket: expect.any(String) });
    expect(res.headers.getSetCookie()).toEqual([]);
    return (res.body as { ticket: string }).ticket;
  }

  it('turns on with a QR code and a first code; then the password alone signs in no more', async () => {
    const { account, recoveryCodes } = await enrolled();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const ticket = await ticketFor(account.email);
    // The ticket is no access token, and gives nothing but the second step.
    expect((await call(server, '/api/admin/account', { headers: { Authorization: `Bearer ${ticket}` } })).status).toBe(401);
  });

  it('keeps the secret sealed and the recovery codes hashed: the database alone does not hold them', async () => {
    const { account, secret, recoveryCodes } = await enrolled();
    const row = await server.deps.db.reads.getRepository(AdminEntity).findOneByOrFail({ id: account.id });
    expect(row.totpSecret).toMatch(/^v1\./);
    expect(row.totpSecret).not.toContain(secret);
    const stored = JSON.stringify(await server.deps.db.reads.getRepository(RecoveryCodeEntity).findBy({ adminId: account.id }));
    for (const code of recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
  });

  it('accepts the code of the current step and of one step either side, not two steps away (RFC 6238 window)', async () => {
    const { account, secret } = await enrolled();
    clock += 2 * STEP_MS; // past the step that confirmed the set-up
    for (const [offset, accepted] of [
      [-2 * STEP_MS, false],
      [2 * STEP_MS, false],
      [-STEP_MS, true],
    ] as const) {
      const res = await post('/login/code', { ticket: await ticketFor(account.email), code: totpCodeAt(secret, clock + offset) });
      expect(res.status, `${offset / 1000} s`).toBe(accepted ? 200 : 401);
      if (!accepted) expect(res.body).toEqual({ error: ACCOUNT_MESSAGES.invalidCode });
    }
    clock += 3 * STEP_MS;
    const now = await post('/login/code', { ticket: await ticketFor(account.email), code: totpCodeAt(secret, clock) });
    expect(now.status).toBe(200);
    clock += 3 * STEP_MS;
    const ahead = await post('/login/code', {
      ticket: await ticketFor(account.email),
      code: totpCodeAt(secret, clock + STEP_MS),
    });
    expect(ahead.status).toBe(200);
    expect((ahead.body as SessionResponse).admin).toMatchObject({ id: account.id, role: 'agent' });
    expect(ahead.headers.getSetCookie().join()).toContain('sourcing_refresh=');
  });

  it('accepts a code once: the same code, or one of an earlier step, is refused as used (no replay)', async () => {
    const { account, secret } = await enrolled();
    const code = totpCodeAt(secret, clock);
    expect((await post('/login/code', { ticket: await ticketFor(account.email), code })).status).toBe(200);
    const again = await post('/login/code', { ticket: await ticketFor(account.email), code });
    expect(again).toMatchObject({ status: 401, body: { error: ACCOUNT_MESSAGES.codeUsed } });
    const earlier = await post('/login/code', {
      ticket: await ticketFor(account.email),
      code: totpCodeAt(secret, clock - STEP_MS),
    });
    expect(earlier).toMatchObject({ status: 401, body: { error: ACCOUNT_MESSAGES.codeUsed } });
    clock += STEP_MS;
    expect((await post('/login/code', { ticket: await ticketFor(account.email), code: totpCodeAt(secret, clock) })).status).toBe(
      200,
    );
  });

  it('accepts each recovery code once, typed in any case and without its hyphen', async () => {
    const { account, recoveryCodes } = await enrolled();
    const [first, second] = recoveryCodes;
    const used = await post('/login/code', { ticket: await ticketFor(account.email), code: first });
    expect(used.status).toBe(200);
    const again = await post('/login/code', { ticket: await ticketFor(account.email), code: first });
    expect(again).toMatchObject({ status: 401, body: { error: ACCOUNT_MESSAGES.invalidCode } });
    const typed = await post('/login/code', {
      ticket: await ticketFor(account.email),
      code: second.toUpperCase().replace('-', ' '),
    });
    expect(typed.status).toBe(200);
    const profile = await call(server, '/api/admin/account', {
      headers: { Authorization: `Bearer ${(typed.body as SessionResponse).accessToken}` },
    });
    expect(profile.body.twoFactor).toEqual({ enabled: true, required: false, recoveryCodesLeft: 8 });
    const audit = await call(server, `/api/admin/audit?action=sign-in&actor=${account.email}`, {
      headers: server.adminHeaders(),
    });
    expect(audit.body.data.map((e: { details: { method: string } }) => e.details.method)).toEqual([
      'password+recovery-code',
      'password+recovery-code',
      'password',
    ]);
  });

  it('throttles the second step per account and address like the password: growing waits after the free failures', async () => {
    const { account, secret } = await enrolled();
    const ticket = await ticketFor(account.email);
    for (let i = 0; i < 3; i++) expect((await post('/login/code', { ticket, code: wrongCode(secret) })).status).toBe(401);
    const held = await post('/login/code', { ticket, code: totpCodeAt(secret, clock) });
    expect(held.status).toBe(429);
    expect(held.body.error).toBe('Too many failed sign-in attempts. Try again in 1 second.');
    expect(held.headers.get('Retry-After')).toBe('1');
    const failures = await call(server, `/api/admin/audit?action=sign-in-failed&actor=${account.email}`, {
      headers: server.adminHeaders(),
    });
    expect(failures.body.data).toHaveLength(3);
    expect(failures.body.data[0].details).toMatchObject({ step: 'second-factor' });
    // The password step counts apart: it is not held by the codes' failures.
    expect((await post('/login', { email: account.email, password: STAFF_PASSWORD })).status).toBe(200);
  });

  it('refuses a ticket that is not ours, of the other stage, or of a disabled account', async () => {
    const { account, secret } = await enrolled();
    const ticket = await ticketFor(account.email);
    const code = totpCodeAt(secret, clock);
    const forged = `${ticket.slice(0, -2)}xx`;
    expect(await post('/login/code', { ticket: forged, code })).toMatchObject({
      status: 401,
      body: { error: ACCOUNT_MESSAGES.ticketExpired },
    });
    expect(await post('/login/setup', { ticket })).toMatchObject({
      status: 401,
      body: { error: ACCOUNT_MESSAGES.ticketExpired },
    });
    expect((await post('/login/code', {})).status).toBe(400);
    await call(server, `/api/admin/staff/${account.id}`, {
      method: 'PATCH',
      headers: { ...server.adminHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ disabled: true }),
    });
    expect((await post('/login/code', { ticket, code })).status).toBe(403);
  });

  it('turns off with the current password only; an owner resets a colleague’s, audited, ending their sessions', async () => {
    const { account } = await enrolled();
    const session = await post('/login/code', {
      ticket: await ticketFor(account.email),
      code: totpCodeAt(await secretOf(account.id), clock),
    });
    const headers = { Authorization: `Bearer ${(session.body as SessionResponse).accessToken}` };
    expect(await post('/account/two-factor/disable', { currentPassword: 'not-the-password' }, headers)).toMatchObject({
      status: 400,
      body: { error: ACCOUNT_MESSAGES.wrongPassword },
    });

    const reset = await post(`/staff/${account.id}/reset-two-factor`, {}, server.adminHeaders());
    expect(reset.body).toMatchObject({ id: account.id, twoFactor: false });
    await expect.poll(async () => (await call(server, '/api/admin/account', { headers })).status).toBe(401);
    const audit = await call(server, `/api/admin/audit?action=staff-two-factor-reset&subjectId=${account.id}`, {
      headers: server.adminHeaders(),
    });
    expect(audit.body.data[0].details).toMatchObject({ summary: 'two-factor sign-in reset', email: account.email });
    // The password alone signs in again.
    const again = await post('/login', { email: account.email, password: STAFF_PASSWORD });
    expect((again.body as SessionResponse).accessToken).toEqual(expect.any(String));
  });

  async function secretOf(adminId: string): Promise<string> {
    const row = await server.deps.db.reads.getRepository(AdminEntity).findOneByOrFail({ id: adminId });
    return server.deps.auth.secrets.open(row.totpSecret!)!;
  }
});

describe.each(TEST_ENGINES)('REQUIRE_2FA=owners on %s', (engine) => {
  let server: TestServer;
  let clock = Date.parse('2030-01-01T12:00:10Z');
  beforeAll(async () => {
    server = await startTestServer({ engine, now: () => new Date(clock), env: { REQUIRE_2FA: 'owners' } });
  });
  afterAll(() => server?.close());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    call(server, `/api/admin${path}`, { ...jsonBody(body), headers: { 'Content-Type': 'application/json', ...headers } });

  it('has an owner without an authenticator set one up before the session starts; an agent signs in with the password', async () => {
    const owner = await createStaffAccount(server, 'owner');
    const first = await post('/login', { email: owner.email, password: STAFF_PASSWORD });
    expect(first.body).toEqual({ secondStep: 'setup', ticket: expect.any(String) });
    const { ticket } = first.body as { ticket: string };
    const setup = (await post('/login/setup', { ticket })).body as TwoFactorSetup;
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await post('/login/setup/confirm', { ticket, code: '12345' })).status).toBe(401);
    const confirmed = await post('/login/setup/confirm', { ticket, code: totpCodeAt(setup.secret, clock) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ admin: { id: owner.id }, accessToken: expect.any(String) });
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    const headers = { Authorization: `Bearer ${(confirmed.body as SessionResponse).accessToken}` };

    expect((await call(server, '/api/admin/account', { headers })).body.twoFactor).toMatchObject({
      enabled: true,
      required: true,
    });
    expect(await post('/account/two-factor/disable', { currentPassword: STAFF_PASSWORD }, headers)).toMatchObject({
      status: 409,
      body: { error: ACCOUNT_MESSAGES.twoFactorRequired },
    });
    clock += 30_000;
    expect((await post('/login', { email: owner.email, password: STAFF_PASSWORD })).body.secondStep).toBe('totp');

    const agent = await createStaffAccount(server, 'agent');
    expect((await post('/login', { email: agent.email, password: STAFF_PASSWORD })).body).toMatchObject({
      accessToken: expect.any(String),
    });
  });
});
