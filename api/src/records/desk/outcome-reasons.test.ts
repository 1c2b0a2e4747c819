import {
  ADMIN_LISTS,
  outcomeReasonsOf,
  WS_PROTOCOL,
  type AuditPage,
  type DeskListName,
  type RealtimeEvent,
  type TimelineEntry,
} from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { recordRow, seedRows } from '../../test/factories';
import { createStaffAccount, headersOf } from '../../test/staff';
import { call, sendJson, startTestServer, TEST_ENGINES, type TestServer } from '../../test/support';
import type { AdminRow } from '../../auth/schema';

type StatusEntry = Extract<TimelineEntry, { type: 'status' }>;
const LOST = outcomeReasonsOf('inquiries', 'Lost')!;
const WON = outcomeReasonsOf('inquiries', 'Won')!;

describe.each(TEST_ENGINES)('outcome reasons on %s', (engine) => {
  let server: TestServer;
  let agent: AdminRow;
  const path = (list: DeskListName, id = '') => `/api${ADMIN_LISTS[list].path}${id && `/${id}`}`;
  const send = (method: string, to: string, body: unknown) => sendJson(server, method, to, body, headersOf(server, agent));
  const get = async (to: string) => (await call(server, to, { headers: headersOf(server, agent) })).body;
  const statusLines = async (id: string) =>
    ((await get(`${path('inquiries', id)}/timeline`)) as TimelineEntry[]).filter((e): e is StatusEntry => e.type === 'status');
  const auditSummaries = async (id: string) =>
    (
      (await call(server, `/api/admin/audit?subjectId=${id}&action=record-changed`, { headers: server.adminHeaders() }))
        .body as AuditPage
    ).data
      .reverse()
      .map((entry) => entry.details.summary);

  async function seed(list: DeskListName, n = 1): Promise<string[]> {
    const rows = Array.from({ length: n }, () => recordRow(list, new Date()));
    await seedRows(server.deps.db, list, rows);
    return rows.map((row) => row.id);
  }

  beforeAll(async () => {
    server = await startTestServer({ engine });
    agent = await createStaffAccount(server, 'agent');
  });
  afterAll(() => server?.close());

  it('a move to Won or Lost needs one of its reasons, and nothing changes without it', async () => {
    const [id] = await seed('inquiries');
    const missing = await send('PATCH', path('inquiries', id), { version: 1, status: 'Lost' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: `Choose why it was Lost: ${LOST.join(', ')}`,
      fields: { reason: `Choose why it was Lost: ${LOST.join(', ')}` },
    });
    const unlisted = await send('PATCH', path('inquiries', id), { version: 1, status: 'Won', reason: 'Price too high' });
    expect(unlisted.status).toBe(400);
    expect(unlisted.body.error).toBe(`reason must be one of ${WON.join(', ')}`);
    // A reason only goes with a status that asks why, of a kind that has reasons.
    const [offer] = await seed('supplierInquiries');
    for (const [list, recordId, status] of [
      ['inquiries', id, 'Quoted'],
      ['supplierInquiries', offer, 'Approved'],
    ] as const) {
      const stray = await send('PATCH', path(list, recordId), { version: 1, status, reason: 'Other' });
      expect(stray.status).toBe(400);
      expect(stray.body.fields).toEqual({ reason: 'reason goes only with a status that asks why, such as Won or Lost' });
    }
    // A status no kind has, named like an object's own members, is only an unknown status.
    for (const status of ['constructor', '__proto__']) {
      const odd = await send('PATCH', path('inquiries', id), { version: 1, status, reason: 'Other' });
      expect(odd.status).toBe(400);
      expect(odd.body.fields.status).toMatch(/^status must be one of/);
    }
    expect(await get(path('inquiries', id))).toMatchObject({ status: 'New', version: 1, outcomeReason: null });
    expect(await statusLines(id)).toEqual([]);
  });

  it('keeps the reason on the record, its timeline line and its audit entry, through owner changes, until it moves on', async () => {
    const [id] = await seed('inquiries');
    const lost = await send('PATCH', path('inquiries', id), { version: 1, status: 'Lost', reason: 'Went with a competitor' });
    expect(lost.status, lost.text).toBe(200);
    expect(lost.body).toMatchObject({ status: 'Lost', outcomeReason: 'Went with a competitor', version: 2 });
    const owned = await send('PATCH', path('inquiries', id), { version: 2, ownerId: agent.id });
    expect(owned.body).toMatchObject({ status: 'Lost', outcomeReason: 'Went with a competitor', ownerId: agent.id });
    const won = await send('PATCH', path('inquiries', id), { version: 3, status: 'Won', reason: 'Other' });
    expect(won.body).toMatchObject({ status: 'Won', outcomeReason: 'Other' });
    const reopened = await send('PATCH', path('inquiries', id), { version: 4, status: 'Quoted' });
    expect(reopened.body).toMatchObject({ status: 'Quoted', outcomeReason: null, version: 5 });
    expect(await get(path('inquiries', id))).toMatchObject({ status: 'Quoted', outcomeReason: null });

    expect((await statusLines(id)).map(({ from, to, reason }) => ({ from, to, reason }))).toEqual([
      { from: 'New', to: 'Lost', reason: 'Went with a competitor' },
      { from: 'Lost', to: 'Won', reason: 'Other' },
      { from: 'Won', to: 'Quoted', reason: undefined },
    ]);
    expect(await auditSummaries(id)).toEqual([
      'status New → Lost (Went with a competitor)',
      `owner → ${agent.email}`,
      'status Lost → Won (Other)',
      'status Won → Quoted',
    ]);
  });

  it('the live change other admins are shown says the reason of a move to Won or Lost', async () => {
    const rows = ['Asha Live', 'Ravi Live'].map((fullName) => recordRow('inquiries', new Date(), { fullName }));
    await seedRows(server.deps.db, 'inquiries', rows);
    const [asha, ravi] = rows.map((row) => row.id);
    const colleague = await createStaffAccount(server, 'owner');
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/ws`, [WS_PROTOCOL, server.deps.tokens.sign(colleague)]);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const texts: string[] = [];
    const received = new Promise<void>((resolve) =>
      socket.on('message', (data) => {
        const { summary, change } = JSON.parse(String(data)) as RealtimeEvent;
        if (change && [asha, ravi].includes(summary.id)) texts.push(change.text);
        if (texts.length === 4) resolve();
      }),
    );
    await send('PATCH', path('inquiries', asha), { version: 1, status: 'Lost', reason: 'Price too high', ownerId: agent.id });
    await send('POST', `${path('inquiries')}/bulk`, {
      records: [
        { id: asha, version: 2 },
        { id: ravi, version: 1 },
      ],
      status: 'Won',
      reason: 'Best price',
    });
    await send('PATCH', path('inquiries', ravi), { version: 2, status: 'Quoted' });
    await received;
    socket.close();
    expect(texts).toEqual([
      `moved Asha Live to Lost (Price too high) and assigned it to ${agent.email}`,
      'moved Asha Live to Won (Best price)',
      'moved Ravi Live to Won (Best price)',
      'moved Ravi Live to Quoted',
    ]);
  });

  it('a bulk move to Won or Lost gives its one reason to every record; a bulk move elsewhere clears them', async () => {
    const ids = await seed('inquiries', 3);
    const records = (version: number) => ids.map((id) => ({ id, version }));
    const missing = await send('POST', `${path('inquiries')}/bulk`, { records: records(1), status: 'Won' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ reason: `Choose why it was Won: ${WON.join(', ')}` });

    const won = await send('POST', `${path('inquiries')}/bulk`, { records: records(1), status: 'Won', reason: 'Payment terms' });
    expect(won.status, won.text).toBe(200);
    expect((won.body.updated as { outcomeReason: string }[]).map((r) => r.outcomeReason)).toEqual(ids.map(() => 'Payment terms'));
    const moved = await send('POST', `${path('inquiries')}/bulk`, { records: records(2), status: 'In progress' });
    expect((moved.body.updated as { outcomeReason: string | null }[]).map((r) => r.outcomeReason)).toEqual(ids.map(() => null));

    for (const id of ids) {
      expect((await statusLines(id)).map((e) => e.reason)).toEqual(['Payment terms', undefined]);
      expect(await auditSummaries(id)).toEqual(['status New → Won (Payment terms)', 'status Won → In progress']);
    }
  });
});
