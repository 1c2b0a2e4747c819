import { ACCOUNT_MESSAGES, STAFF_MESSAGES, type AuditPage, type Invitation, type SessionResponse } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminEntity, InvitationEntity } from '../auth/schema';
import { invitationToken } from '../test/accounts';
import { createStaffAccount, signIn } from '../test/staff';
import { call, jsonBody, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';

const HOUR = 60 * 60 * 1000;

describe.each(TEST_ENGINES)('invitations on %s', (engine) => {
  let server: TestServer;
  let clock = Date.parse('2030-03-01T09:00:00Z');
  beforeAll(async () => {
    server = await startTestServer({ engine, now: () => new Date(clock) });
  });
  afterAll(() => server?.close());

  const owner = () => ({ ...server.adminHeaders(), 'Content-Type': 'application/json' });
  const invite = (email: string, role = 'agent') =>
    call(server, '/api/admin/invitations', { ...jsonBody({ email, role }), headers: owner() });
  const pending = async () => (await call(server, '/api/admin/invitations', { headers: owner() })).body as Invitation[];
  const preview = (token: string) => call(server, '/api/admin/invitation', jsonBody({ token }));
  const accept = (token: string, name = 'Ana Silva', password = 'a-long-password-0') =>
    call(server, '/api/admin/invitation/accept', jsonBody({ token, name, password }));
  const trail = async (action: string) =>
    ((await call(server, `/api/admin/audit?action=${action}`, { headers: owner() })).body as AuditPage).data;

  it('mails a single-use link; the colleague chooses name and password and is signed in with the role', async () => {
    const sent = await invite('Ana.Silva@Example.com', 'agent');
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ email: 'ana.silva@example.com', role: 'agent', invitedBy: 'admin@example.com' });
    expect(Date.parse(sent.body.expiresAt) - clock).toBe(72 * HOUR);
    expect((await pending()).map((i) => i.email)).toContain('ana.silva@example.com');
    const token = await invitationToken(server, 'ana.silva@example.com');
    // Only the token's hash is kept.
    const stored = await server.deps.db.reads.getRepository(InvitationEntity).findOneByOrFail({ email: 'ana.silva@example.com' });
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await preview(token)).body).toEqual({
      email: 'ana.silva@example.com',
      role: 'agent',
      expiresAt: sent.body.expiresAt,
    });
    const accepted = await accept(token);
    expect(accepted.status).toBe(201);
    const session = accepted.body as SessionResponse;
    expect(session.admin).toMatchObject({ email: 'ana.silva@example.com', role: 'agent', name: 'Ana Silva' });
    expect(accepted.headers.getSetCookie().join()).toContain('sourcing_refresh=');
    const profile = await call(server, '/api/admin/account', { headers: { Authorization: `Bearer ${session.accessToken}` } });
    expect(profile.body).toMatchObject({ name: 'Ana Silva', role: 'agent' });
    // The password chosen signs in.
    expect((await signIn(server, 'ana.silva@example.com', 'a-long-password-0')).admin.name).toBe('Ana Silva');

    expect(await accept(token, 'Someone Else')).toMatchObject({
      status: 404,
      body: { error: ACCOUNT_MESSAGES.invitationInvalid },
    });
    expect((await preview(token)).status).toBe(404);
    expect((await pending()).map((i) => i.email)).not.toContain('ana.silva@example.com');
    expect((await trail('staff-invited'))[0]).toMatchObject({ details: { email: 'ana.silva@example.com', role: 'agent' } });
    expect((await trail('staff-invitation-accepted'))[0]).toMatchObject({
      actorEmail: 'ana.silva@example.com',
      actorName: 'Ana Silva',
      subjectKind: 'staff',
      subjectId: session.admin.id,
    });
  });

  it('is accepted once even when the link is sent twice at the same moment', async () => {
    await invite('twice@example.com');
    const token = await invitationToken(server, 'twice@example.com');
    const answers = await Promise.all([accept(token, 'First'), accept(token, 'Second')]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 404]);
    expect(await server.deps.db.reads.getRepository(AdminEntity).countBy({ email: 'twice@example.com' })).toBe(1);
  });

  it('expires after 72 hours; resending makes a new link and kills the old one', async () => {
    await invite('late@example.com', 'viewer');
    const first = await invitationToken(server, 'late@example.com');
    clock += 72 * HOUR;
    expect(await preview(first)).toMatchObject({ status: 410, body: { error: ACCOUNT_MESSAGES.invitationExpired } });
    expect((await accept(first)).status).toBe(410);
    const listed = (await pending()).find((i) => i.email === 'late@example.com')!;
    expect(Date.parse(listed.expiresAt)).toBeLessThanOrEqual(clock);

    const resent = await call(server, `/api/admin/invitations/${listed.id}/resend`, { method: 'POST', headers: owner() });
    expect(resent.body).toMatchObject({ id: listed.id, email: 'late@example.com' });
    const second = await invitationToken(server, 'late@example.com');
    expect(second).not.toBe(first);
    expect((await preview(first)).status).toBe(404);
    expect((await accept(second, 'Late Comer')).body.admin).toMatchObject({ role: 'viewer', name: 'Late Comer' });
    expect((await trail('staff-invitation-resent'))[0].details).toMatchObject({ email: 'late@example.com' });
  });

  it('is withdrawn: its link stops working at once', async () => {
    const { body } = await invite('withdrawn@example.com');
    const token = await invitationToken(server, 'withdrawn@example.com');
    const withdrawn = await call(server, `/api/admin/invitations/${body.id}`, { method: 'DELETE', headers: owner() });
    expect(withdrawn.status).toBe(200);
    expect((await accept(token)).status).toBe(404);
    expect((await pending()).map((i) => i.email)).not.toContain('withdrawn@example.com');
    expect((await call(server, `/api/admin/invitations/${body.id}`, { method: 'DELETE', headers: owner() })).status).toBe(404);
    expect((await trail('staff-invitation-withdrawn'))[0].details).toMatchObject({ email: 'withdrawn@example.com' });
  });

  it('refuses an address that has an account or a pending invitation, and a weak password or no name', async () => {
    const agent = await createStaffAccount(server, 'agent');
    expect(await invite(agent.email)).toMatchObject({ status: 409, body: { error: STAFF_MESSAGES.emailTaken } });
    await invite('double@example.com');
    expect(await invite('Double@example.com')).toMatchObject({
      status: 409,
      body: { error: ACCOUNT_MESSAGES.invitationPending },
    });
    expect((await invite('not-an-address')).status).toBe(400);
    const token = await invitationToken(server, 'double@example.com');
    expect((await accept(token, 'Dee', 'short')).body.fields).toEqual({ password: 'Password must be at least 10 characters' });
    expect((await accept(token, '  ')).body.fields).toEqual({ name: 'Name is required' });
    expect((await accept('', 'Dee')).status).toBe(400);
    // Nothing was used up by the refusals.
    expect((await accept(token, 'Dee')).status).toBe(201);
  });

  it('is refused to pages of other sites', async () => {
    const res = await call(server, '/api/admin/invitation', {
      ...jsonBody({ token: 'x' }),
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });
});
