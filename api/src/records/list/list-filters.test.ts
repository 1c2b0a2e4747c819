/** The filters of the admin lists and their CSV exports (docs/admin.md#filters), over HTTP on both engines. */
import { SPAM_STATUS, type InquiryRecord, type ListPage } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordRow, seedRows, type RowOfList } from '../../test/factories';
import { call, startTestServer, TEST_ADMIN, TEST_ENGINES, type TestServer } from '../../test/support';

const START = Date.parse('2026-04-01T00:00:00Z');
const HOUR = 60 * 60 * 1000;
const OTHER_AGENT = '00000000-0000-4000-8000-0000000000aa';
const FILE = { storedName: 'f.pdf', originalName: 'spec.pdf', mimeType: 'application/pdf', size: 3 };
const USER_TYPES = ['End User', 'Trader', 'Procurement'];

/** Inquiry i: received i hours after START, with values that vary with i so every filter splits the rows differently. */
function inquiry(i: number): RowOfList<'inquiries'> {
  return recordRow('inquiries', new Date(START + i * HOUR), {
    fullName: `Buyer ${i}`,
    userType: USER_TYPES[i % 3],
    dispatchMode: i % 2 ? 'CIF' : 'FOB',
    // Typed by the buyer: the filter ignores case.
    destinationCountry: i % 8 === 0 ? 'india' : i % 4 === 0 ? 'India' : 'China',
    commodities: i === 1 ? ['Cooking Coal'] : i % 5 === 0 ? ['Coal', 'Gems'] : ['Copper Cathode'],
    ownerId: i % 3 === 0 ? TEST_ADMIN.id : i % 3 === 1 ? OTHER_AGENT : null,
    attachments: i % 6 === 0 ? [FILE] : [],
    status: i % 10 === 9 ? SPAM_STATUS : i % 10 === 8 ? 'Won' : 'New',
    destinationPort: i === 42 ? 'Port of Rotterdam' : 'Nhava Sheva',
    paymentTerms: i === 43 ? 'Net 90 escrow' : 'LC at sight',
  });
}

