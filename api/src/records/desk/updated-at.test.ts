import { ADMIN_LISTS, type Assignee, type DeskListName } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordRow, seedRows } from '../../test/factories';
import { createStaffAccount } from '../../test/staff';
import { call, startTestServer, TEST_ENGINES, type TestServer } from '../../test/support';

const RECEIVED = new Date('2026-03-01T10:00:00Z');

describe.each(TEST_ENGINES)("a record's Updated At on %s", (engine) => {
  let server: TestServer;
  let ana: Assignee;
  /** The server's clock: each change below happens a minute after the one before. */
  let clock = new Date('2026-03-02T09:00:00Z');
  const later = () => {
    clock = new Date(clock.getTime() + 60_000);
    return clock.toISOString();
  };
  const path = (list: DeskListName, id: string) => `/api${ADMIN_LISTS[list].path}/${id}`;
  const send = (method: string, url: string, body: unknown) =>
    call(server, url, {
      method,
      headers: { Authorization: `Bearer ${server.deps.tokens.sign(ana)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const updatedAt = async (list: DeskListName, id: string) =>
    (await call(server, path(list, id), { headers: server.adminHeaders() })).body.updatedAt as string;

  async function seed<N extends 'inquiries' | 'supplierInquiries'>(list: N, n = 1): Promise<string[]> {
    const rows = Array.from({ length: n }, () => recordRow(list, RECEIVED));
    await seedRows(server.deps.db, list, rows);
    return rows.map((row) => row.id);
  }

  beforeAll(async () => {
    server = await startTestServer({ engine, now: () => clock });
    const { id, email } = await createStaffAccount(server, 'agent');
    ana = { id, email, name: email };
  });
  afterAll(() => server?.close());

  it('follows a status change, an owner change and a bulk change, in the answer and when read again', async () => {
    const [id] = await seed('inquiries');
    expect(await updatedAt('inquiries', id)).toBe(RECEIVED.toISOString());

    let at = later();
    const moved = await send('PATCH', path('inquiries', id), { version: 1, status: 'Quoted' });
    expect(moved.body).toMatchObject({ status: 'Quoted', updatedAt: at });
    expect(await updatedAt('inquiries', id)).toBe(at);

    at = later();
    expect((await send('PATCH', path('inquiries', id), { version: 2, ownerId: ana.id })).body).toMatchObject({ updatedAt: at });
    expect(await updatedAt('inquiries', id)).toBe(at);

    // A change to what it already is, or on a stale version, changes nothing: Updated At stays.
    const unchanged = at;
    later();
    expect((await send('PATCH', path('inquiries', id), { version: 3, status: 'Quoted' })).status).toBe(200);
    expect((await send('PATCH', path('inquiries', id), { version: 1, status: 'Lost', reason: 'Other' })).status).toBe(409);
    expect(await updatedAt('inquiries', id)).toBe(unchanged);

    const ids = await seed('supplierInquiries', 2);
    at = later();
    const bulk = await send('POST', `/api${ADMIN_LISTS.supplierInquiries.path}/bulk`, {
      records: ids.map((record) => ({ id: record, version: 1 })),
      status: 'Reviewing',
    });
    expect(bulk.body.updated.map((record: { updatedAt: string }) => record.updatedAt)).toEqual([at, at]);
    for (const record of ids) expect(await updatedAt('supplierInquiries', record)).toBe(at);
  });

  it('follows a note and a reply on the record, and a link on both records', async () => {
    const [inquiry] = await seed('inquiries');
    const [offer] = await seed('supplierInquiries');

    let at = later();
    expect((await send('POST', `${path('inquiries', inquiry)}/notes`, { text: 'Called them' })).status).toBe(201);
    expect(await updatedAt('inquiries', inquiry)).toBe(at);

    at = later();
    expect((await send('POST', `${path('supplierInquiries', offer)}/reply`, { message: 'Thanks' })).status).toBe(201);
    expect(await updatedAt('supplierInquiries', offer)).toBe(at);

    at = later();
    expect((await send('POST', `${path('inquiries', inquiry)}/links`, { id: offer })).status).toBe(201);
    expect([await updatedAt('inquiries', inquiry), await updatedAt('supplierInquiries', offer)]).toEqual([at, at]);

    at = later();
    const unlinked = await call(server, `${path('supplierInquiries', offer)}/links/${inquiry}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${server.deps.tokens.sign(ana)}` },
    });
    expect(unlinked.status).toBe(200);
    expect([await updatedAt('inquiries', inquiry), await updatedAt('supplierInquiries', offer)]).toEqual([at, at]);
  });
});
