import { ADMIN_LISTS, type AdminListName, type UnreadCounts } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordRow, seedRows } from '../../test/factories';
import { createStaffAccount } from '../../test/staff';
import { call, startTestServer, TEST_ENGINES, type TestServer } from '../../test/support';

/** Who reads: a staff account's id and e-mail (what its access token names). */
type StaffMember = { id: string; email: string };

/** Records are seeded after the accounts exist (an account reads from its creation on). */
const RECEIVED = new Date('2030-01-01T10:00:00Z');

describe.each(TEST_ENGINES)('read state per admin on %s', (engine) => {
  let server: TestServer;
  let clock = new Date('2030-01-01T12:00:00Z');
  let agent: StaffMember;
  let viewer: StaffMember;
  const as = (admin: StaffMember) => ({ Authorization: `Bearer ${server.deps.tokens.sign(admin)}` });
  const path = (list: AdminListName) => `/api${ADMIN_LISTS[list].path}`;
  const counts = async (admin: StaffMember) =>
    (await call(server, '/api/admin/unread', { headers: as(admin) })).body as UnreadCounts;
  const unreadIds = async (admin: StaffMember, list: AdminListName, query = '') =>
    (await call(server, `${path(list)}?limit=500${query}`, { headers: as(admin) })).body.unreadIds as string[];
  const read = (admin: StaffMember, list: AdminListName, id: string) =>
    call(server, `${path(list)}/${id}/read`, { method: 'POST', headers: as(admin) });
  const readAll = (admin: StaffMember, list: AdminListName) =>
    call(server, `${path(list)}/read-all`, { method: 'POST', headers: as(admin) });

  async function seed(list: AdminListName, n: number): Promise<string[]> {
    const rows = Array.from({ length: n }, (_, i) => recordRow(list, new Date(RECEIVED.getTime() + i * 1000)));
    await seedRows(server.deps.db, list, rows);
    return rows.map((r) => r.id);
  }

  beforeAll(async () => {
    server = await startTestServer({ engine, now: () => clock });
    agent = await createStaffAccount(server, 'agent');
    viewer = await createStaffAccount(server, 'viewer');
  });
  afterAll(() => server?.close());

  it('a new account has nothing unread; what arrives after is unread for every admin, flagged on the list rows', async () => {
    expect(await counts(viewer)).toEqual({ inquiries: 0, supplierInquiries: 0, contacts: 0, subscribers: 0 });
    const ids = await seed('inquiries', 3);
    const subscribers = await seed('subscribers', 2);
    for (const admin of [agent, viewer]) {
      expect(await counts(admin)).toEqual({ inquiries: 3, supplierInquiries: 0, contacts: 0, subscribers: 2 });
      expect((await unreadIds(admin, 'inquiries')).sort()).toEqual([...ids].sort());
      expect((await unreadIds(admin, 'subscribers')).sort()).toEqual([...subscribers].sort());
    }
  });

  it('opening a record marks it read for that admin only, and answers their counts', async () => {
    const [id] = await seed('contacts', 2);
    const before = await counts(agent);
    const res = await read(agent, 'contacts', id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...before, contacts: before.contacts - 1 });
    expect(await unreadIds(agent, 'contacts')).not.toContain(id);
    // Reading again changes nothing; the other admin still has it unread.
    expect((await read(agent, 'contacts', id)).body.contacts).toBe(before.contacts - 1);
    expect(await unreadIds(viewer, 'contacts')).toContain(id);
    expect((await counts(viewer)).contacts).toBe(before.contacts);
  });

  it('a viewer has read state of their own too', async () => {
    const [id] = await seed('supplierInquiries', 1);
    expect((await counts(viewer)).supplierInquiries).toBe(1);
    expect((await read(viewer, 'supplierInquiries', id)).body.supplierInquiries).toBe(0);
    expect((await counts(agent)).supplierInquiries).toBe(1);
  });

  it('records marked Spam are not unread, and count again once they leave Spam', async () => {
    const [id] = await seed('inquiries', 1);
    const before = await counts(viewer);
    const patch = (body: unknown) =>
      call(server, `${path('inquiries')}/${id}`, {
        method: 'PATCH',
        headers: { ...as(agent), 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await patch({ version: 1, status: 'Spam' })).status).toBe(200);
    expect((await counts(viewer)).inquiries).toBe(before.inquiries - 1);
    expect(await unreadIds(viewer, 'inquiries', '&status=Spam')).toEqual([]);
    // A Spam record read before, then restored, stays read; one not read counts again.
    expect((await patch({ version: 2, status: 'New' })).status).toBe(200);
    expect((await counts(viewer)).inquiries).toBe(before.inquiries);
  });

  it('a Spam record someone had read is not subtracted twice', async () => {
    const [id] = await seed('contacts', 1);
    await read(agent, 'contacts', id);
    const before = await counts(agent);
    const spam = await call(server, `${path('contacts')}/${id}`, {
      method: 'PATCH',
      headers: { ...as(agent), 'Content-Type': 'application/json' },
      body: JSON.stringify({ version: 1, status: 'Spam' }),
    });
    expect(spam.status).toBe(200);
    expect(await counts(agent)).toEqual(before);
  });

  it('mark all read clears a list for that admin; records arriving later are unread again', async () => {
    await seed('subscribers', 3);
    clock = new Date('2030-01-02T00:00:00Z');
    const res = await readAll(viewer, 'subscribers');
    expect(res.status).toBe(200);
    expect(res.body.subscribers).toBe(0);
    expect(await unreadIds(viewer, 'subscribers')).toEqual([]);
    expect((await counts(agent)).subscribers).toBeGreaterThan(0);

    const later = recordRow('subscribers', new Date('2030-01-02T00:00:05Z'));
    await seedRows(server.deps.db, 'subscribers', [later]);
    expect((await counts(viewer)).subscribers).toBe(1);
    expect(await unreadIds(viewer, 'subscribers')).toEqual([later.id]);
    expect((await read(viewer, 'subscribers', later.id)).body.subscribers).toBe(0);
  });

  it('answers 404 for a record that does not exist', async () => {
    expect((await read(agent, 'inquiries', '00000000-0000-4000-8000-0000000000aa')).status).toBe(404);
    expect((await read(agent, 'inquiries', 'not-an-id')).status).toBe(404);
  });

  it('asks for a session', async () => {
    expect((await call(server, '/api/admin/unread')).status).toBe(401);
    expect((await call(server, `${path('contacts')}/read-all`, { method: 'POST' })).status).toBe(401);
  });
});
