import {
  ADMIN_LISTS,
  ALREADY_LINKED,
  NOT_LINKED,
  type Assignee,
  type MatchedListName,
  type MatchesResponse,
  type TimelineEntry,
} from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateMatching1795000000750 } from '../../db/migrations/1795000000750-create-matching';
import { recordEvents } from '../../test/events';
import { recordRow, seedRows, type RowOfList } from '../../test/factories';
import { rerunMigrations } from '../../test/migrations';
import { withProof } from '../../test/form-proof';
import { postForm, supplierForm, supplierValues } from '../../test/forms';
import { recordByReference } from '../../test/references';
import { createStaffAccount } from '../../test/staff';
import { call, startTestServer, TEST_ENGINES, type TestServer } from '../../test/support';

const AT = new Date('2026-03-01T10:00:00Z');
const minutes = (n: number) => new Date(AT.getTime() + n * 60_000);
const UNKNOWN_ID = '00000000-0000-4000-8000-00000000beef';

describe.each(TEST_ENGINES)('matching buyers with suppliers on %s', (engine) => {
  let server: TestServer;
  let ana: Assignee;
  const as = (admin: Pick<Assignee, 'id' | 'email'>) => ({ Authorization: `Bearer ${server.deps.tokens.sign(admin)}` });
  const path = (list: MatchedListName, id: string) => `/api${ADMIN_LISTS[list].path}/${id}`;
  const get = (url: string) => call(server, url, { headers: as(ana) });
  const matches = async (list: MatchedListName, id: string) => {
    const res = await get(`${path(list, id)}/matches`);
    expect(res.status, res.text).toBe(200);
    return res.body as MatchesResponse;
  };
  const send = (method: string, url: string, body?: unknown) =>
    call(server, url, {
      method,
      headers: { ...as(ana), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** Seeds one record of a list per set of overrides; answers their ids in order. */
  async function seed<N extends MatchedListName>(
    list: N,
    rows: (Partial<RowOfList<N>> & { createdAt: Date })[],
  ): Promise<string[]> {
    const made = rows.map((overrides) => recordRow(list, overrides.createdAt, overrides));
    await seedRows(server.deps.db, list, made);
    return made.map((r) => r.id);
  }
  const offer = (productName: string, at: Date, status = 'New') => ({ productName, createdAt: at, status });
  const inquiry = (commodities: string[], at: Date, status = 'New', otherCommodity = '') => ({
    commodities,
    otherCommodity,
    createdAt: at,
    status,
  });

  beforeAll(async () => {
    server = await startTestServer({ engine, now: () => new Date('2026-03-02T09:00:00Z') });
    const made = await createStaffAccount(server, 'agent', 'ana@example.com');
    ana = { id: made.id, email: made.email, name: made.email };
  });
  afterAll(() => server?.close());

  it("ranks an inquiry's offers: same name first, more shared words, open before closed, newer first; never Spam", async () => {
    const [buyer] = await seed('inquiries', [inquiry(['Cobalt Hydroxide'], AT)]);
    const [sameOld, sameClosed, spam, oneWord, twoWords] = await seed('supplierInquiries', [
      offer('Cobalt Hydroxide', minutes(1)),
      offer('cobalt   HYDROXIDE', minutes(5), 'Rejected'),
      offer('Cobalt Hydroxide', minutes(9), 'Spam'),
      offer('Cobalt Metal', minutes(8)),
      offer('Hydroxide of Cobalt, powder', minutes(2)),
      offer('Olive Oil', minutes(7)),
    ]);
    const found = await matches('inquiries', buyer);
    expect(found.matches.map((m) => [m._id, m.match])).toEqual([
      [sameOld, 'name'],
      [sameClosed, 'name'],
      [twoWords, 'word'],
      [oneWord, 'word'],
    ]);
    expect(found.matches.map((m) => m._id)).not.toContain(spam);
    expect(found.linked).toEqual([]);
    expect(found.matches[0]).toEqual({
      _id: sameOld,
      list: 'supplierInquiries',
      name: 'Sam Supplier',
      status: 'New',
      createdAt: minutes(1).toISOString(),
      facts: [
        ['Company Name', 'Copperbelt Mining'],
        ['Product Name', 'Cobalt Hydroxide'],
        ['Origin Country', 'Zambia'],
        ['Price Per Unit', 'USD 8900 per MT'],
        ['Supply Capacity', '500 MT/month'],
      ],
      match: 'name',
      linked: false,
    });
  });

  it("lists an offer's inquiries, by any of their commodities or the one typed under Others", async () => {
    const [supplier] = await seed('supplierInquiries', [offer('Vanadium Pentoxide', AT)]);
    const [typed, listed, won, spam, word] = await seed('inquiries', [
      inquiry(['Zinc Ingots', 'Others'], minutes(1), 'New', 'Vanadium pentoxide'),
      inquiry(['Bauxite', 'Vanadium Pentoxide'], minutes(2), 'Quoted'),
      inquiry(['Vanadium Pentoxide'], minutes(6), 'Won'),
      inquiry(['Vanadium Pentoxide'], minutes(7), 'Spam'),
      inquiry(['Others'], minutes(5), 'New', 'Vanadium flakes'),
      inquiry(['Bauxite'], minutes(4)),
    ]);
    const found = await matches('supplierInquiries', supplier);
    expect(found.matches.map((m) => m._id)).toEqual([listed, typed, won, word]);
    expect(found.matches.map((m) => m._id)).not.toContain(spam);
    expect(found.matches[0].facts).toEqual([
      ['Company Name', 'Buyer Metals Ltd'],
      ['Commodities', 'Bauxite, Vanadium Pentoxide'],
      ['Quantity', '500'],
      ['Unit', 'MT'],
      ['Destination Country', 'India'],
    ]);
  });

  it('finds an offer submitted through the form: its terms are stored with it', async () => {
    const [buyer] = await seed('inquiries', [inquiry(['Tantalum Ore'], AT)]);
    const res = await call(
      server,
      '/api/supplier',
      await withProof(server, postForm(supplierForm(supplierValues({ productName: 'Tantalum ore' })))),
    );
    expect(res.status, res.text).toBe(201);
    const { _id: offerId } = await recordByReference(server, 'supplierInquiries', (res.body as { reference: string }).reference);
    expect((await matches('inquiries', buyer)).matches.map((m) => [m._id, m.match])).toEqual([[offerId, 'name']]);
  });

  it('links and unlinks an offer from either side, in both records and both timelines, announced once for both', async () => {
    const [buyer] = await seed('inquiries', [inquiry(['Lithium Carbonate'], AT, 'New')]);
    const [supplier] = await seed('supplierInquiries', [offer('Lithium Carbonate', AT)]);
    const events = recordEvents(server);
    await events.reset();

    const linked = await send('POST', `${path('inquiries', buyer)}/links`, { id: supplier });
    expect(linked.status, linked.text).toBe(201);
    expect(linked.body).toMatchObject({ _id: supplier, list: 'supplierInquiries', linked: true });
    const fromBuyer = await matches('inquiries', buyer);
    expect(fromBuyer.linked.map((r) => r._id)).toEqual([supplier]);
    expect(fromBuyer.matches.find((m) => m._id === supplier)?.linked).toBe(true);
    expect((await matches('supplierInquiries', supplier)).linked.map((r) => [r._id, r.name])).toEqual([[buyer, 'Bob Buyer']]);

    const again = await send('POST', `${path('supplierInquiries', supplier)}/links`, { id: buyer });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: ALREADY_LINKED });

    const unlinked = await send('DELETE', `${path('supplierInquiries', supplier)}/links/${buyer}`);
    expect(unlinked.status, unlinked.text).toBe(200);
    expect((await matches('inquiries', buyer)).linked).toEqual([]);
    expect((await send('DELETE', `${path('inquiries', buyer)}/links/${supplier}`)).body).toEqual({ error: NOT_LINKED });

    const linksIn = async (list: MatchedListName, id: string) =>
      ((await get(`${path(list, id)}/timeline`)).body as TimelineEntry[])
        .filter((e) => e.type === 'link' || e.type === 'unlink')
        .map((e) => e.type !== 'received' && 'list' in e && [e.type, e.list, e.recordId, e.name, e.actor?.email]);
    expect(await linksIn('inquiries', buyer)).toEqual([
      ['link', 'supplierInquiries', supplier, 'Sam Supplier', ana.email],
      ['unlink', 'supplierInquiries', supplier, 'Sam Supplier', ana.email],
    ]);
    expect(await linksIn('supplierInquiries', supplier)).toEqual([
      ['link', 'inquiries', buyer, 'Bob Buyer', ana.email],
      ['unlink', 'inquiries', buyer, 'Bob Buyer', ana.email],
    ]);

    expect((await events.settle()).map((e) => [e.summary.id, e.change?.text, e.change?.other])).toEqual([
      [buyer, 'linked Bob Buyer with Sam Supplier', { event: 'supplierInquiryUpdated', id: supplier }],
      [supplier, 'unlinked Sam Supplier from Bob Buyer', { event: 'inquiryUpdated', id: buyer }],
    ]);
  });

  it('answers 404 for an unknown record on either side, 400 for a body without a record id', async () => {
    const [buyer] = await seed('inquiries', [inquiry(['Copper Cathode'], AT)]);
    const [supplier] = await seed('supplierInquiries', [offer('Copper Cathode', AT)]);
    expect((await send('POST', `${path('inquiries', UNKNOWN_ID)}/links`, { id: supplier })).status).toBe(404);
    expect((await send('POST', `${path('inquiries', buyer)}/links`, { id: UNKNOWN_ID })).status).toBe(404);
    // An inquiry's id is no offer's.
    expect((await send('POST', `${path('inquiries', buyer)}/links`, { id: buyer })).status).toBe(404);
    expect((await send('DELETE', `${path('inquiries', buyer)}/links/not-an-id`)).status).toBe(404);
    expect((await get(`${path('supplierInquiries', UNKNOWN_ID)}/matches`)).status).toBe(404);
    const noId = await send('POST', `${path('inquiries', buyer)}/links`, {});
    expect(noId.status).toBe(400);
    expect(noId.body.fields).toEqual({ id: 'Unknown record' });
    expect((await send('POST', `${path('inquiries', buyer)}/links`, { id: 'x' })).body.fields).toEqual({ id: 'Unknown record' });
  });

  it('lets a viewer read the matches but neither link nor unlink', async () => {
    const [buyer] = await seed('inquiries', [inquiry(['Chromite Sand'], AT)]);
    const [supplier] = await seed('supplierInquiries', [offer('Chromite Sand', AT)]);
    const viewer = await createStaffAccount(server, 'viewer', `viewer-${engine}@example.com`);
    const asViewer = { ...as(viewer), 'Content-Type': 'application/json' };
    expect((await call(server, `${path('inquiries', buyer)}/matches`, { headers: asViewer })).status).toBe(200);
    const link = await call(server, `${path('inquiries', buyer)}/links`, {
      method: 'POST',
      headers: asViewer,
      body: JSON.stringify({ id: supplier }),
    });
    expect(link.status).toBe(403);
    expect((await send('POST', `${path('inquiries', buyer)}/links`, { id: supplier })).status).toBe(201);
    const unlink = await call(server, `${path('inquiries', buyer)}/links/${supplier}`, { method: 'DELETE', headers: asViewer });
    expect(unlink.status).toBe(403);
    expect((await matches('inquiries', buyer)).linked.map((r) => r._id)).toEqual([supplier]);
  });

  it('forgets an erased record: its links go, the other timeline keeps the link without its name', async () => {
    const [buyer] = await seed('inquiries', [inquiry(['Graphite Flakes'], AT)]);
    const [supplier] = await seed('supplierInquiries', [offer('Graphite Flakes', AT)]);
    expect((await send('POST', `${path('inquiries', buyer)}/links`, { id: supplier })).status).toBe(201);
    const erased = await call(server, path('supplierInquiries', supplier), { method: 'DELETE', headers: server.adminHeaders() });
    expect(erased.status, erased.text).toBe(200);
    expect(await matches('inquiries', buyer)).toEqual({ linked: [], matches: [] });
    const timeline = (await get(`${path('inquiries', buyer)}/timeline`)).body as TimelineEntry[];
    expect(timeline.at(-1)).toMatchObject({ type: 'link', recordId: supplier, name: null });
    const left = await server.deps.db.all('SELECT COUNT(*) AS n FROM "record_terms" WHERE "recordId" = ?', [supplier]);
    expect(Number(left[0].n)).toBe(0);
  });

  it('gives the records stored before matching existed their terms when the migration runs', async () => {
    const [buyer] = await seed('inquiries', [inquiry(['Manganese Nodules'], AT)]);
    const [supplier] = await seed('supplierInquiries', [offer('Manganese nodules, lumpy', AT)]);
    await rerunMigrations(server.deps.db, [new CreateMatching1795000000750()]);
    expect((await matches('inquiries', buyer)).matches.map((m) => [m._id, m.match])).toEqual([[supplier, 'word']]);
  });
});
