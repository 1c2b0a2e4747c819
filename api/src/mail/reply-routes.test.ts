import { ADMIN_LISTS, type AuditPage, type DeskListName, type TimelineEntry } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRow } from '../auth/schema';
import { recordEvents } from '../test/events';
import { recordRow, seedRows } from '../test/factories';
import { createStaffAccount, headersOf } from '../test/staff';
import { call, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';

describe.each(TEST_ENGINES)('a reply from a record on %s', (engine) => {
  let server: TestServer;
  let agent: AdminRow;
  const path = (list: DeskListName, id: string) => `/api${ADMIN_LISTS[list].path}/${id}`;
  const reply = (list: DeskListName, id: string) =>
    call(server, `${path(list, id)}/reply`, {
      method: 'POST',
      headers: { ...headersOf(server, agent), 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'Yes, 25 t ready in Kandla.' }),
    });
  const read = async (list: DeskListName, id: string) =>
    (await call(server, path(list, id), { headers: server.adminHeaders() })).body as { status: string; version: number };
  const timeline = async (list: DeskListName, id: string) =>
    ((await call(server, `${path(list, id)}/timeline`, { headers: server.adminHeaders() })).body as TimelineEntry[]).map(
      (entry) => (entry.type === 'status' ? `status ${entry.from} → ${entry.to} by ${entry.actor?.email}` : entry.type),
    );
  const trail = async (id: string) =>
    ((await call(server, `/api/admin/audit?subjectId=${id}`, { headers: server.adminHeaders() })).body as AuditPage).data
      .reverse()
      .map((entry) => [entry.action, entry.actorEmail, entry.details.summary]);

  async function seed<N extends DeskListName>(list: N, status?: string): Promise<string> {
    const row = recordRow(list, new Date('2026-03-01T10:00:00Z'), (status ? { status } : {}) as never);
    await seedRows(server.deps.db, list, [row]);
    return row.id;
  }

  beforeAll(async () => {
    server = await startTestServer({ engine });
    agent = await createStaffAccount(server, 'agent');
  });
  afterAll(() => server?.close());

  it('answers an open contact message: Answered, a timeline line and an audit entry by the replier, announced', async () => {
    const id = await seed('contacts');
    const events = recordEvents(server);
    await events.reset();
    expect((await reply('contacts', id)).status).toBe(201);

    expect(await read('contacts', id)).toMatchObject({ status: 'Answered', version: 2 });
    expect(await timeline('contacts', id)).toEqual(['received', 'mail', `status Open → Answered by ${agent.email}`]);
    expect(await trail(id)).toEqual([
      ['record-replied', agent.email, 'e-mail reply queued'],
      ['record-changed', agent.email, 'status Open → Answered'],
    ]);
    const changes = (await events.settle()).filter((event) => event.summary.id === id).map((event) => event.change);
    expect(changes).toEqual([
      expect.objectContaining({ type: 'mail', status: 'Open' }),
      expect.objectContaining({ type: 'status', status: 'Answered', version: 2, from: { status: 'Open', ownerId: null } }),
    ]);

    // Answered already: another reply changes no status.
    expect((await reply('contacts', id)).status).toBe(201);
    expect(await read('contacts', id)).toMatchObject({ status: 'Answered', version: 2 });
    expect(await timeline('contacts', id)).toEqual(['received', 'mail', `status Open → Answered by ${agent.email}`, 'mail']);
  });

  it('leaves a contact message marked Spam, and the status of the kinds a reply does not answer, as they are', async () => {
    const spam = await seed('contacts', 'Spam');
    expect((await reply('contacts', spam)).status).toBe(201);
    expect(await read('contacts', spam)).toMatchObject({ status: 'Spam', version: 1 });

    const inquiry = await seed('inquiries');
    expect((await reply('inquiries', inquiry)).status).toBe(201);
    expect(await read('inquiries', inquiry)).toMatchObject({ status: 'New', version: 1 });
    expect(await timeline('inquiries', inquiry)).toEqual(['received', 'mail']);
  });

  it('keeps the first reply as the record’s first response: when and by whom; later replies change neither', async () => {
    const id = await seed('inquiries');
    const responded = async () => {
      const record = (await call(server, path('inquiries', id), { headers: server.adminHeaders() })).body as {
        firstResponseAt: string | null;
        firstResponderId: string | null;
      };
      return { at: record.firstResponseAt, by: record.firstResponderId };
    };
    expect(await responded()).toEqual({ at: null, by: null });

    expect((await reply('inquiries', id)).status).toBe(201);
    const first = await responded();
    expect(first.by).toBe(agent.id);
    expect(Date.parse(first.at!)).toBeGreaterThan(Date.parse('2026-03-01T10:00:00Z'));

    const second = await call(server, `${path('inquiries', id)}/reply`, {
      method: 'POST',
      headers: { ...server.adminHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'And 10 t more next month.' }),
    });
    expect(second.status).toBe(201);
    expect(await responded()).toEqual(first);
  });

  it('is refused to a viewer, and changes nothing', async () => {
    const id = await seed('contacts');
    const viewer = await createStaffAccount(server, 'viewer');
    const refused = await call(server, `${path('contacts', id)}/reply`, {
      method: 'POST',
      headers: { ...headersOf(server, viewer), 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'Hello' }),
    });
    expect(refused.status).toBe(403);
    expect(await read('contacts', id)).toMatchObject({ status: 'Open', version: 1 });
  });
});