describe.each(TEST_ENGINES)('admin list filters on %s', (engine) => {
  let server: TestServer;
  const rows = Array.from({ length: 60 }, (_, i) => inquiry(i));
  const get = (path: string) => call(server, path, { headers: server.adminHeaders() });

  beforeAll(async () => {
    server = await startTestServer({ engine });
    await seedRows(server.deps.db, 'inquiries', rows);
    await seedRows(server.deps.db, 'supplierInquiries', [
      recordRow('supplierInquiries', new Date(START), { fullName: 'Zambian', originCountry: 'Zambia', incoterm: 'FOB' }),
      recordRow('supplierInquiries', new Date(START + HOUR), { fullName: 'Chilean', originCountry: 'Chile', incoterm: 'CIF' }),
    ]);
  });
  afterAll(() => server?.close());

  /** Every record of the inquiry list for this query, walked page by page with the cursor. */
  async function walk(query: string, limit = 4) {
    const names: string[] = [];
    let cursor: string | null = null;
    let first: ListPage<InquiryRecord> | null = null;
    do {
      const res = await get(`/api/inquiry/inquiries?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status, res.text).toBe(200);
      const page = res.body as ListPage<InquiryRecord>;
      first ??= page;
      expect(page.total).toBe(first.total);
      names.push(...page.data.map((r) => r.fullName));
      cursor = page.nextCursor;
    } while (cursor);
    return { names, total: first.total, statusCounts: first.statusCounts };
  }

  /** The names a filter should give, newest first; Spam stays out unless asked for. */
  const expected = (keep: (row: RowOfList<'inquiries'>, i: number) => boolean, status?: string) =>
    rows
      .map((row, i) => ({ row, i }))
      .filter(({ row, i }) => keep(row, i) && (status ? row.status === status : row.status !== SPAM_STATUS))
      .reverse()
      .map(({ row }) => row.fullName);

  it.each([
    ['userType=Trader', (r: RowOfList<'inquiries'>) => r.userType === 'Trader'],
    ['dispatchMode=CIF', (r: RowOfList<'inquiries'>) => r.dispatchMode === 'CIF'],
    ['destinationCountry=INDIA', (r: RowOfList<'inquiries'>) => r.destinationCountry.toLowerCase() === 'india'],
    ['commodities=Coal', (r: RowOfList<'inquiries'>) => r.commodities.includes('Coal')],
    ['owner=mine', (r: RowOfList<'inquiries'>) => r.ownerId === TEST_ADMIN.id],
    ['owner=unassigned', (r: RowOfList<'inquiries'>) => r.ownerId === null],
    [`owner=${OTHER_AGENT}`, (r: RowOfList<'inquiries'>) => r.ownerId === OTHER_AGENT],
    ['hasAttachment=yes', (r: RowOfList<'inquiries'>) => r.attachments.length > 0],
    ['hasAttachment=no', (r: RowOfList<'inquiries'>) => r.attachments.length === 0],
    // A day is a UTC day; `to` takes the whole of it.
    ['from=2026-04-02', (r: RowOfList<'inquiries'>) => r.createdAt.getTime() >= START + 24 * HOUR],
    ['to=2026-04-01', (r: RowOfList<'inquiries'>) => r.createdAt.getTime() < START + 24 * HOUR],
    [
      `from=${encodeURIComponent('2026-04-01T10:00:00Z')}&to=${encodeURIComponent('2026-04-01T12:30:00+00:00')}`,
      (r: RowOfList<'inquiries'>) => r.createdAt.getTime() >= START + 10 * HOUR && r.createdAt.getTime() <= START + 12.5 * HOUR,
    ],
  ])('%s keeps exactly its records, in order, across pages', async (query, keep) => {
    const want = expected(keep);
    expect(want.length).toBeGreaterThan(0);
    const { names, total } = await walk(query);
    expect(names).toEqual(want);
    expect(total).toBe(want.length);
  });

  it('a list filter matches whole items: Coal is not Cooking Coal', async () => {
    const { names } = await walk('commodities=Coal', 50);
    expect(names).not.toContain('Buyer 1');
    expect((await walk('commodities=Cooking%20Coal')).names).toEqual(['Buyer 1']);
  });

  it('combines filters with the search, the status tab and the cursor', async () => {
    const keep = (r: RowOfList<'inquiries'>) =>
      r.fullName.startsWith('Buyer 1') && r.dispatchMode === 'FOB' && r.ownerId !== null && r.attachments.length === 0;
    // owner=<someone> twice: mine and the other agent's, in two walks.
    const mine = await walk(`q=buyer%201&dispatchMode=FOB&owner=mine&hasAttachment=no`, 1);
    expect(mine.names).toEqual(expected((r) => keep(r) && r.ownerId === TEST_ADMIN.id));
    const won = await walk('userType=Procurement&status=Won', 1);
    expect(won.names).toEqual(expected((r) => r.userType === 'Procurement', 'Won'));
    expect(won.names.length).toBeGreaterThan(0);
    const oldest = await call(server, '/api/inquiry/inquiries?sort=oldest&userType=Trader&limit=2', {
      headers: server.adminHeaders(),
    });
    const rest = await get(`/api/inquiry/inquiries?sort=oldest&userType=Trader&limit=500&cursor=${oldest.body.nextCursor}`);
    expect([...oldest.body.data, ...rest.body.data].map((r: InquiryRecord) => r.fullName)).toEqual(
      expected((r) => r.userType === 'Trader').reverse(),
    );
  });

  it('counts the status tabs under the same filters', async () => {
    const { statusCounts, total } = await walk('dispatchMode=CIF&owner=unassigned', 50);
    const matching = rows.filter((r) => r.dispatchMode === 'CIF' && r.ownerId === null);
    const count = (status: string) => matching.filter((r) => r.status === status).length;
    expect(statusCounts).toEqual({
      New: count('New'),
      'In progress': 0,
      Quoted: 0,
      Won: count('Won'),
      Lost: 0,
      Spam: count('Spam'),
    });
    expect(total).toBe(count('New') + count('Won'));
    // Without filters the tabs are the trigger-kept counts of the whole table.
    const all = await walk('', 100);
    expect(all.statusCounts?.Spam).toBe(rows.filter((r) => r.status === SPAM_STATUS).length);
  });

  it('searches every text field and the record reference', async () => {
    expect((await walk('q=rotterdam')).names).toEqual(['Buyer 42']);
    expect((await walk('q=NET%2090%20ESCROW')).names).toEqual(['Buyer 43']);
    expect((await walk(`q=${rows[17].id.toUpperCase()}`)).names).toEqual(['Buyer 17']);
    const suppliers = await get('/api/supplier/supplierInquires?q=dar%20es%20salaam');
    expect(suppliers.body.total).toBe(2);
  });

  it('filters supplier offers by the fields their definition marks', async () => {
    const names = async (query: string) =>
      (await get(`/api/supplier/supplierInquires?${query}`)).body.data.map((r: { fullName: string }) => r.fullName);
    expect(await names('originCountry=zambia')).toEqual(['Zambian']);
    expect(await names('incoterm=CIF')).toEqual(['Chilean']);
    expect(await names('productName=copper%20cathode')).toEqual(['Chilean', 'Zambian']);
  });

  it('exports exactly the filtered list, on the token and on a signed link (owner=mine signed as the admin)', async () => {
    const query = 'userType=Trader&owner=unassigned&from=2026-04-01';
    const want = expected((r) => r.userType === 'Trader' && r.ownerId === null);
    const namesOf = (csv: string) =>
      csv
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[1]);
    const direct = await get(`/api/inquiry/inquiries/export.csv?${query}`);
    expect(direct.status).toBe(200);
    expect(namesOf(direct.text)).toEqual(want);

    const link = await get('/api/inquiry/inquiries/export-link?owner=mine&commodities=Coal');
    const url = new URL((link.body as { url: string }).url);
    expect(url.searchParams.get('owner')).toBe(TEST_ADMIN.id);
    const signed = await fetch(url);
    expect(signed.status).toBe(200);
    expect(namesOf(await signed.text())).toEqual(expected((r) => r.ownerId === TEST_ADMIN.id && r.commodities.includes('Coal')));
  });

  it.each([
    ['userType=Alien', 'userType', 'Unknown user type'],
    ['dispatchMode=Teleport', 'dispatchMode', 'Unknown dispatch mode'],
    ['commodities=Unobtainium', 'commodities', 'Unknown commodities'],
    ['owner=someone', 'owner', 'owner must be mine, unassigned or a staff id'],
    ['hasAttachment=maybe', 'hasAttachment', 'hasAttachment must be yes or no'],
    ['from=2026-02-30', 'from', 'from must be a day (YYYY-MM-DD) or an ISO date-time'],
    ['to=yesterday', 'to', 'to must be a day (YYYY-MM-DD) or an ISO date-time'],
    ['from=2026-04-03&to=2026-04-02', 'to', 'to must not be before from'],
  ])('refuses %s with 400 naming %s, on the list and the export', async (query, field, message) => {
    for (const path of ['', '/export-link', '/export.csv']) {
      const res = await get(`/api/inquiry/inquiries${path}?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ [field]: message });
    }
  });

  it('filters contact messages by owner and date, the filters they have', async () => {
    expect((await get('/api/contact?owner=unassigned&from=2026-01-01')).status).toBe(200);
    expect((await get('/api/contact?hasAttachment=maybe')).status).toBe(200);
    expect((await get('/api/contact?owner=nobody')).status).toBe(400);
  });
});
