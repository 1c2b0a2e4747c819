import { randomUUID } from 'node:crypto';
import {
  BUYER_INQUIRY,
  DEFAULT_SORT,
  listColumnsOf,
  SUPPLIER_OFFER,
  type ContactMessageRecord,
  type ListPage,
  type RecordDefinition,
} from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_BATCH_SIZE, filteredRows, listDefinitionOf, type Filter } from './record-list';
import { segmentQuery, sortOrderOf } from './sorted-pages';
import { recordRow, seedRows } from '../../test/factories';
import type { RecordKind } from '../record-kind';
import { RECORD_KINDS } from '../record-kinds';
import { call, startTestServer, TEST_ADMIN, TEST_ENGINES, type TestServer } from '../../test/support';
import { queryPlan } from '../../test/query-plan';

const START = Date.parse('2026-01-01T00:00:00Z');
/** Row i was created i minutes after START; a few share a timestamp to exercise the id tiebreak. */
const createdAt = (i: number) => new Date(START + Math.floor(i / 3) * 60_000);

describe.each(TEST_ENGINES)('admin lists on %s', (engine) => {
  let server: TestServer;
  const COUNT = 130;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    const rows = Array.from({ length: COUNT }, (_, i) =>
      recordRow('contacts', createdAt(i), {
        name: i % 10 === 0 ? `Zoë Müller ${i}` : `Person ${i}`,
        email: `p${i}@example.com`,
        message: i === 7 ? 'Needs 100% copper_cathode' : `Message ${i}`,
      }),
    );
    await seedRows(server.deps.db, 'contacts', rows);
  });
  afterAll(() => server?.close());

  const page = async (query = '') => {
    const res = await call(server, `/api/contact${query}`, { headers: server.adminHeaders() });
    expect(res.status, res.text).toBe(200);
    return res.body as ListPage<ContactMessageRecord>;
  };

  it('pages newest first with an opaque cursor, no row twice or missed', async () => {
    const first = await page();
    expect(first.data).toHaveLength(50);
    expect(first.total).toBe(COUNT);
    const seen = [...first.data];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await page(`?cursor=${encodeURIComponent(cursor)}`);
      expect(next.total).toBe(COUNT);
      seen.push(...next.data);
      cursor = next.nextCursor;
    }
    expect(seen).toHaveLength(COUNT);
    expect(new Set(seen.map((r) => r._id)).size).toBe(COUNT);
    const keys = seen.map((r) => `${r.createdAt}|${r._id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(seen[0].createdAt).toBe(createdAt(COUNT - 1).toISOString());
  });

  it('honours limit (max 500) and sort=oldest', async () => {
    const small = await page('?limit=7&sort=oldest');
    expect(small.data).toHaveLength(7);
    expect(small.data[0].createdAt).toBe(new Date(START).toISOString());
    const rest = await page(`?limit=500&sort=oldest&cursor=${small.nextCursor}`);
    expect(rest.data).toHaveLength(COUNT - 7);
    expect(rest.nextCursor).toBeNull();
    expect(new Set([...small.data, ...rest.data].map((r) => r._id)).size).toBe(COUNT);
  });

  it('searches name, email and message case-insensitively, treating % and _ literally', async () => {
    const zoe = await page('?q=ZOË%20MÜLLER');
    expect(zoe.total).toBe(13);
    const byName = await page('?q=person%2012');
    expect(byName.data.map((r) => r.name).sort()).toEqual([
      'Person 12',
      'Person 121',
      'Person 122',
      'Person 123',
      'Person 124',
      'Person 125',
      'Person 126',
      'Person 127',
      'Person 128',
      'Person 129',
    ]);
    expect(byName.total).toBe(10);
    expect((await page('?q=P7%40EXAMPLE')).data.map((r) => r.email)).toEqual(['p7@example.com']);
    expect((await page('?q=100%25%20copper_')).data.map((r) => r.email)).toEqual(['p7@example.com']);
    expect((await page('?q=100%25%20copperX')).total).toBe(0);
    const pagedSearch = await page('?q=person&limit=100');
    expect(pagedSearch.total).toBe(117);
    const second = await page(`?q=person&limit=100&cursor=${pagedSearch.nextCursor}`);
    expect(second.data).toHaveLength(17);
  });

  it('counts only rows newer than `since`', async () => {
    const since = createdAt(COUNT - 10).toISOString();
    const newer = await page(`?since=${encodeURIComponent(since)}`);
    // Rows 123..129 are newer than row 120's minute (rows 120..122 share it).
    expect(newer.total).toBe(7);
    expect(newer.data.every((r) => r.createdAt > since)).toBe(true);
  });

  it('refuses malformed parameters with 400 and the field', async () => {
    expect((await call(server, '/api/contact?limit=501', { headers: server.adminHeaders() })).body).toEqual({
      error: 'limit must be at most 500',
      fields: { limit: 'limit must be at most 500' },
    });
    expect((await call(server, '/api/contact?limit=0', { headers: server.adminHeaders() })).status).toBe(400);
    expect((await call(server, '/api/contact?cursor=garbage', { headers: server.adminHeaders() })).body).toEqual({
      error: 'Invalid cursor',
      fields: { cursor: 'Invalid cursor' },
    });
    expect((await call(server, '/api/contact?since=yesterday', { headers: server.adminHeaders() })).status).toBe(400);
    expect((await call(server, '/api/contact?sort=random', { headers: server.adminHeaders() })).status).toBe(400);
  });

  it('answers one record by id, 404 for an unknown or malformed id', async () => {
    const [newest] = (await page('?limit=1')).data;
    expect((await call(server, `/api/contact/${newest._id}`, { headers: server.adminHeaders() })).body).toEqual(newest);
    expect(
      (await call(server, '/api/contact/00000000-0000-4000-8000-000000000000', { headers: server.adminHeaders() })).status,
    ).toBe(404);
    expect((await call(server, '/api/contact/not-an-id', { headers: server.adminHeaders() })).status).toBe(404);
  });

  it('exports the filtered list as CSV with the headers of docs/api.md#csv-export', async () => {
    const res = await call(server, '/api/contact/export.csv?q=zo%C3%AB', { headers: server.adminHeaders() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="contact-queries-zo-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('S.No,Name,Email,Message,Received At,Reference,Status,Owner');
    expect(lines).toHaveLength(14);
    expect(lines[1]).toMatch(
      new RegExp(`^1,Zoë Müller 120,p120@example.com,Message 120,${createdAt(120).toISOString()},MSG-[0-9A-Z]{6},Open,$`),
    );
    const everything = await call(server, '/api/contact/export.csv', { headers: server.adminHeaders() });
    expect(everything.text.trimEnd().split('\r\n')).toHaveLength(COUNT + 1);
  });
});

/** The cells of one CSV line without line breaks in its cells. */
const csvCells = (line: string) =>
  [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, cell]) =>
    cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell,
  );

describe.each(TEST_ENGINES)('CSV exports of every list on %s', (engine) => {
  let server: TestServer;
  const at = new Date('2026-02-02T02:02:02.000Z');
  const supplierRow = recordRow('supplierInquiries', at, { companyName: '-2+3', certifications: ['CE', 'RoHS'] });

  beforeAll(async () => {
    server = await startTestServer({ engine });
    const { db } = server.deps;
    await seedRows(db, 'contacts', [
      recordRow('contacts', at, { name: '=HYPERLINK("http://evil")', message: 'line 1\nline "2"' }),
    ]);
    await seedRows(db, 'subscribers', [recordRow('subscribers', at, { email: '@sum@example.com' })]);
    await seedRows(db, 'inquiries', [
      recordRow('inquiries', new Date(at.getTime() - 1000), { fullName: 'Zed Buyer' }),
      recordRow('inquiries', at, {
        fullName: '+cmd|calc',
        ownerId: TEST_ADMIN.id,
        commodities: ['Coal', 'Gems'],
        attachments: [{ storedName: 'x.pdf', originalName: 'spec.pdf', mimeType: 'application/pdf', size: 3 }],
      }),
    ]);
    await seedRows(db, 'supplierInquiries', [supplierRow]);
  });
  afterAll(() => server?.close());

  const csv = async (path: string, query = '') => {
    const res = await call(server, `${path}/export.csv${query}`, { headers: server.adminHeaders() });
    expect(res.status, res.text).toBe(200);
    return res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
  };

  it('neutralises formulas and quotes cells with commas, quotes and line breaks', async () => {
    const contacts = await csv('/api/contact');
    expect(contacts[1]).toMatch(
      new RegExp(
        `^1,"'=HYPERLINK\\(""http://evil""\\)",ada@example\\.com,"line 1\nline ""2""",${at.toISOString()},MSG-\\w{6},Open,$`,
      ),
    );
    expect(await csv('/api/subscribers')).toEqual([
      'S.No,Email,Subscribed At,Status',
      `1,'@sum@example.com,${at.toISOString()},Confirmed`,
    ]);
  });

  /** S.No, then the list's column labels in order (the labels themselves are pinned in shared/src/records/record-definition.test.ts). */
  const csvHeader = (definition: RecordDefinition) => ['S.No', ...listColumnsOf(definition).map((c) => c.label)].join(',');

  it('uses the column headers of docs/api.md#csv-export and comma-joins lists', async () => {
    const inquiries = await csv('/api/inquiry/inquiries');
    expect(inquiries[0]).toBe(csvHeader(BUYER_INQUIRY));
    expect(inquiries[0]).toMatch(/,Created At,Updated At,Reference,Status,Owner$/);
    expect(inquiries[1]).toMatch(
      /^1,'\+cmd\|calc,Buyer Metals Ltd,.*,"Coal, Gems",.*,spec\.pdf,2026-02-02T02:02:02\.000Z,2026-02-02T02:02:02\.000Z,INQ-\w{6},New,admin@example\.com$/,
    );
    // The one address text the buyer typed: its street part under Address, its country under Country.
    expect(inquiries[1]).toContain(',bob@buyer.example,"1 Harbour Road, Mumbai",India,');
    // A plain phone number is written as typed, without the formula guard's '.
    expect(csvCells(inquiries[1])[csvCells(inquiries[0]).indexOf('Phone Number')]).toBe('+91 9876543210');

    const suppliers = await csv('/api/supplier/supplierInquires');
    expect(suppliers[0]).toBe(csvHeader(SUPPLIER_OFFER));
    expect(suppliers[1]).toContain(`1,Sam Supplier,'-2+3,`);
    expect(suppliers[1]).toContain(`"CE, RoHS"`);
    // Every text column is exported under its header, a field added to the definition since included.
    const headers = csvCells(suppliers[0]);
    const cells = csvCells(suppliers[1]);
    for (const { field } of listColumnsOf(SUPPLIER_OFFER).filter(
      (c) => c.field?.kind === 'text' || c.field?.kind === 'longText',
    )) {
      const stored = String(supplierRow[field!.key as keyof typeof supplierRow]);
      const value = field!.display ? field!.display(stored) : stored;
      const guarded = /^[=+\-@\t\r]/.test(value) && !/^\+[\d ()-]+$/.test(value) ? `'${value}` : value;
      expect(cells[headers.indexOf(field!.label)], field!.key).toBe(guarded);
    }
  });

  it("writes the columns the list shows, in the table's order, and the list's sort", async () => {
    const [header, ...rows] = await csv('/api/inquiry/inquiries', '?columns=status,reference,fullName,owner&sort=-fullName');
    expect(header).toBe('S.No,Full Name,Reference,Status,Owner');
    expect(rows).toEqual([
      expect.stringMatching(/^1,Zed Buyer,INQ-\w{6},New,$/),
      expect.stringMatching(/^2,'\+cmd\|calc,INQ-\w{6},New,admin@example\.com$/),
    ]);
    const ascending = await csv('/api/inquiry/inquiries', '?columns=fullName&sort=fullName');
    expect(ascending).toEqual(['S.No,Full Name', "1,'+cmd|calc", '2,Zed Buyer']);
  });

  it.each(['nope', 'fullName,nope', ',', 'messageBody'])(
    'refuses columns=%j with 400, before handing out a link',
    async (columns) => {
      for (const suffix of ['/export.csv', '/export-link']) {
        const res = await call(server, `/api/inquiry/inquiries${suffix}?columns=${encodeURIComponent(columns)}`, {
          headers: server.adminHeaders(),
        });
        expect(res.status, suffix).toBe(400);
        expect(res.body).toMatchObject({ fields: { columns: "columns must be the list's column keys, comma-separated" } });
      }
    },
  );

  it('keeps the chosen columns through a signed export link', async () => {
    const link = await call(server, '/api/contact/export-link?columns=name,reference', { headers: server.adminHeaders() });
    expect(link.status).toBe(200);
    const url = new URL((link.body as { url: string }).url);
    const res = await call(server, `${url.pathname}${url.search}`);
    expect(res.status).toBe(200);
    expect(res.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('S.No,Name,Reference');
  });

  it('streams every row of a list larger than one export batch, each once', async () => {
    const start = Date.parse('2025-06-01T00:00:00Z');
    const rows = Array.from({ length: CSV_BATCH_SIZE * 2 + 37 }, (_, i) =>
      recordRow('subscribers', new Date(start + Math.floor(i / 2) * 1000), { email: `bulk${i}@example.com` }),
    );
    await seedRows(server.deps.db, 'subscribers', rows);
    const lines = await csv('/api/subscribers');
    expect(lines).toHaveLength(rows.length + 2);
    const emails = lines.slice(1).map((line) => line.split(',')[1]);
    expect(new Set(emails).size).toBe(rows.length + 1);
    // Newest first: the oldest two (same second, order by id) end the file.
    expect(lines.at(-1)).toMatch(
      new RegExp(`^${rows.length + 1},bulk[01]@example\\.com,${new Date(start).toISOString()},Confirmed$`),
    );
  });
});

