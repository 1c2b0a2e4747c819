import { WS_PROTOCOL } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { runAdminCommand } from '../cli/admin-command';
import { SESSION_REVOKED_CLOSE } from '../realtime/hub';
import { createStaffAccount, signIn } from '../test/staff';
import { call, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';

/** An admin's realtime socket, open; `closed` resolves to the close code the server sent. */
async function openSocket(server: TestServer, accessToken: string) {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/ws`, [WS_PROTOCOL, accessToken]);
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { ws, closed };
}

const statusOf = async (server: TestServer, headers: Record<string, string>) =>
  (await call(server, '/api/contact', { headers })).status;
/**
 * A replica learns of a change made elsewhere on its next read of the session states: every 2 s in
 * production (session-states.ts), every READ_EVERY_MS here.
 */
const READ_EVERY_MS = 100;
const NEXT_READ = { timeout: 5000, interval: 20 };

describe.each(TEST_ENGINES)('signing out everywhere on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine, sessionStatesRefreshMs: READ_EVERY_MS });
  });
  afterAll(() => server?.close());

  it('after a CLI password reset, every session of the admin is refused and its socket closed', async () => {
    const agent = await createStaffAccount(server, 'agent');
    const [first, second] = [await signIn(server, agent.email), await signIn(server, agent.email)];
    const bystander = await signIn(server, (await createStaffAccount(server, 'viewer')).email);
    const socket = await openSocket(server, first.accessToken);
    expect(await statusOf(server, first.headers)).toBe(200);

    // The CLI is another process: the server learns of it on its next read of the session states.
    const reset = await runAdminCommand(server.deps.db, ['reset-password', agent.email, '--password', 'a-brand-new-pass']);
    expect(reset.code).toBe(0);
    await expect.poll(() => statusOf(server, first.headers), NEXT_READ).toBe(401);
    expect(await statusOf(server, second.headers)).toBe(401);
    expect(await socket.closed).toBe(SESSION_REVOKED_CLOSE);
    // The client hears the close frame before the server has let go of the socket: wait for that too.
    await expect.poll(() => server.hub.clientCount()).toBe(0);
    expect((await call(server, '/api/uploads/00000000-0000-4000-8000-000000000000.pdf', { headers: first.headers })).status).toBe(
      401,
    );
    await expect(openSocket(server, second.accessToken)).rejects.toThrow(/401/);

    expect(await statusOf(server, bystander.headers)).toBe(200);
    expect(await statusOf(server, (await signIn(server, agent.email, 'a-brand-new-pass')).headers)).toBe(200);
  });

  it('signing out ends that session’s access token, not the admin’s other sessions', async () => {
    const agent = await createStaffAccount(server, 'agent');
    const [kept, ended] = [await signIn(server, agent.email), await signIn(server, agent.email)];
    const logout = await call(server, '/api/admin/logout', { method: 'POST', headers: { Cookie: ended.cookie } });
    expect(logout.status).toBe(200);
    await expect.poll(() => statusOf(server, ended.headers), NEXT_READ).toBe(401);
    expect(await statusOf(server, kept.headers)).toBe(200);
  });

  it('disabling an account from Settings refuses it and closes its sockets at once on this replica', async () => {
    const viewer = await createStaffAccount(server, 'viewer');
    const session = await signIn(server, viewer.email);
    const socket = await openSocket(server, session.accessToken);
    const disabled = await call(server, `/api/admin/staff/${viewer.id}`, {
      method: 'PATCH',
      headers: { ...server.adminHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ disabled: true }),
    });
    expect(disabled.status).toBe(200);
    expect(await statusOf(server, session.headers)).toBe(401);
    expect(await socket.closed).toBe(SESSION_REVOKED_CLOSE);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('signing out on two replicas of one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ engine: 'postgres', sessionStatesRefreshMs: READ_EVERY_MS });
    b = await startTestServer({ engine: 'postgres', sameDatabaseAs: a, sessionStatesRefreshMs: READ_EVERY_MS });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('an account disabled on one replica is refused, and its socket closed, on the other within seconds', async () => {
    const agent = await createStaffAccount(a, 'agent');
    await b.deps.sessions.refresh();
    const session = await signIn(a, agent.email);
    const socket = await openSocket(b, session.accessToken);
    expect(await statusOf(b, session.headers)).toBe(200);

    const disabled = await call(a, `/api/admin/staff/${agent.id}`, {
      method: 'PATCH',
      headers: { ...a.adminHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ disabled: true }),
    });
    expect(disabled.status).toBe(200);
    expect(await statusOf(a, session.headers)).toBe(401);
    await expect.poll(() => statusOf(b, session.headers), NEXT_READ).toBe(401);
    expect(await socket.closed).toBe(SESSION_REVOKED_CLOSE);
  });
});
