import { VIEW_MESSAGES, type ColumnChoices, type SavedView } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRow } from '../auth/schema';
import { createStaffAccount, headersOf } from '../test/staff';
import { call, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';

describe.each(TEST_ENGINES)('saved views and column choices on %s', (engine) => {
  let server: TestServer;
  let agent: AdminRow;
  let viewer: AdminRow;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    agent = await createStaffAccount(server, 'agent');
    viewer = await createStaffAccount(server, 'viewer');
  });
  afterAll(() => server?.close());

  const send = (account: AdminRow, method: string, path: string, body?: unknown) =>
    call(server, `/api${path}`, {
      method,
      headers: { ...headersOf(server, account), 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const viewsOf = async (account: AdminRow, list: string) => {
    const res = await send(account, 'GET', `/admin/views?list=${list}`);
    expect(res.status, res.text).toBe(200);
    return res.body as SavedView[];
  };

  const russianQuotes = {
    list: 'inquiries',
    name: 'Quoted in Russia',
    params: { q: 'Иван', status: 'Quoted', sort: '-fullName', destinationCountry: 'Russia' },
    hiddenColumns: ['purity', 'gstNumber'],
  };

  it('keeps a view for its owner, and shows it to the team once shared', async () => {
    const created = await send(agent, 'POST', '/admin/views', russianQuotes);
    expect(created.status, created.text).toBe(201);
    const view = created.body as SavedView;
    expect(view).toMatchObject({
      ...russianQuotes,
      shared: false,
      owner: { id: agent.id, email: agent.email, name: agent.email },
    });

    expect(await viewsOf(agent, 'inquiries')).toEqual([view]);
    expect(await viewsOf(agent, 'contacts')).toEqual([]);
    expect(await viewsOf(viewer, 'inquiries')).toEqual([]);

    const shared = await send(agent, 'PATCH', `/admin/views/${view.id}`, { shared: true });
    expect(shared.status, shared.text).toBe(200);
    expect(await viewsOf(viewer, 'inquiries')).toEqual([{ ...view, shared: true, updatedAt: expect.any(String) }]);
    // The team reads its owner by the name they chose, as everywhere staff appear.
    expect((await send(agent, 'PATCH', '/admin/account', { name: 'Ana Silva' })).status).toBe(200);
    expect((await viewsOf(viewer, 'inquiries'))[0].owner).toEqual({ id: agent.id, email: agent.email, name: 'Ana Silva' });

    // Another staff member uses a shared view but does not change or delete it.
    expect((await send(viewer, 'PATCH', `/admin/views/${view.id}`, { name: 'Mine now' })).status).toBe(403);
    expect((await send(viewer, 'DELETE', `/admin/views/${view.id}`)).body).toMatchObject({ error: VIEW_MESSAGES.notOwner });

    const renamed = await send(agent, 'PATCH', `/admin/views/${view.id}`, {
      name: 'Russia, newest',
      params: { destinationCountry: 'Russia' },
      hiddenColumns: [],
    });
    expect(renamed.body).toMatchObject({ name: 'Russia, newest', params: { destinationCountry: 'Russia' }, hiddenColumns: [] });

    expect((await send(agent, 'DELETE', `/admin/views/${view.id}`)).status).toBe(204);
    expect(await viewsOf(viewer, 'inquiries')).toEqual([]);
    expect((await send(agent, 'DELETE', `/admin/views/${view.id}`)).status).toBe(404);
  });

  it('keeps a private view from other staff', async () => {
    const created = await send(agent, 'POST', '/admin/views', { ...russianQuotes, name: 'Private' });
    expect(created.status, created.text).toBe(201);
    const view = created.body as SavedView;
    expect((await send(viewer, 'PATCH', `/admin/views/${view.id}`, { shared: true })).status).toBe(404);
    expect((await send(viewer, 'DELETE', `/admin/views/${view.id}`)).status).toBe(404);
    await send(agent, 'DELETE', `/admin/views/${view.id}`);
  });

  it('refuses a second view of a list under the same name, from the same staff member only', async () => {
    const first = await send(agent, 'POST', '/admin/views', { ...russianQuotes, name: 'Twice' });
    expect(first.status).toBe(201);
    expect(await send(agent, 'POST', '/admin/views', { ...russianQuotes, name: ' Twice ' })).toMatchObject({
      status: 409,
      body: { error: VIEW_MESSAGES.nameTaken },
    });
    expect(
      (
        await send(agent, 'POST', '/admin/views', {
          ...russianQuotes,
          list: 'supplierInquiries',
          params: {},
          hiddenColumns: [],
          name: 'Twice',
        })
      ).status,
    ).toBe(201);
    expect((await send(viewer, 'POST', '/admin/views', { ...russianQuotes, name: 'Twice' })).status).toBe(201);
    const other = (await send(agent, 'POST', '/admin/views', { ...russianQuotes, name: 'Other' })).body as SavedView;
    expect((await send(agent, 'PATCH', `/admin/views/${other.id}`, { name: 'Twice' })).status).toBe(409);
  });

  it('keeps the follow-up views of a worked list: my follow-ups today, the snoozed ones', async () => {
    const params = { owner: 'mine', followUp: 'today', snoozed: 'only', response: 'at-risk' };
    const created = await send(agent, 'POST', '/admin/views', { list: 'contacts', name: 'My day', params, hiddenColumns: [] });
    expect(created.status, created.text).toBe(201);
    expect((await viewsOf(agent, 'contacts')).find((view) => view.name === 'My day')?.params).toEqual(params);
    // A list without statuses has no follow-ups.
    const subscribers = await send(agent, 'POST', '/admin/views', {
      list: 'subscribers',
      name: 'Due',
      params: { followUp: 'today' },
      hiddenColumns: [],
    });
    expect(subscribers.status).toBe(400);
  });

  it.each([
    ['an unknown list', { list: 'orders' }, 'list'],
    ['a follow-up view the list lacks', { params: { followUp: 'yesterday' } }, 'followUp'],
    ['an empty name', { name: '  ' }, 'name'],
    ['a name too long', { name: 'x'.repeat(61) }, 'name'],
    ['a parameter the list lacks', { params: { limit: '5' } }, 'params'],
    ['a status the list lacks', { params: { status: 'Lost in space' } }, 'status'],
    ['a sort the list lacks', { params: { sort: 'salary' } }, 'sort'],
    ['a non-text parameter', { params: { q: 5 } }, 'params'],
    ['a column the list lacks', { hiddenColumns: ['salary'] }, 'hiddenColumns'],
    ['the first column hidden', { hiddenColumns: ['fullName'] }, 'hiddenColumns'],
    ['shared as text', { shared: 'yes' }, 'shared'],
  ])('refuses %s with 400 and the field', async (_, change, field) => {
    const res = await send(agent, 'POST', '/admin/views', { ...russianQuotes, name: 'Refused', ...change });
    expect(res.status, res.text).toBe(400);
    expect(Object.keys(res.body.fields ?? {})).toContain(field);
  });

  it('answers 404 for a malformed or unknown id, and 400 for a list query without a list', async () => {
    expect((await send(agent, 'PATCH', '/admin/views/nope', { shared: true })).status).toBe(404);
    expect((await send(agent, 'DELETE', '/admin/views/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await send(agent, 'GET', '/admin/views')).status).toBe(400);
    expect((await send(agent, 'GET', '/admin/views?list=toString')).status).toBe(400);
    expect((await send(agent, 'PATCH', '/admin/views/00000000-0000-4000-8000-000000000000', {})).status).toBe(400);
  });

  it("keeps each staff member's column choice per list on the server", async () => {
    expect((await send(viewer, 'GET', '/admin/column-choices')).body).toEqual({});
    const put = await send(viewer, 'PUT', '/admin/column-choices/inquiries', { hiddenColumns: ['purity', 'owner', 'purity'] });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toEqual({ inquiries: ['purity', 'owner'] } satisfies ColumnChoices);
    await send(viewer, 'PUT', '/admin/column-choices/inquiries', { hiddenColumns: ['unit'] });
    await send(viewer, 'PUT', '/admin/column-choices/contacts', { hiddenColumns: [] });
    expect((await send(viewer, 'GET', '/admin/column-choices')).body).toEqual({ inquiries: ['unit'], contacts: [] });
    expect((await send(agent, 'GET', '/admin/column-choices')).body).toEqual({});

    expect((await send(viewer, 'PUT', '/admin/column-choices/inquiries', { hiddenColumns: ['fullName'] })).status).toBe(400);
    expect((await send(viewer, 'PUT', '/admin/column-choices/inquiries', { hiddenColumns: 'unit' })).status).toBe(400);
    expect((await send(viewer, 'PUT', '/admin/column-choices/orders', { hiddenColumns: [] })).status).toBe(404);
  });

  it('goes with the staff account: deleting it deletes its views and column choices', async () => {
    const leaving = await createStaffAccount(server, 'agent');
    const view = (await send(leaving, 'POST', '/admin/views', { ...russianQuotes, shared: true })).body as SavedView;
    await send(leaving, 'PUT', '/admin/column-choices/inquiries', { hiddenColumns: ['unit'] });
    expect((await viewsOf(viewer, 'inquiries')).map((v) => v.id)).toContain(view.id);

    await server.deps.db.run('DELETE FROM "admins" WHERE "id" = ?', [leaving.id]);
    expect((await viewsOf(viewer, 'inquiries')).map((v) => v.id)).not.toContain(view.id);
    const left = await server.deps.db.all(
      'SELECT * FROM "saved_views" WHERE "adminId" = ? UNION ALL SELECT "adminId", "list", "hiddenColumns", NULL, NULL, NULL, NULL, NULL, NULL FROM "column_choices" WHERE "adminId" = ?',
      [leaving.id, leaving.id],
    );
    expect(left).toEqual([]);
  });
});
