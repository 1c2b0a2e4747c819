import type { DashboardStats } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordRow, seedRows } from '../../../test/factories';
import { call, startTestServer, TEST_ENGINES, type TestServer } from '../../../test/support';

const NOW = new Date('2026-11-18T15:00:00Z'); // Wednesday 10:00 in New York
const at = (iso: string) => new Date(iso);

describe.each(TEST_ENGINES)('GET /api/admin/stats on %s (TIME_ZONE America/New_York)', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine, now: () => NOW, env: { TIME_ZONE: 'America/New_York' } });
    const { db } = server.deps;
    await seedRows(db, 'inquiries', [
      recordRow('inquiries', at('2026-11-15T03:00:00Z'), { fullName: 'A' }), // Sat 14 Nov 22:00 local: last week
      recordRow('inquiries', at('2026-11-15T06:00:00Z'), { fullName: 'B' }), // Sun 15 Nov 01:00
      recordRow('inquiries', at('2026-11-18T04:59:59Z'), { fullName: 'C' }), // Tue 17 Nov 23:59:59
      recordRow('inquiries', at('2026-11-18T05:00:00Z'), { fullName: 'D' }), // Wed 18 Nov 00:00
      recordRow('inquiries', at('2026-11-01T04:30:00Z'), { fullName: 'E' }), // 1 Nov 00:30 EDT, the day DST ends
      recordRow('inquiries', at('2026-11-01T03:59:00Z'), { fullName: 'F' }), // 31 Oct 23:59 EDT
      recordRow('inquiries', at('2026-03-08T07:00:00Z'), { fullName: 'G' }), // 8 Mar 03:00 EDT, the day DST starts
      recordRow('inquiries', at('2025-12-31T23:00:00Z'), { fullName: 'H' }), // 31 Dec 2025: last year
      recordRow('inquiries', at('2026-01-01T05:00:00Z'), { fullName: 'I' }), // 1 Jan 00:00 EST
    ]);
    await seedRows(db, 'contacts', [
      recordRow('contacts', at('2026-11-18T10:00:00Z'), { name: 'Cara' }),
      recordRow('contacts', at('2026-11-10T00:00:00Z'), { name: 'Old contact' }),
    ]);
    await seedRows(db, 'subscribers', [
      recordRow('subscribers', at('2026-11-18T09:00:00Z'), { email: 'new@example.com' }),
      recordRow('subscribers', at('2026-11-17T00:00:00Z'), { email: 'tuesday@example.com' }),
      recordRow('subscribers', at('2026-01-01T00:00:00Z'), { email: 'old@example.com' }),
    ]);
    await seedRows(db, 'supplierInquiries', [recordRow('supplierInquiries', at('2026-11-02T00:00:00Z'))]);
  });
  afterAll(() => server?.close());

  const stats = async (query = '') => {
    const res = await call(server, `/api/admin/stats${query}`, { headers: server.adminHeaders() });
    expect(res.status, res.text).toBe(200);
    return res.body as DashboardStats;
  };

  it('answers the four totals and the six most recent activities of three kinds', async () => {
    const body = await stats();
    expect(body.totals).toEqual({ subscribers: 3, inquiries: 9, supplierInquiries: 1, contacts: 2 });
    expect(body.recent.map((r) => [r.kind, r.name, r.createdAt])).toEqual([
      ['contact', 'Cara', '2026-11-18T10:00:00.000Z'],
      ['subscriber', 'new@example.com', '2026-11-18T09:00:00.000Z'],
      ['inquiry', 'D', '2026-11-18T05:00:00.000Z'],
      ['inquiry', 'C', '2026-11-18T04:59:59.000Z'],
      ['subscriber', 'tuesday@example.com', '2026-11-17T00:00:00.000Z'],
      ['inquiry', 'B', '2026-11-15T06:00:00.000Z'],
    ]);
    expect(body.recent.every((r) => typeof r.id === 'string' && r.id.length === 36)).toBe(true);
  });

  it('counts this week Sun–Sat in the configured zone (default period)', async () => {
    const { trend } = await stats();
    expect(trend).toEqual({
      period: 'week',
      labels: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
      counts: [1, 0, 1, 1, 0, 0, 0],
    });
  });

  it('counts the days of this month', async () => {
    const { trend } = await stats('?period=month');
    expect(trend.labels).toEqual(Array.from({ length: 30 }, (_, i) => String(i + 1)));
    const expected = Array(30).fill(0);
    for (const day of [1, 14, 15, 17, 18]) expected[day - 1] = 1;
    expect(trend.counts).toEqual(expected);
  });

  it('counts the months of this year', async () => {
    const { trend } = await stats('?period=year');
    expect(trend.labels).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    expect(trend.counts).toEqual([1, 0, 1, 0, 0, 0, 0, 0, 0, 1, 5, 0]);
  });

  it('refuses an unknown period and a caller without a session', async () => {
    const bad = await call(server, '/api/admin/stats?period=decade', { headers: server.adminHeaders() });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ period: 'period must be one of week, month, year' });
    expect((await call(server, '/api/admin/stats')).status).toBe(401);
  });
});

describe.each(TEST_ENGINES)('stats of an empty database on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine, now: () => NOW });
  });
  afterAll(() => server?.close());

  it('answers zeros and no activity', async () => {
    const res = await call(server, '/api/admin/stats?period=year', { headers: server.adminHeaders() });
    expect(res.body).toEqual({
      totals: { subscribers: 0, inquiries: 0, supplierInquiries: 0, contacts: 0 },
      trend: { period: 'year', labels: expect.any(Array), counts: Array(12).fill(0) },
      recent: [],
    });
  });
});
