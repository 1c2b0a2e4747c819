import {
  BUYER_INQUIRY,
  sortColumnsOf,
  sortKeyOf,
  sortParam,
  SPAM_STATUS,
  type InquiryRecord,
  type ListColumn,
  type ListPage,
  type ListSort,
} from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordRow, seedRows, type RowOfList } from '../../test/factories';
import { createStaffAccount } from '../../test/staff';
import { call, startTestServer, TEST_ADMIN, TEST_ENGINES, type TestServer } from '../../test/support';
import { RECORD_KINDS } from '../record-kinds';
import { encodeCursor } from './cursor';
import { filteredRows, listDefinitionOf } from './record-list';
import { segmentQuery, sortOrderOf } from './sorted-pages';

type Row = RowOfList<'inquiries'>;

const START = Date.parse('2026-04-01T00:00:00Z');
const COUNT = 30;
/** Texts of every kind a column sorts: letter case, accents, numbers, other scripts, and empty ones. */
const TEXTS = [
  'Ångström',
  'angstrom 10',
  'Angstrom 9',
  'ÉMILE',
  'émile',
  'Zoë',
  'bob',
  '',
  '1000 MT',
  '500 MT',
  'Иван',
  'ООО',
  'αβγ',
  '東京',
  '',
];
const COLUMNS = sortColumnsOf(BUYER_INQUIRY);
const STATUSES = BUYER_INQUIRY.statuses;

/** A text stored in a field as the list shows it (sortKeyOf's input). */
function shownText(column: ListColumn, row: Row): string {
  const field = column.field!;
  const value = field.kind === 'files' ? row.attachments.map((f) => f.originalName) : (row as Record<string, unknown>)[field.key];
  const text = Array.isArray(value) ? value.join(', ') : String(value ?? '');
  return field.display ? field.display(text) : text;
}

const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
const byArrival = (a: Row, b: Row) => compare(a.createdAt.getTime(), b.createdAt.getTime()) || compare(a.id, b.id);

/**
 * The order docs/api.md#sorting promises, computed here from the rows themselves: what the list
 * must answer for `sort`, on both engines.
 */
function expectedOrder(rows: Row[], column: ListColumn, sort: ListSort, staffByEmail: { id: string }[]): string[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const shown = rows.filter((r) => r.status !== SPAM_STATUS);
  const newestFirst = (list: Row[]) => [...list].sort((a, b) => -byArrival(a, b));
  switch (column.sort) {
    case 'time': {
      const time = (row: Row) => (row as Record<string, unknown>)[column.key] as Date;
      return [...shown]
        .sort((a, b) => sign * (compare(time(a).getTime(), time(b).getTime()) || byArrival(a, b)))
        .map((r) => r.id);
    }
    case 'due': {
      const time = (row: Row) => (row as Record<string, unknown>)[column.key] as Date | null;
      const timed = shown
        .filter((r) => time(r) !== null)
        .sort((a, b) => sign * (compare(time(a)!.getTime(), time(b)!.getTime()) || byArrival(a, b)));
      return [...timed, ...newestFirst(shown.filter((r) => time(r) === null))].map((r) => r.id);
    }
    case 'text': {
      const key = (row: Row) => sortKeyOf(shownText(column, row));
      const valued = shown.filter((r) => key(r) !== '').sort((a, b) => sign * (compare(key(a), key(b)) || byArrival(a, b)));
      return [...valued, ...newestFirst(shown.filter((r) => key(r) === ''))].map((r) => r.id);
    }
    case 'status': {
      const order = sign > 0 ? STATUSES : [...STATUSES].reverse();
      return order.flatMap((status) => newestFirst(shown.filter((r) => r.status === status))).map((r) => r.id);
    }
    case 'owner': {
      const owners = sign > 0 ? staffByEmail : [...staffByEmail].reverse();
      return [...owners.map((o) => o.id), null]
        .flatMap((id) => newestFirst(shown.filter((r) => r.ownerId === id)))
        .map((r) => r.id);
    }
    case 'value':
      throw new Error('buyer inquiries have no column sorted as stored');
  }
}

