import { STAFF_MESSAGES, type AuditPage, type StaffAccount, type StaffPasswordResponse } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DISABLED } from '../auth/routes';
import { createStaffAccount, headersOf, signIn } from '../test/staff';
import { call, jsonBody, startTestServer, TEST_ADMIN, TEST_ENGINES, type TestServer } from '../test/support';

describe.each(TEST_ENGINES)('staff management on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.close());

  const owner = () => server.adminHeaders();
  const send = (method: string, path: string, body?: unknown, headers = owner()) =>
    call(server, `/api/admin/staff${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const trail = async (subjectId: string) =>
    ((await call(server, `/api/admin/audit?subjectId=${subjectId}`, { headers: owner() })).body as AuditPage).data;

  it('creates an account with a generated password shown once, which signs in with its role', async () => {
    const created = await send('POST', '', { email: 'New.Agent@Example.com', role: 'agent' });
    expect(created.status).toBe(201);
    const { account, password } = created.body as StaffPasswordResponse;
    expect(account).toMatchObject({ email: 'new.agent@example.com', role: 'agent', disabledAt: null });
    expect(password).toMatch(/^\S{16,}$/);

    const listed = (await send('GET', '')).body as StaffAccount[];
    expect(listed.find((a) => a.id === account.id)).toEqual(account);
    expect(JSON.stringify(listed)).not.toContain(password);

    const session = await signIn(server, 'new.agent@example.com', password);
    expect(session.admin).toEqual({
      id: account.id,
      email: 'new.agent@example.com',
      role: 'agent',
      name: 'new.agent@example.com',
    });
    expect((await send('POST', '', { email: 'new.agent@example.com', role: 'viewer' })).body).toEqual({
      error: STAFF_MESSAGES.emailTaken,
    });
    expect((await send('POST', '', { email: 'x@example.com', role: 'emperor' })).status).toBe(400);
    expect((await trail(account.id)).map((e) => [e.action, e.actorEmail, e.details.role, e.details.summary])).toEqual([
      ['staff-created', TEST_ADMIN.email, 'agent', 'created as agent'],
    ]);
  });

  it('changes a role, effective on the next request without signing in again', async () => {
    const agent = await createStaffAccount(server, 'agent');
    const session = await signIn(server, agent.email);
    expect((await call(server, '/api/admin/audit', { headers: session.headers })).status).toBe(403);
    const changed = await send('PATCH', `/${agent.id}`, { role: 'owner' });
    expect(changed.body).toMatchObject({ id: agent.id, role: 'owner' });
    expect((await call(server, '/api/admin/audit', { headers: session.headers })).status).toBe(200);
    expect((await trail(agent.id)).map((e) => [e.action, e.details.from, e.details.to, e.details.summary])).toEqual([
      ['staff-role-changed', 'agent', 'owner', 'role agent → owner'],
    ]);
  });

  it('disables an account (sign-in refused, sessions ended) and enables it again', async () => {
    const viewer = await createStaffAccount(server, 'viewer');
    const session = await signIn(server, viewer.email);
    expect((await send('PATCH', `/${viewer.id}`, { disabled: true })).body).toMatchObject({ disabledAt: expect.any(String) });
    expect((await call(server, '/api/contact', { headers: session.headers })).status).toBe(401);
    const refused = await call(server, '/api/admin/login', jsonBody({ email: viewer.email, password: 'staff-password-0123' }));
    expect(refused).toMatchObject({ status: 403, body: { error: ACCOUNT_DISABLED } });
    const refresh = await call(server, '/api/admin/refresh', { method: 'POST', headers: { Cookie: session.cookie } });
    expect(refresh.status).toBe(401);

    expect((await send('PATCH', `/${viewer.id}`, { disabled: false })).body).toMatchObject({ disabledAt: null });
    expect((await signIn(server, viewer.email)).admin.role).toBe('viewer');
    expect((await trail(viewer.id)).map((e) => [e.action, e.actorEmail, e.details.summary])).toEqual([
      ['staff-enabled', TEST_ADMIN.email, 'enabled'],
      ['staff-disabled', TEST_ADMIN.email, 'disabled'],
    ]);
  });

  it('resets a password: the new one works, the old one and the old sessions do not', async () => {
    const agent = await createStaffAccount(server, 'agent');
    const session = await signIn(server, agent.email);
    const reset = await send('POST', `/${agent.id}/reset-password`);
    const { password } = reset.body as StaffPasswordResponse;
    expect(password).toMatch(/^\S{16,}$/);
    expect((await call(server, '/api/contact', { headers: session.headers })).status).toBe(401);
    expect(
      (await call(server, '/api/admin/login', jsonBody({ email: agent.email, password: 'staff-password-0123' }))).status,
    ).toBe(401);
    expect((await signIn(server, agent.email, password)).admin.id).toBe(agent.id);
    expect((await trail(agent.id)).map((e) => [e.action, e.actorEmail, e.details.summary])).toEqual([
      ['staff-password-reset', TEST_ADMIN.email, 'password reset'],
    ]);
    expect((await send('POST', '/00000000-0000-4000-8000-00000000dead/reset-password')).status).toBe(404);
  });

  it('never leaves no active owner, even when two owners demote each other at once', async () => {
    const owners = await send('GET', '');
    for (const account of (owners.body as StaffAccount[]).filter((a) => a.role === 'owner' && a.id !== TEST_ADMIN.id)) {
      await send('PATCH', `/${account.id}`, { role: 'agent' });
    }
    expect(await send('PATCH', `/${TEST_ADMIN.id}`, { role: 'viewer' })).toMatchObject({
      status: 409,
      body: { error: STAFF_MESSAGES.lastOwner },
    });
    expect((await send('PATCH', `/${TEST_ADMIN.id}`, { disabled: true })).status).toBe(409);

    const second = await createStaffAccount(server, 'owner');
    const [a, b] = await Promise.all([
      send('PATCH', `/${TEST_ADMIN.id}`, { role: 'agent' }, headersOf(server, second)),
      send('PATCH', `/${second.id}`, { role: 'agent' }, owner()),
    ]);
    // The loser is refused by the last-owner rule, or (if the winner's change was seen first) as no longer an owner.
    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    expect([a.status, b.status].find((s) => s !== 200)).toBeOneOf([403, 409]);
    const remaining = (
      (await send('GET', '', undefined, a.status === 200 ? headersOf(server, second) : owner())).body as StaffAccount[]
    ).filter((x) => x.role === 'owner' && x.disabledAt === null);
    expect(remaining).toHaveLength(1);
    // Put the test owner back for the other tests.
    if (a.status === 200) await send('PATCH', `/${TEST_ADMIN.id}`, { role: 'owner' }, headersOf(server, second));
  });
});
