import {
  ADMIN_LISTS,
  CONFLICT_MESSAGE,
  DESK_LISTS,
  outcomeReasonsOf,
  RECORD_DEFINITIONS,
  SPAM_STATUS,
  WS_PROTOCOL,
  type Assignee,
  type DeskListName,
  type RealtimeEvent,
  type TimelineEntry,
} from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { AdminEntity } from '../../auth/schema';
import { recordEvents } from '../../test/events';
import { recordRow, seedRows } from '../../test/factories';
import { call, sendJson, startTestServer, TEST_ENGINES, type TestServer } from '../../test/support';
import { createStaffAccount } from '../../test/staff';

const AT = new Date('2026-03-01T10:00:00Z');

describe.each(TEST_ENGINES)('the sales desk on %s', (engine) => {
  let server: TestServer;
  let ana: Assignee;
  let bob: Assignee;
  const as = (admin: Assignee) => ({ Authorization: `Bearer ${server.deps.tokens.sign(admin)}` });
  const send = (admin: Assignee, method: string, path: string, body: unknown) => sendJson(server, method, path, body, as(admin));
  const get = (path: string) => call(server, path, { headers: as(ana) });

  /** Seeds `n` records of a list (all in its first status) and answers their ids. */
  async function seed(list: DeskListName, n: number, fields: Record<string, unknown> = {}): Promise<string[]> {
    const rows = Array.from({ length: n }, (_, i) => recordRow(list, new Date(AT.getTime() + i * 1000), fields as never));
    await seedRows(server.deps.db, list, rows);
    return rows.map((r) => r.id);
  }
  const path = (list: DeskListName) => `/api${ADMIN_LISTS[list].path}`;

  beforeAll(async () => {
    server = await startTestServer({ engine, now: () => new Date('2026-03-02T09:00:00Z') });
    const made = await Promise.all(['ana@example.com', 'bob@example.com'].map((e) => createStaffAccount(server, 'agent', e)));
    [ana, bob] = made.map(({ id, email }) => ({ id, email, name: email }));
  });
  afterAll(() => server?.close());

  it.each(DESK_LISTS)('%s: a record starts in the first status, unowned, at version 1', async (list) => {
    const statuses = RECORD_DEFINITIONS[list].statuses;
    const [id] = await seed(list, 1);
    const record = (await get(`${path(list)}/${id}`)).body;
    expect(record).toMatchObject({ status: statuses[0], ownerId: null, version: 1 });
  });

  it.each(DESK_LISTS)(
    '%s: moves through every status, each change bumping the version, moving the counts and leaving an event',
    async (list) => {
      const statuses = RECORD_DEFINITIONS[list].statuses;
      const [id] = await seed(list, 1);
      const counts = async () => (await get(`${path(list)}?limit=1`)).body.statusCounts as Record<string, number>;
      let version = 1;
      let from: string = statuses[0];
      for (const to of [...statuses.slice(1), statuses[0]]) {
        const before = await counts();
        // A status that asks why (Won, Lost) gets its first reason, kept until the record moves on.
        const reason = outcomeReasonsOf(list, to)?.[0];
        const res = await send(ana, 'PATCH', `${path(list)}/${id}`, { version, status: to, reason });
        expect(res.status, res.text).toBe(200);
        expect(res.body).toMatchObject({ _id: id, status: to, version: version + 1, outcomeReason: reason ?? null });
        const after = await counts();
        expect(after[from]).toBe(before[from] - 1);
        expect(after[to]).toBe(before[to] + 1);
        version += 1;
        from = to;
      }
      const timeline = (await get(`${path(list)}/${id}/timeline`)).body as TimelineEntry[];
      expect(timeline.map((e) => (e.type === 'status' ? `${e.from}>${e.to}` : e.type))).toEqual([
        'received',
        ...statuses.map((s, i) => `${s}>${statuses[(i + 1) % statuses.length]}`),
      ]);
      expect(timeline.slice(1).every((e) => e.actor?.email === ana.email)).toBe(true);
    },
  );

  it('refuses a change on a stale version with 409, the message and the current record; nothing is overwritten', async () => {
    const [id] = await seed('inquiries', 1);
    expect((await send(ana, 'PATCH', `${path('inquiries')}/${id}`, { version: 1, status: 'Quoted' })).status).toBe(200);
    const stale = await send(bob, 'PATCH', `${path('inquiries')}/${id}`, {
      version: 1,
      status: 'Lost',
      reason: 'Price too high',
      ownerId: bob.id,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      error: CONFLICT_MESSAGE,
      current: { _id: id, status: 'Quoted', ownerId: null, version: 2 },
    });
    expect((await get(`${path('inquiries')}/${id}`)).body).toMatchObject({ status: 'Quoted', ownerId: null, version: 2 });
  });

  it('assigns and unassigns an owner, naming both in the timeline; an unknown owner or status is refused', async () => {
    const [id] = await seed('supplierInquiries', 1);
    const assigned = await send(ana, 'PATCH', `${path('supplierInquiries')}/${id}`, { version: 1, ownerId: bob.id });
    expect(assigned.body).toMatchObject({ ownerId: bob.id, version: 2 });
    const moved = await send(ana, 'PATCH', `${path('supplierInquiries')}/${id}`, {
      version: 2,
      ownerId: ana.id,
      status: 'Reviewing',
    });
    expect(moved.body).toMatchObject({ ownerId: ana.id, status: 'Reviewing', version: 3 });
    await send(bob, 'PATCH', `${path('supplierInquiries')}/${id}`, { version: 3, ownerId: null });
    const owners = ((await get(`${path('supplierInquiries')}/${id}/timeline`)).body as TimelineEntry[]).filter(
      (e) => e.type === 'owner',
    );
    expect(owners.map((e) => e.type === 'owner' && [e.actor?.email, e.from?.email ?? null, e.to?.email ?? null])).toEqual([
      [ana.email, null, bob.email],
      [ana.email, bob.email, ana.email],
      [bob.email, ana.email, null],
    ]);

    const unknownOwner = await send(ana, 'PATCH', `${path('supplierInquiries')}/${id}`, {
      version: 4,
      ownerId: '00000000-0000-4000-8000-00000000beef',
    });
    expect(unknownOwner.status).toBe(400);
    expect(unknownOwner.body.fields).toEqual({ ownerId: 'Unknown owner' });
    const viewer = await createStaffAccount(server, 'viewer');
    const disabled = await createStaffAccount(server, 'agent');
    await server.deps.db.transaction(({ manager }) =>
      manager.getRepository(AdminEntity).update({ id: disabled.id }, { disabledAt: Date.now() }),
    );
    for (const notAssignable of [viewer.id, disabled.id]) {
      const single = await send(ana, 'PATCH', `${path('supplierInquiries')}/${id}`, { version: 4, ownerId: notAssignable });
      expect(single.status).toBe(400);
      expect(single.body.fields).toEqual({ ownerId: 'Only an enabled agent or owner can own a record' });
      const bulk = await send(ana, 'POST', `${path('supplierInquiries')}/bulk`, {
        records: [{ id, version: 4 }],
        ownerId: notAssignable,
      });
      expect(bulk.status).toBe(400);
    }
    expect((await get(`${path('supplierInquiries')}/${id}`)).body).toMatchObject({ ownerId: null, version: 4 });
    const unknownStatus = await send(ana, 'PATCH', `${path('supplierInquiries')}/${id}`, { version: 4, status: 'Quoted' });
    expect(unknownStatus.status).toBe(400);
    expect(unknownStatus.body.fields.status).toBe('status must be one of New, Reviewing, Approved, Rejected, Spam');
    expect((await send(ana, 'PATCH', `${path('supplierInquiries')}/${id}`, { version: 4 })).status).toBe(400);
    expect(
      (
        await send(ana, 'PATCH', `${path('supplierInquiries')}/00000000-0000-4000-8000-000000000000`, {
          version: 1,
          status: 'New',
        })
      ).status,
    ).toBe(404);
  });

  it('changes selected records at once; those changed meanwhile come back as conflicts', async () => {
    const ids = await seed('contacts', 3);
    await send(bob, 'PATCH', `${path('contacts')}/${ids[2]}`, { version: 1, status: 'Answered' });
    const res = await send(ana, 'POST', `${path('contacts')}/bulk`, {
      records: ids.map((id) => ({ id, version: 1 })),
      status: 'Answered',
      ownerId: ana.id,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.updated.map((r: { _id: string }) => r._id)).toEqual(ids.slice(0, 2));
    expect(
      res.body.updated.every((r: { status: string; ownerId: string }) => r.status === 'Answered' && r.ownerId === ana.id),
    ).toBe(true);
    expect(res.body.conflicts).toEqual([expect.objectContaining({ _id: ids[2], status: 'Answered', ownerId: null, version: 2 })]);
    expect((await send(ana, 'POST', `${path('contacts')}/bulk`, { records: [], status: 'Open' })).status).toBe(400);
  });

  it('takes Spam out of the default list, its total and the dashboard; the Spam tab shows it', async () => {
    const tag = `spamcheck${engine}`;
    const ids = await seed('contacts', 3, { name: `Spam check ${tag}` });
    const before = (await get('/api/admin/stats')).body;
    const listed = async (query: string) => (await get(`${path('contacts')}?q=${tag}${query}`)).body;
    expect((await listed('')).total).toBe(3);
    const unfilteredBefore = (await get(path('contacts'))).body;

    await send(ana, 'POST', `${path('contacts')}/bulk`, {
      records: ids.slice(0, 2).map((id) => ({ id, version: 1 })),
      status: SPAM_STATUS,
    });
    expect((await listed('')).data.map((r: { _id: string }) => r._id)).toEqual([ids[2]]);
    expect((await listed('&status=Spam')).data.map((r: { _id: string }) => r._id).sort()).toEqual(ids.slice(0, 2).sort());
    const unfiltered = (await get(path('contacts'))).body;
    expect(unfiltered.total).toBe(unfilteredBefore.total - 2);
    expect(unfiltered.statusCounts.Spam).toBe(unfilteredBefore.statusCounts.Spam + 2);
    expect((await get(`${path('contacts')}?status=Spam`)).body.total).toBe(unfiltered.statusCounts.Spam);
    const after = (await get('/api/admin/stats')).body;
    expect(after.totals.contacts).toBe(before.totals.contacts - 2);
    expect(after.recent.map((r: { id: string }) => r.id)).not.toContain(ids[0]);
    expect((await get(`${path('contacts')}?status=Bogus`)).status).toBe(400);
  });

  it('keeps notes in the timeline with who and when', async () => {
    const [id] = await seed('inquiries', 1);
    const added = await send(bob, 'POST', `${path('inquiries')}/${id}/notes`, { text: 'Called the buyer\nwants CIF' });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({
      type: 'note',
      text: 'Called the buyer\nwants CIF',
      actor: bob,
      at: '2026-03-02T09:00:00.000Z',
    });
    const timeline = (await get(`${path('inquiries')}/${id}/timeline`)).body as TimelineEntry[];
    expect(timeline).toEqual([
      { id: 'received', type: 'received', at: AT.toISOString(), actor: null },
      { id: added.body.id, type: 'note', text: 'Called the buyer\nwants CIF', actor: bob, at: '2026-03-02T09:00:00.000Z' },
    ]);
    expect((await send(bob, 'POST', `${path('inquiries')}/${id}/notes`, { text: '   ' })).body.fields).toEqual({
      text: 'Note is required',
    });
    expect((await get(`${path('inquiries')}/00000000-0000-4000-8000-000000000000/timeline`)).status).toBe(404);
  });

  it('refuses a body that is not JSON, having read it, so the kept-alive connection stays usable', async () => {
    const [id] = await seed('inquiries', 1);
    const form = new FormData();
    form.append('status', 'Quoted');
    const res = await call(server, `${path('inquiries')}/${id}`, { method: 'PATCH', headers: as(ana), body: form });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: 'Send the change as JSON' });
    expect(res.headers.get('connection')).not.toBe('close');
  });

  it('lists the assignable admins by e-mail', async () => {
    expect((await get('/api/admin/assignees')).body).toEqual(expect.arrayContaining([ana, bob]));
  });

  it('announces every change with who made it, and a real WebSocket client receives it', async () => {
    const [id] = await seed('inquiries', 1, { fullName: 'Jane Live' });
    const events = recordEvents(server);
    await events.reset(); // on PostgreSQL the seeded row announces itself too
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/ws`, [WS_PROTOCOL, server.deps.tokens.sign(bob)]);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const received = new Promise<RealtimeEvent>((resolve) =>
      socket.on('message', (data) => {
        const event = JSON.parse(String(data)) as RealtimeEvent;
        if (event.summary.id === id) resolve(event);
      }),
    );
    await send(ana, 'PATCH', `${path('inquiries')}/${id}`, { version: 1, status: 'Quoted', ownerId: bob.id });
    expect(await received).toEqual({
      event: 'inquiryUpdated',
      summary: expect.objectContaining({ id, kind: 'inquiry', displayName: 'Jane Live' }),
      change: {
        by: ana,
        type: 'status',
        text: `moved Jane Live to Quoted and assigned it to ${bob.email}`,
        status: 'Quoted',
        ownerId: bob.id,
        version: 2,
        from: { status: 'New', ownerId: null },
      },
    });
    socket.close();
    await send(bob, 'POST', `${path('inquiries')}/${id}/notes`, { text: 'hi' });
    expect((await events.settle()).map((e) => e.change?.text)).toEqual([
      `moved Jane Live to Quoted and assigned it to ${bob.email}`,
      'added a note to Jane Live',
    ]);
  });
});
