import type { AuditEntry, AuditPage } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffAccount, signIn, STAFF_PASSWORD } from '../test/staff';
import { call, jsonBody, startTestServer, TEST_ADMIN, TEST_ENGINES, type TestServer } from '../test/support';
import { CLI_ACTOR } from './audit';

describe.each(TEST_ENGINES)('audit trail on %s', (engine) => {
  let server: TestServer;
  /** The real time, unless a test sets one. */
  let clock: Date | null = null;
  beforeAll(async () => {
    server = await startTestServer({ engine, now: () => clock ?? new Date() });
  });
  afterAll(() => server?.close());

  const audit = async (query = '') =>
    (await call(server, `/api/admin/audit${query}`, { headers: server.adminHeaders() })).body as AuditPage;
  const latest = async (query = '') => (await audit(`?limit=1${query}`)).data[0];

  it('records sign-ins and failed sign-ins, with the e-mail typed and the address', async () => {
    const agent = await createStaffAccount(server, 'agent');
    await signIn(server, agent.email);
    expect(await latest('&action=sign-in')).toMatchObject({
      actorId: agent.id,
      actorEmail: agent.email,
      details: { address: expect.any(String) },
    });
    await call(server, '/api/admin/login', jsonBody({ email: agent.email, password: `${STAFF_PASSWORD}-wrong` }));
    expect(await latest('&action=sign-in-failed')).toMatchObject({ actorId: agent.id, actorEmail: agent.email });
    await call(server, '/api/admin/login', jsonBody({ email: 'nobody@example.com', password: 'whatever-it-is' }));
    expect(await latest('&action=sign-in-failed')).toMatchObject({ actorId: null, actorEmail: 'nobody@example.com' });
  });

  it('records who exported which list with which filters', async () => {
    const viewer = await createStaffAccount(server, 'viewer');
    const session = await signIn(server, viewer.email);
    const exported = await call(server, '/api/contact/export.csv?q=copper&sort=oldest', { headers: session.headers });
    expect(exported.status).toBe(200);
    expect(await latest('&action=export')).toMatchObject({
      actorEmail: viewer.email,
      subjectKind: 'contact',
      details: { list: 'contacts', filters: { q: 'copper', since: null, sort: 'oldest' } },
    });
  });

  it('pages newest first and filters by action, actor, subject and time', async () => {
    const at = (iso: string) => new Date(iso);
    for (let i = 0; i < 5; i += 1) {
      clock = at(`2030-01-0${i + 1}T00:00:00Z`);
      await server.deps.audit({ id: null, email: `pager${i}@example.com` }, 'staff-created', { kind: 'staff', id: `page-${i}` });
    }
    await server.deps.audit(CLI_ACTOR, 'staff-password-reset', { kind: 'staff', id: 'page-cli' });
    clock = null;
    const first = await audit('?actor=PAGER&limit=2');
    expect(first.data.map((e) => e.actorEmail)).toEqual(['pager4@example.com', 'pager3@example.com']);
    const second = await audit(`?actor=pager&limit=2&cursor=${first.nextCursor}`);
    expect(second.data.map((e) => e.actorEmail)).toEqual(['pager2@example.com', 'pager1@example.com']);
    const third = await audit(`?actor=pager&limit=2&cursor=${second.nextCursor}`);
    expect(third).toMatchObject({ data: [{ actorEmail: 'pager0@example.com' }], nextCursor: null });

    const window = await audit('?from=2030-01-02T00:00:00Z&to=2030-01-03T00:00:00Z&action=staff-created');
    expect(window.data.map((e: AuditEntry) => e.subjectId)).toEqual(['page-2', 'page-1']);
    expect((await audit('?subjectKind=staff&subjectId=page-cli')).data).toMatchObject([{ actorEmail: 'cli', actorId: null }]);
    expect((await call(server, '/api/admin/audit?action=frobnicated', { headers: server.adminHeaders() })).status).toBe(400);
    expect((await call(server, '/api/admin/audit?cursor=not-ours', { headers: server.adminHeaders() })).status).toBe(400);
    expect((await call(server, '/api/admin/audit?actor=100%25', { headers: server.adminHeaders() })).body.data).toEqual([]);
  });

  it('is append-only in the database itself', async () => {
    await server.deps.audit({ id: TEST_ADMIN.id, email: TEST_ADMIN.email }, 'record-changed', { kind: 'contact', id: 'x' });
    await expect(server.deps.dataSource.query(`UPDATE "audit_log" SET "actor_email" = 'someone-else'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(server.deps.dataSource.query(`DELETE FROM "audit_log"`)).rejects.toThrow(/append-only/);
    expect((await latest('&action=record-changed')).actorEmail).toBe(TEST_ADMIN.email);
  });
});