describe.each(TEST_ENGINES)('sorting a list on %s', (engine) => {
  let server: TestServer;
  let rows: Row[];
  let staffByEmail: { id: string; email: string }[];

  beforeAll(async () => {
    server = await startTestServer({ engine });
    const zed = await createStaffAccount(server, 'agent', 'zed@example.com');
    const amy = await createStaffAccount(server, 'agent', 'amy@example.com');
    staffByEmail = [amy, TEST_ADMIN, zed].sort((a, b) => compare(a.email, b.email));
    const owners = [null, amy.id, zed.id, TEST_ADMIN.id];
    rows = Array.from({ length: COUNT }, (_, i) => {
      // A few rows share a creation time: their order is by id.
      const createdAt = new Date(START + Math.floor(i / 3) * 60_000);
      const overrides: Record<string, unknown> = {
        status: i === 4 ? SPAM_STATUS : STATUSES[i % (STATUSES.length - 1)],
        ownerId: owners[i % owners.length],
        updatedAt: new Date(START + ((i * 7) % 11) * 3_600_000),
        // Desk times on some rows (a few the same), none on the others.
        followUpAt: i % 3 === 0 ? null : new Date(START + ((i * 5) % 7) * 86_400_000),
        responseDueAt: i % 4 === 1 ? null : new Date(START + ((i * 3) % 5) * 3_600_000),
        attachments:
          i % 4 === 0
            ? []
            : [
                {
                  storedName: `${i}.pdf`,
                  originalName: TEXTS[i % TEXTS.length] || 'plain.pdf',
                  mimeType: 'application/pdf',
                  size: 1,
                },
              ],
      };
      COLUMNS.forEach((column, c) => {
        const field = column.field;
        if (!field || column.sort !== 'text' || field.kind === 'files' || field.kind === 'reference') return;
        const text = TEXTS[(i * (c + 3)) % TEXTS.length];
        if (field.kind === 'list') overrides[field.key] = text ? [text] : [];
        else if (field.key === 'addressCountry' || field.key === 'address')
          overrides[field.key] = text ? `${text} Road, ${TEXTS[(i + c) % TEXTS.length]}` : '';
        else overrides[field.key] = text;
      });
      return recordRow('inquiries', createdAt, overrides as Partial<Row>);
    });
    await seedRows(server.deps.db, 'inquiries', rows);
  });
  afterAll(() => server?.close());

  const get = (query: string) => call(server, `/api/inquiry/inquiries?${query}`, { headers: server.adminHeaders() });

  /** Every page of the list in `sort`, a few rows at a time: the ids in order. */
  async function allPages(sort: string, extra = ''): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`sort=${encodeURIComponent(sort)}&limit=7${extra}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status, res.text).toBe(200);
      const page = res.body as ListPage<InquiryRecord>;
      ids.push(...page.data.map((r) => r._id));
      cursor = page.nextCursor;
    } while (cursor);
    return ids;
  }

  it.each(COLUMNS.flatMap((column) => (['asc', 'desc'] as const).map((direction) => [column.key, direction, column] as const)))(
    'sorts by %s, %s, page after page, as docs/api.md#sorting says',
    async (_key, direction, column) => {
      const sort: ListSort = { column: column.key, direction };
      expect(await allPages(sortParam(sort))).toEqual(expectedOrder(rows, column, sort, staffByEmail));
    },
  );

  it('keeps newest and oldest as the names of the default order and its reverse', async () => {
    const created = COLUMNS.find((c) => c.key === 'createdAt')!;
    expect(await allPages('newest')).toEqual(
      expectedOrder(rows, created, { column: 'createdAt', direction: 'desc' }, staffByEmail),
    );
    expect(await allPages('oldest')).toEqual(
      expectedOrder(rows, created, { column: 'createdAt', direction: 'asc' }, staffByEmail),
    );
  });

  it('sorts within a status tab and an owner filter', async () => {
    const inTab = rows.filter((r) => r.status === 'Quoted');
    const name = COLUMNS.find((c) => c.key === 'fullName')!;
    expect(await allPages('-fullName', '&status=Quoted')).toEqual(
      expectedOrder(inTab, name, { column: 'fullName', direction: 'desc' }, staffByEmail),
    );
    expect(await allPages('-status', '&status=Quoted')).toEqual([...inTab].sort((a, b) => -byArrival(a, b)).map((r) => r.id));
    const unowned = rows.filter((r) => r.ownerId === null && r.status !== SPAM_STATUS);
    expect(await allPages('owner', '&owner=unassigned')).toEqual([...unowned].sort((a, b) => -byArrival(a, b)).map((r) => r.id));
    expect(await allPages('-owner', '&owner=mine')).toEqual(
      rows
        .filter((r) => r.ownerId === TEST_ADMIN.id && r.status !== SPAM_STATUS)
        .sort((a, b) => -byArrival(a, b))
        .map((r) => r.id),
    );
  });

  it('refuses an unknown sort, and a cursor of another order', async () => {
    expect((await get('sort=random')).body).toEqual({
      error: "sort must be newest, oldest, or a column's key (-key for descending)",
      fields: { sort: "sort must be newest, oldest, or a column's key (-key for descending)" },
    });
    expect((await get('sort=-')).status).toBe(400);
    const byName = (await get('sort=fullName&limit=2')).body as ListPage<InquiryRecord>;
    expect((await get(`sort=-fullName&cursor=${byName.nextCursor}`)).body).toMatchObject({ error: 'Invalid cursor' });
    expect((await get(`cursor=${byName.nextCursor}`)).body).toMatchObject({ error: 'Invalid cursor' });
    const newest = (await get('limit=2')).body as ListPage<InquiryRecord>;
    expect((await get(`sort=fullName&cursor=${newest.nextCursor}`)).status).toBe(400);
    const badTime = encodeCursor({ sort: 'updatedAt', value: 'yesterday', createdAt: new Date(START), id: rows[0].id });
    expect((await get(`sort=updatedAt&cursor=${badTime}`)).body).toMatchObject({ error: 'Invalid cursor' });
  });

  /** The plan of a sorted first page, with the table's statistics as a large table would have them read. */
  async function firstPagePlan(sort: ListSort): Promise<string> {
    const def = listDefinitionOf(RECORD_KINDS.inquiries);
    const filter = { q: '', since: null, filters: {} };
    const [first] = (await sortOrderOf(server.deps, def, sort, filter)).segments;
    const { sql, params } = segmentQuery(server.deps, def, filteredRows(server.deps, def, filter), first, null, 51);
    const { db } = server.deps;
    if (engine === 'postgres') {
      return db.transaction(async (tx) => {
        await tx.run('SET LOCAL enable_seqscan = off');
        await tx.run('SET LOCAL enable_sort = off');
        const lines = await tx.all<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
        return lines.map((line) => line['QUERY PLAN']).join('\n');
      });
    }
    const lines = await db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, params);
    return lines.map((line) => line.detail).join('\n');
  }

  it.each([
    [{ column: 'fullName', direction: 'asc' }, 'inquiries_sort_fullName'],
    [{ column: 'comments', direction: 'desc' }, 'inquiries_sort_comments'],
    [{ column: 'updatedAt', direction: 'desc' }, 'inquiries_updated_created'],
    [{ column: 'status', direction: 'asc' }, 'inquiries_status_created'],
    [{ column: 'owner', direction: 'asc' }, 'inquiries_owner_created'],
    [{ column: 'followUpAt', direction: 'asc' }, 'inquiries_sort_follow_up'],
    [{ column: 'responseDueAt', direction: 'desc' }, 'inquiries_sort_response_due'],
  ] as [ListSort, string][])('reads a page sorted by %o in the order of an index (%s), sorting nothing', async (sort, index) => {
    const plan = await firstPagePlan(sort);
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/TEMP B-TREE|Sort\b/);
  });
});
