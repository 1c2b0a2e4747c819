/** docs/api.md#reports: each report against a fixture with known answers, on both engines. */
import { REPORT_NAMES, reportTable, type Reports } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRow } from '../../../auth/schema';
import { csvLine } from '../../../records/list/csv';
import { recordRow, seedRows, type RowOfList } from '../../../test/factories';
import { runMigrations, takeBackMigrations } from '../../../test/migrations';
import { createStaffAccount, headersOf } from '../../../test/staff';
import { call, startTestServer, TEST_ENGINES, type TestServer } from '../../../test/support';
import { KeyReportCountsByOwner1795000004000 } from '../../../db/migrations/1795000004000-key-report-counts-by-owner';
import { RollUpReportCountsByMonth1795000004300 } from '../../../db/migrations/1795000004300-roll-up-report-counts-by-month';
import { queryPlan } from '../../../test/query-plan';
import { syncReportDays } from './report-days';
import { countsQuery } from './reports';

const MINUTE = 60_000;
/** The period asked: 1-10 March in Kolkata (UTC+5:30); the previous one is 19-28 February. */
const PERIOD = 'from=2026-03-01&to=2026-03-10';

describe.each(TEST_ENGINES)('reports on %s', (engine) => {
  let server: TestServer;
  let ana: AdminRow;
  let bob: AdminRow;
  let viewer: AdminRow;
  let agent: AdminRow;

  const reports = async (query: string, as = ana) => {
    const res = await call(server, `/api/admin/reports?${query}`, { headers: headersOf(server, as) });
    expect(res.status).toBe(200);
    return res.body as Reports;
  };

  /** The month counts, and the day counts summed per month: the same rows, whatever changed (migration 1795000004300). */
  const monthsAndDays = async () => {
    const read = (sql: string) =>
      server.deps.db.all<Record<string, unknown>>(
        `SELECT "ownerId", "month", "measure", "value", CAST("count" AS integer) AS "count" FROM (${sql}) AS c ORDER BY "ownerId", "month", "measure", "value"`,
      );
    return {
      months: await read('SELECT * FROM "report_month_counts"'),
      days: await read(
        'SELECT "ownerId", substr("day", 1, 7) AS "month", "measure", "value", SUM("count") AS "count" FROM "report_counts" GROUP BY "ownerId", substr("day", 1, 7), "measure", "value"',
      ),
    };
  };
  const expectMonthsOfDays = async () => {
    const { months, days } = await monthsAndDays();
    expect(months).toEqual(days);
    return months.length;
  };

  /** An inquiry arriving at `at` (UTC), with `set` on top of the sample values. */
  const inquiry = (at: string, set: Partial<RowOfList<'inquiries'>> & Record<string, unknown>) =>
    recordRow('inquiries', new Date(at), set as Partial<RowOfList<'inquiries'>>);
  const respondedAfter = (at: string, minutes: number, by: AdminRow) => ({
    firstResponseAt: new Date(new Date(at).getTime() + minutes * MINUTE),
    firstResponderId: by.id,
  });

  beforeAll(async () => {
    server = await startTestServer({
      engine,
      now: () => new Date('2026-03-20T06:00:00Z'),
      env: { TIME_ZONE: 'Asia/Kolkata' },
    });
    ana = await createStaffAccount(server, 'agent', 'ana@example.com');
    bob = await createStaffAccount(server, 'owner', 'bob@example.com');
    viewer = await createStaffAccount(server, 'viewer');
    agent = await createStaffAccount(server, 'agent');
    const germany = { address: '5 Hafenstrasse, Hamburg, Germany', addressCountry: '5 Hafenstrasse, Hamburg, Germany' };
    const rows = [
      // Midnight of 1 March in Kolkata: the period's first instant (28 February in UTC).
      inquiry('2026-02-28T18:30:00Z', {
        status: 'Won',
        outcomeReason: 'Best price',
        ownerId: ana.id,
        commodities: ['Copper', 'Zinc'],
        destinationPort: 'Mumbai',
        ...respondedAfter('2026-02-28T18:30:00Z', 30, ana),
      }),
      // Quoted now, set to Lost below: its furthest step stays Quoted.
      inquiry('2026-03-02T10:00:00Z', {
        status: 'Quoted',
        reference: 'INQ-B',
        ownerId: ana.id,
        commodities: ['Copper'],
        destinationPort: 'Rotterdam',
        source: 'embed',
        sourcePartner: 'https://partner.example',
        ...germany,
        ...respondedAfter('2026-03-02T10:00:00Z', 90, bob),
      }),
      inquiry('2026-03-05T10:00:00Z', {
        status: 'In progress',
        ownerId: bob.id,
        commodities: ['Zinc'],
        destinationPort: '',
        source: 'desk',
        ...respondedAfter('2026-03-05T10:00:00Z', 120, bob),
      }),
      inquiry('2026-03-09T10:00:00Z', { status: 'New', ownerId: null, commodities: ['Copper'], destinationPort: 'Mumbai' }),
      // 23:59 on 10 March in Kolkata: the period's last minute.
      inquiry('2026-03-10T18:29:00Z', {
        status: 'Quoted',
        ownerId: ana.id,
        commodities: ['Zinc'],
        destinationPort: 'Mumbai',
        ...respondedAfter('2026-03-10T18:29:00Z', 5000, ana),
      }),
      // The same local day as INQ-B with another owner: the one insert counts both.
      inquiry('2026-03-02T12:00:00Z', {
        status: 'Lost',
        ownerId: bob.id,
        commodities: ['Copper'],
        destinationPort: 'Jebel Ali',
      }),
      // Spam counts nowhere; 11 March in Kolkata is after the period.
      inquiry('2026-03-03T10:00:00Z', { status: 'Spam', ownerId: ana.id, commodities: ['Copper'] }),
      inquiry('2026-03-10T18:30:00Z', { status: 'Won', ownerId: ana.id, commodities: ['Copper'] }),
      // The previous period.
      inquiry('2026-02-20T10:00:00Z', { status: 'New', ownerId: ana.id, commodities: ['Copper'], destinationPort: 'Mumbai' }),
      inquiry('2026-02-25T10:00:00Z', {
        status: 'New',
        ownerId: bob.id,
        commodities: ['Copper', 'Zinc'],
        destinationPort: 'Rotterdam',
        ...germany,
      }),
    ];
    await seedRows(server.deps.db, 'inquiries', rows);
    await server.deps.db.run(
      `UPDATE "inquiries" SET "status" = 'Lost', "outcomeReason" = 'Price too high' WHERE "reference" = ?`,
      ['INQ-B'],
    );
  });

  afterAll(() => server?.close());

  it('answers the funnel with the drop-off between each step (furthest step reached)', async () => {
    const { funnel, total, period, previous } = await reports(PERIOD);
    expect(period).toEqual({ from: '2026-03-01', to: '2026-03-10' });
    expect(previous).toEqual({ from: '2026-02-19', to: '2026-02-28' });
    expect(total).toEqual({ count: 6, previous: 2 });
    expect(funnel).toEqual([
      { status: 'New', reached: 6, dropOff: 2, dropOffRate: 2 / 6 },
      { status: 'In progress', reached: 4, dropOff: 1, dropOffRate: 1 / 4 },
      { status: 'Quoted', reached: 3, dropOff: 2, dropOffRate: 2 / 3 },
      { status: 'Won', reached: 1, dropOff: null, dropOffRate: null },
    ]);
  });

  it('answers the first-response histogram and each first responder’s median', async () => {
    const { firstResponse } = await reports(PERIOD);
    expect(firstResponse.buckets.map((b) => b.count)).toEqual([1, 2, 0, 0, 1]);
    expect(firstResponse.people).toEqual([
      // 30 and 5,000 minutes (in the bin starting at 4,320: 3 to 4 days).
      { id: ana.id, email: 'ana@example.com', responded: 2, medianMinutes: (30 + 4320) / 2 },
      { id: bob.id, email: 'bob@example.com', responded: 2, medianMinutes: 105 },
    ]);
  });

  it('breaks submissions down by country, commodity, port and source against the previous period', async () => {
    const { breakdowns } = await reports(PERIOD);
    expect(breakdowns.country).toEqual([
      { label: 'India', count: 5, previous: 1, change: 4 },
      { label: 'Germany', count: 1, previous: 1, change: 0 },
    ]);
    expect(breakdowns.commodity).toEqual([
      { label: 'Copper', count: 4, previous: 2, change: 1 },
      { label: 'Zinc', count: 3, previous: 1, change: 2 },
    ]);
    expect(breakdowns.port).toEqual([
      { label: 'Mumbai', count: 3, previous: 1, change: 2 },
      { label: 'Jebel Ali', count: 1, previous: 0, change: null },
      { label: 'Not given', count: 1, previous: 0, change: null },
      { label: 'Rotterdam', count: 1, previous: 1, change: 0 },
    ]);
    expect(breakdowns.source).toEqual([
      { label: 'Form', count: 4, previous: 2, change: 1 },
      { label: 'Desk', count: 1, previous: 0, change: null },
      { label: 'Embed: https://partner.example', count: 1, previous: 0, change: null },
    ]);
  });

  it('answers the won and lost reasons', async () => {
    expect((await reports(PERIOD)).outcomes).toEqual([
      { status: 'Won', reason: 'Best price', count: 1 },
      { status: 'Lost', reason: 'No reason given', count: 1 },
      { status: 'Lost', reason: 'Price too high', count: 1 },
    ]);
  });

  it('follows the owner filter: a staff id, mine, unassigned', async () => {
    const anas = await reports(`${PERIOD}&owner=${ana.id}`, bob);
    expect(anas.total).toEqual({ count: 3, previous: 1 });
    expect(anas.funnel.map((s) => s.reached)).toEqual([3, 3, 3, 1]);
    expect(anas.outcomes.map((o) => o.reason)).toEqual(['Best price', 'Price too high']);
    expect(await reports(`${PERIOD}&owner=mine`, ana)).toEqual(anas);
    const nobodys = await reports(`${PERIOD}&owner=unassigned`);
    expect(nobodys.total).toEqual({ count: 1, previous: 0 });
    expect(nobodys.breakdowns.port).toEqual([{ label: 'Mumbai', count: 1, previous: 0, change: null }]);
  });

  it('follows the period: the last 30 local days by default, one day, and the days of another time zone', async () => {
    const { period, previous, total } = await reports('');
    expect(period).toEqual({ from: '2026-02-19', to: '2026-03-20' });
    expect(previous).toEqual({ from: '2026-01-20', to: '2026-02-18' });
    expect(total.count).toBe(9);
    expect((await reports('from=2026-03-11&to=2026-03-11')).total).toEqual({ count: 1, previous: 1 });
    // Counted again on UTC days: the first arrival falls on 28 February, the 11 March one on 10 March.
    await syncReportDays(server.deps.db, 'UTC', server.deps.now());
    try {
      // Counted again: the month counts follow the day counts (28 February is now February's).
      await expectMonthsOfDays();
      const utc = await reports(PERIOD);
      expect(utc.total).toEqual({ count: 6, previous: 3 });
      expect(utc.outcomes.map((o) => `${o.status} ${o.reason}`)).toEqual([
        'Won No reason given',
        'Lost No reason given',
        'Lost Price too high',
      ]);
    } finally {
      await syncReportDays(server.deps.db, 'Asia/Kolkata', server.deps.now());
    }
    expect((await reports(PERIOD)).total).toEqual({ count: 6, previous: 2 });
  });

  it('exports each report as CSV', async () => {
    const res = await call(server, `/api/admin/reports/funnel.csv?${PERIOD}`, { headers: headersOf(server, ana) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('report-funnel-2026-03-01-2026-03-10.csv');
    const bytes = await (
      await fetch(`${server.url}/api/admin/reports/funnel.csv`, { headers: headersOf(server, ana) })
    ).arrayBuffer();
    expect([...new Uint8Array(bytes).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the byte-order mark, which text() drops
    expect(res.text).toBe(
      'Step,Reached,Drop-off,Drop-off %\r\nNew,6,2,33.3\r\nIn progress,4,1,25\r\nQuoted,3,2,66.7\r\nWon,1,,\r\n',
    );
    const sources = await call(server, `/api/admin/reports/source.csv?${PERIOD}&owner=${ana.id}`, {
      headers: headersOf(server, ana),
    });
    expect(sources.text).toBe(
      'Source,This period,Previous period,Change %\r\nForm,2,1,100\r\nEmbed: https://partner.example,1,0,\r\n',
    );
    expect((await call(server, `/api/admin/reports/nothing.csv`, { headers: headersOf(server, ana) })).status).toBe(404);
  });

  it('figures each CSV from its own report’s counts alone, as the page figures it', async () => {
    for (const query of [PERIOD, `${PERIOD}&owner=${ana.id}`]) {
      const page = await reports(query);
      for (const report of REPORT_NAMES) {
        const csv = await call(server, `/api/admin/reports/${report}.csv?${query}`, { headers: headersOf(server, ana) });
        const { headers, rows } = reportTable(page, report);
        expect(csv.text, `${report} ${query}`).toBe(csvLine(headers) + rows.map(csvLine).join(''));
        expect(rows.length, report).toBeGreaterThan(0);
      }
    }
  });

  it('reads a period’s months from the month counts, less the days outside it: the same figures as its days one by one', async () => {
    expect(await expectMonthsOfDays()).toBeGreaterThan(0);
    // February from its month counts (20 and 25 February), 1-10 March day by day.
    const spanning = await reports('from=2026-02-01&to=2026-03-10');
    expect(spanning.total).toEqual({ count: 8, previous: 0 });
    expect(spanning.breakdowns.commodity.map((row) => [row.label, row.count])).toEqual([
      ['Copper', 6],
      ['Zinc', 4],
    ]);
    expect((await reports(`from=2026-02-01&to=2026-03-10&owner=${ana.id}`)).total).toEqual({ count: 4, previous: 0 });

    const dayByDay = (period: { from: string; to: string }, ownerId: string) =>
      server.deps.db.all(
        `SELECT "measure", "value", SUM("count") AS "n" FROM "report_counts" WHERE "ownerId" = ? AND "day" >= ? AND "day" <= ? GROUP BY "measure", "value" ORDER BY "measure", "value"`,
        [ownerId, period.from, period.to],
      );
    const periods = [
      { from: '2026-02-01', to: '2026-03-10' },
      { from: '2026-01-15', to: '2026-03-31' },
      { from: '2026-02-01', to: '2026-02-28' },
      { from: '2025-12-02', to: '2026-03-20' },
      // March less its first day (the only Won) and its last: the month count less those days.
      { from: '2026-03-02', to: '2026-03-30' },
      { from: '2026-02-10', to: '2026-03-25' },
      { from: '2026-03-01', to: '2026-03-09' },
    ];
    for (const period of periods) {
      for (const owner of ['*', ana.id, '']) {
        const { sql, params } = countsQuery(period, owner);
        const read = await server.deps.db.all(`${sql} ORDER BY "measure", "value"`, params);
        expect(read, `${period.from}..${period.to} ${owner}`).toEqual(await dayByDay(period, owner));
      }
    }
  });

  it('lets owners and agents read reports, not viewers; refuses a bad period', async () => {
    expect((await call(server, '/api/admin/reports', { headers: headersOf(server, agent) })).status).toBe(200);
    expect((await call(server, '/api/admin/reports', { headers: headersOf(server, bob) })).status).toBe(200);
    expect((await call(server, '/api/admin/reports', { headers: headersOf(server, viewer) })).status).toBe(403);
    expect((await call(server, '/api/admin/reports/funnel.csv', { headers: headersOf(server, viewer) })).status).toBe(403);
    expect((await call(server, '/api/admin/reports')).status).toBe(401);
    const bad = (query: string) => call(server, `/api/admin/reports?${query}`, { headers: headersOf(server, ana) });
    expect((await bad('from=2026-03-10&to=2026-03-01')).status).toBe(400);
    expect((await bad('from=2026-02-30')).status).toBe(400);
    expect((await bad('from=2025-01-01&to=2026-03-01')).status).toBe(400);
    expect((await bad('owner=someone')).status).toBe(400);
  });

  /** How one owner's report of 20 days reads `report_counts` (days alone, so before the month counts exist too). */
  const ownersRead = () => {
    const { sql, params } = countsQuery({ from: '2026-02-19', to: '2026-03-10' }, ana.id);
    return queryPlan(server.deps.db, engine, sql, params);
  };
  /** The key's columns in order: the owner, then the days (migration 1795000004000), or the days first (before it). */
  const READ_BY = {
    owner:
      engine === 'sqlite'
        ? /SEARCH report_counts USING PRIMARY KEY \(ownerId=\? AND day>\? AND day<\?\)/
        : /Index (Only )?Scan using report_counts_pkey on report_counts[\s\S]*Index Cond: \(\(\("ownerId"\)::text = /,
    day:
      engine === 'sqlite'
        ? /SEARCH report_counts USING PRIMARY KEY \(day>\? AND day<\?\)/
        : /Index (Only )?Scan using report_counts_pkey on report_counts[\s\S]*Index Cond: \(\(\(day\)::text >= /,
  };

  it('reads one owner’s counts by the owner’s part of the key, not every owner’s rows of the period', async () => {
    expect(await ownersRead()).toMatch(READ_BY.owner);
    // A year: its whole months by the owner's part of the month counts' key, its other days as above.
    const { sql, params } = countsQuery({ from: '2025-03-20', to: '2026-03-20' }, ana.id);
    const plan = await queryPlan(server.deps.db, engine, sql, params);
    expect(plan).toMatch(READ_BY.owner);
    expect(plan).toMatch(
      engine === 'sqlite'
        ? /SEARCH report_month_counts USING PRIMARY KEY \(ownerId=\? AND month>\? AND month<\?\)/
        : /Index (Only )?Scan using report_month_counts_pkey on report_month_counts[\s\S]*Index Cond: \(\(\("ownerId"\)::text = /,
    );
  });

  it('keeps every count, and the triggers keep counting, as migration 1795000004000 goes back and forward', async () => {
    // The month counts' triggers are on the table it makes again: they go first and come back after it.
    const migrations = [new KeyReportCountsByOwner1795000004000(), new RollUpReportCountsByMonth1795000004300()];
    const figures = await reports(PERIOD);
    const moveInqB = (port: string) =>
      server.deps.db.run(`UPDATE "inquiries" SET "destinationPort" = ? WHERE "reference" = ?`, [port, 'INQ-B']);
    const mumbai = async () => (await reports(PERIOD)).breakdowns.port.find((p) => p.label === 'Mumbai')?.count;

    await takeBackMigrations(server.deps.db, migrations);
    expect(await ownersRead()).toMatch(READ_BY.day);
    expect(await reports(PERIOD)).toEqual(figures);
    await moveInqB('Mumbai');
    expect(await mumbai()).toBe(4);

    await runMigrations(server.deps.db, migrations);
    expect(await ownersRead()).toMatch(READ_BY.owner);
    expect(await mumbai()).toBe(4);
    await expectMonthsOfDays();
    await moveInqB('Rotterdam');
    expect(await reports(PERIOD)).toEqual(figures);
    await expectMonthsOfDays();
  });

  it('keeps no count of an erased inquiry', async () => {
    await server.deps.db.run(`DELETE FROM "inquiries"`);
    expect(await server.deps.db.all(`SELECT * FROM "report_counts"`)).toEqual([]);
    expect(await server.deps.db.all(`SELECT * FROM "report_month_counts"`)).toEqual([]);
    expect((await reports(PERIOD)).total).toEqual({ count: 0, previous: 0 });
  });
});