/** `q` is served by an index on both engines: pg_trgm GIN on PostgreSQL, an FTS5 trigram table on SQLite. */
describe.each(TEST_ENGINES)('search index on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
    await seedRows(server.deps.db, 'contacts', [recordRow('contacts', new Date(START), { name: 'Zoë Müller' })]);
  });
  afterAll(() => server?.close());

  const plan = async (q: string, kind: RecordKind = RECORD_KINDS.contacts, narrowed: Partial<Filter> = {}) => {
    const def = listDefinitionOf(kind);
    const filter = { q, since: null, filters: {}, ...narrowed };
    const [first] = (await sortOrderOf(server.deps, def, DEFAULT_SORT, filter)).segments;
    const { sql, params } = segmentQuery(server.deps, def, filteredRows(server.deps, def, filter), first, null, 50);
    return queryPlan(server.deps.db, engine, sql, params);
  };

  it('looks search text up in the index', async () => {
    expect(await plan('müller')).toMatch(
      engine === 'postgres'
        ? /Bitmap Index Scan on contact_messages_search/
        : /contact_messages_search VIRTUAL TABLE INDEX \d+:L/,
    );
    const found = await call(server, '/api/contact?q=M%C3%BCLLER', { headers: server.adminHeaders() });
    expect(found.body.data.map((r: { name: string }) => r.name)).toEqual(['Zoë Müller']);
  });

  it("reads one owner's rows of one status from the index of both, not by walking every row of that status", async () => {
    // Every row of a million can be New: the status index alone would walk them all for an owner with none.
    expect(await plan('', RECORD_KINDS.inquiries, { status: 'New', filters: { owner: randomUUID() } })).toMatch(
      engine === 'postgres'
        ? /Index Scan( Backward)? using inquiries_owner_status_created/
        : /USING INDEX inquiries_owner_status_created \(ownerId=\? AND status=\?\)/,
    );
  });

  it('looks up every text field of an inquiry in the index too (port, payment terms, ...)', async () => {
    expect(await plan('nhava sheva', RECORD_KINDS.inquiries)).toMatch(
      engine === 'postgres' ? /Bitmap Index Scan on inquiries_search/ : /inquiries_search VIRTUAL TABLE INDEX \d+:L/,
    );
  });
});
