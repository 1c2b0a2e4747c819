import {
  WS_PROTOCOL,
  type AccountProfile,
  type ActiveSession,
  type Assignee,
  type AuditPage,
  type SessionResponse,
} from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { simpleParser } from 'mailparser';
import { OUTBOX, type OutboxRow } from '../mail/outbox-entity';
import { SESSION_REVOKED_CLOSE } from '../realtime/hub';
import { recordRow, seedRows } from '../test/factories';
import { createStaffAccount, signIn, STAFF_PASSWORD } from '../test/staff';
import { call, jsonBody, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';
import { cookiesOf } from '../test/accounts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DESKTOP_APP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Electron/33.0.0 Safari/537.36';

describe.each(TEST_ENGINES)('one’s own account on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine, refreshGraceMs: 0 });
  });
  afterAll(() => server?.close());

  /** A sign-in from a browser (its user agent): its access token and cookies. */
  async function session(email: string, userAgent = CHROME, password = STAFF_PASSWORD) {
    const res = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': userAgent },
      body: JSON.stringify({ email, password }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as SessionResponse;
    return { ...body, cookie: cookiesOf(res), headers: { Authorization: `Bearer ${body.accessToken}` } };
  }
  const refresh = (cookie: string) => call(server, '/api/admin/refresh', { method: 'POST', headers: { Cookie: cookie } });
  const send = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    call(server, `/api/admin/account${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('lists the live sessions with app, device, address and times, and signs one out: its socket closes at once', async () => {
    const agent = await createStaffAccount(server, 'agent');
    const laptop = await session(agent.email, CHROME);
    const desktop = await session(agent.email, DESKTOP_APP);
    const listed = (await send('GET', '/sessions', laptop.headers)).body as ActiveSession[];
    expect(listed).toHaveLength(2);
    expect(listed.find((s) => s.current)).toMatchObject({ client: 'browser', device: 'Chrome on Linux', address: '127.0.0.1' });
    const other = listed.find((s) => !s.current)!;
    expect(other).toMatchObject({ client: 'desktop', device: 'Desktop app on Windows' });
    expect(Date.parse(other.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(other.firstSeenAt));

    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/ws`, [WS_PROTOCOL, desktop.accessToken]);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await new Promise((resolve) => ws.once('open', resolve));

    expect((await send('DELETE', `/sessions/${other.id}`, laptop.headers)).body).toEqual({ message: 'Session signed out' });
    expect(await closed).toBe(SESSION_REVOKED_CLOSE);
    expect((await send('GET', '', desktop.headers)).status).toBe(401);
    expect((await refresh(desktop.cookie)).status).toBe(401);
    expect((await send('GET', '', laptop.headers)).status).toBe(200);
    expect(((await send('GET', '/sessions', laptop.headers)).body as ActiveSession[]).map((s) => s.id)).toEqual([
      listed.find((s) => s.current)!.id,
    ]);
    // Another account's session, or one already ended, is not found.
    const colleague = await session((await createStaffAccount(server, 'agent')).email);
    const theirs = ((await send('GET', '/sessions', colleague.headers)).body as ActiveSession[])[0];
    expect((await send('DELETE', `/sessions/${theirs.id}`, laptop.headers)).status).toBe(404);
    expect((await send('DELETE', `/sessions/${other.id}`, laptop.headers)).status).toBe(404);
    expect((await send('GET', '', colleague.headers)).status).toBe(200);
  });

  it('renews a session’s last-seen time and address at each refresh', async () => {
    const agent = await createStaffAccount(server, 'agent');
    const signedIn = await session(agent.email);
    const before = ((await send('GET', '/sessions', signedIn.headers)).body as ActiveSession[])[0];
    const renewed = await refresh(signedIn.cookie);
    expect(renewed.status).toBe(200);
    const headers = { Authorization: `Bearer ${(renewed.body as SessionResponse).accessToken}` };
    const after = ((await send('GET', '/sessions', headers)).body as ActiveSession[])[0];
    expect(after).toMatchObject({ id: before.id, current: true, firstSeenAt: before.firstSeenAt });
    expect(Date.parse(after.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(before.lastSeenAt));
  });

  it('signs out everywhere: every session of the account, this one too', async () => {
    const agent = await createStaffAccount(server, 'agent');
    const [one, two] = [await session(agent.email), await session(agent.email)];
    expect((await send('POST', '/sessions/sign-out-everywhere', one.headers)).status).toBe(200);
    for (const s of [one, two]) {
      expect((await send('GET', '', s.headers)).status).toBe(401);
      expect((await refresh(s.cookie)).status).toBe(401);
    }
  });

  it('changes the password with the current one: the other sessions end, this one goes on', async () => {
    const agent = await createStaffAccount(server, 'agent');
    const [here, elsewhere] = [await session(agent.email), await session(agent.email)];
    const wrong = await send('POST', '/password', here.headers, {
      currentPassword: 'not-it-at-all',
      newPassword: 'a-new-password-1',
    });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'The current password is not right' } });
    const short = await send('POST', '/password', here.headers, { currentPassword: STAFF_PASSWORD, newPassword: 'short' });
    expect(short.body.fields).toEqual({ newPassword: 'Password must be at least 10 characters' });
    const changed = await send('POST', '/password', here.headers, {
      currentPassword: STAFF_PASSWORD,
      newPassword: 'a-new-password-1',
    });
    expect(changed.body).toEqual({ message: 'Password changed; your other sessions were signed out' });
    expect((await send('GET', '', elsewhere.headers)).status).toBe(401);
    expect((await send('GET', '', here.headers)).status).toBe(200);
    expect((await refresh(here.cookie)).status).toBe(200);
    expect((await call(server, '/api/admin/login', jsonBody({ email: agent.email, password: STAFF_PASSWORD }))).status).toBe(401);
    expect((await session(agent.email, CHROME, 'a-new-password-1')).admin.id).toBe(agent.id);
  });

  it('names the account everywhere staff appear once it has a name: owner picker, timeline, audit trail, sign-in', async () => {
    const agent = await createStaffAccount(server, 'agent', `named-${engine}@example.com`);
    const { headers } = await signIn(server, agent.email);
    const assignees = async () => (await call(server, '/api/admin/assignees', { headers })).body as Assignee[];
    expect((await assignees()).find((a) => a.id === agent.id)).toEqual({ id: agent.id, email: agent.email, name: agent.email });

    const saved = await send('PATCH', '', headers, { name: '  Ana Silva ', signature: 'Ana Silva\nIndus Global Sourcing' });
    expect(saved.body as AccountProfile).toMatchObject({ name: 'Ana Silva', signature: 'Ana Silva\nIndus Global Sourcing' });
    expect((await send('PATCH', '', headers, { name: '' })).body.fields).toEqual({ name: 'Name is required' });
    expect((await send('PATCH', '', headers, {})).status).toBe(400);
    expect((await assignees()).find((a) => a.id === agent.id)).toEqual({ id: agent.id, email: agent.email, name: 'Ana Silva' });

    const [row] = [recordRow('contacts', new Date())];
    await seedRows(server.deps.db, 'contacts', [row]);
    const note = await call(server, `/api/contact/${row.id}/notes`, {
      ...jsonBody({ text: 'Called back' }),
      headers: { ...headers, 'Content-Type': 'application/json' },
    });
    expect(note.body.actor).toEqual({ id: agent.id, email: agent.email, name: 'Ana Silva' });
    await call(server, `/api/contact/${row.id}`, {
      method: 'PATCH',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ownerId: agent.id, version: 1 }),
    });
    await send('PATCH', '', headers, { name: 'Ana Silva-Rao' });
    const timeline = (await call(server, `/api/contact/${row.id}/timeline`, { headers })).body as { actor: Assignee | null }[];
    expect(timeline.slice(1).map((e) => e.actor?.name)).toEqual(['Ana Silva-Rao', 'Ana Silva-Rao']);
    expect(timeline.at(-1)).toMatchObject({ type: 'owner', to: { id: agent.id, name: 'Ana Silva-Rao' } });

    // A reply carries the author's signature below the message.
    const replied = await call(server, `/api/contact/${row.id}/reply`, {
      ...jsonBody({ message: 'We have 25 t ready.' }),
      headers: { ...headers, 'Content-Type': 'application/json' },
    });
    expect(replied.status).toBe(201);
    const [mail] = await server.deps.db.reads
      .getRepository<OutboxRow>(OUTBOX)
      .find({ where: { purpose: 'reply' }, order: { createdAt: 'DESC' } });
    expect((await simpleParser(mail.message)).text).toContain('We have 25 t ready.\n\nAna Silva\nIndus Global Sourcing');

    const audit = (await call(server, `/api/admin/audit?actor=named-${engine}`, { headers: server.adminHeaders() }))
      .body as AuditPage;
    expect(audit.data.map((e) => e.actorName)).toContain('Ana Silva-Rao');
    expect(audit.data.find((e) => e.action === 'account-profile-changed')?.details.summary).toBe('name → Ana Silva-Rao');
    expect((await signIn(server, agent.email)).admin.name).toBe('Ana Silva-Rao');
  });
});
