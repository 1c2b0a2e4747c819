/** docs/admin.md#reports: the local days the counts file arrivals under, listed around the clock, on both engines. */
import type { Reports } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRow } from '../../../auth/schema';
import { recordRow, seedRows } from '../../../test/factories';
import { createStaffAccount, headersOf } from '../../../test/staff';
import { call, startTestServer, TEST_ENGINES, type TestServer } from '../../../test/support';
import { syncReportDays } from './report-days';

const TIME_ZONE = 'Asia/Kolkata';

describe.each(TEST_ENGINES)('the report days on %s', (engine) => {
  let server: TestServer;
  let ana: AdminRow;
  /** The server's clock: each test moves it on. */
  let clock = new Date('2026-03-20T06:00:00Z');

  const listed = async () =>
    (
      await server.deps.db.all<{ days: number | string; first: string; last: string; timeZone: string }>(
        'SELECT COUNT(*) AS "days", MIN("day") AS "first", MAX("day") AS "last", MIN("timeZone") AS "timeZone" FROM "report_days"',
      )
    ).map((row) => ({ ...row, days: Number(row.days) }))[0];
  /** Inquiries counted on a local day. */
  const arrivedOn = async (day: string) => {
    const res = await call(server, `/api/admin/reports?from=${day}&to=${day}`, { headers: headersOf(server, ana) });
    expect(res.status).toBe(200);
    return (res.body as Reports).total.count;
  };
  const arrive = (at: string) => seedRows(server.deps.db, 'inquiries', [recordRow('inquiries', new Date(at), { status: 'New' })]);
  const sync = () => syncReportDays(server.deps.db, TIME_ZONE, clock);

  beforeAll(async () => {
    server = await startTestServer({ engine, now: () => clock, env: { TIME_ZONE } });
    ana = await createStaffAccount(server, 'agent');
  });
  afterAll(() => server?.close());

  it('lists a fresh database’s days from the year before this one to two years ahead, and once only', async () => {
    // 2025 to 2028: 365 + 365 + 365 + 366 days.
    expect(await listed()).toEqual({ days: 1461, first: '2025-01-01', last: '2028-12-31', timeZone: TIME_ZONE });
    // A day taken away stays away: the zone and both ends are there, so a start writes nothing.
    await server.deps.db.run('DELETE FROM "report_days" WHERE "day" = ?', ['2026-06-15']);
    await sync();
    expect((await listed()).days).toBe(1460);
  });

  it('reaches further once less than a year is left, keeping the counts', async () => {
    await arrive('2026-03-02T20:00:00Z'); // 01:30 on 3 March in Kolkata
    clock = new Date('2027-12-31T12:00:00Z');
    await sync();
    expect((await listed()).last).toBe('2028-12-31');
    clock = new Date('2028-01-01T00:00:00Z');
    await sync();
    // Listed again: the day taken away above is back.
    expect(await listed()).toEqual({ days: 2191, first: '2025-01-01', last: '2030-12-31', timeZone: TIME_ZONE });
    expect(await arrivedOn('2026-03-03')).toBe(1);
    await arrive('2030-06-30T20:00:00Z');
    expect(await arrivedOn('2030-07-01')).toBe(1);
  });

  it('reaches back to an older arrival and counts it again on its local day', async () => {
    await arrive('2019-12-31T20:00:00Z'); // 01:30 on 1 January 2020 in Kolkata
    expect(await arrivedOn('2019-12-31')).toBe(1); // before any day of its year is listed: its UTC day
    await sync();
    expect((await listed()).first).toBe('2018-01-01');
    expect(await arrivedOn('2019-12-31')).toBe(0);
    expect(await arrivedOn('2020-01-01')).toBe(1);
    expect(await arrivedOn('2026-03-03')).toBe(1);
  });
});
