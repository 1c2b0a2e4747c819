import type { Reports } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRow, storeEvents } from '../records/desk/record-events';
import { syncReportDays } from '../routes/admin/reports/report-days';
import { recordRow, seedRows } from '../test/factories';
import { rerunMigrations } from '../test/migrations';
import { call, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';
import { CreateReportCounts1795000003900 } from './migrations/1795000003900-create-report-counts';
import { KeyReportCountsByOwner1795000004000 } from './migrations/1795000004000-key-report-counts-by-owner';
import { RollUpReportCountsByMonth1795000004300 } from './migrations/1795000004300-roll-up-report-counts-by-month';

/**
 * Inquiries stored before migration 1795000003900 get their furthest funnel step from their present
 * status and the status changes of their timeline (docs/admin.md#reports), and are counted once
 * the app lists the report days.
 */
describe.each(TEST_ENGINES)('the report counts migration on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.close());

  it('reads each inquiry’s furthest step from its timeline and status, and the funnel counts them', async () => {
    const at = new Date('2026-03-02T10:00:00Z');
    /** Each inquiry's present status, the status changes of its timeline, and the furthest step expected. */
    const cases = [
      { status: 'Lost', moves: ['New', 'In progress', 'Quoted', 'Lost'], step: 2 },
      // Set straight to Won: its status is its furthest step.
      { status: 'Won', moves: [], step: 3 },
      // Moved back: the step reached stays.
      { status: 'New', moves: ['New', 'In progress', 'New'], step: 1 },
      { status: 'In progress', moves: [], step: 1 },
      { status: 'New', moves: [], step: 0 },
      // Spam keeps its step but counts nowhere.
      { status: 'Spam', moves: ['New', 'Quoted', 'Spam'], step: 2 },
    ];
    const rows = cases.map(({ status }) => recordRow('inquiries', at, { status }));
    await seedRows(server.deps.db, 'inquiries', rows);
    await server.deps.db.transaction((tx) =>
      storeEvents(
        tx,
        cases.flatMap(({ moves }, i) =>
          moves.slice(1).map((to, j) => eventRow('inquiry', rows[i].id, 'status', null, { from: moves[j], to }, at)),
        ),
      ),
    );

    // Back to the schema before the migration, then forward again: what the upgrade of a real database does.
    // The later migrations that rebuild its table and roll it up by month are taken back first and brought back after it.
    await rerunMigrations(server.deps.db, [
      new CreateReportCounts1795000003900(),
      new KeyReportCountsByOwner1795000004000(),
      new RollUpReportCountsByMonth1795000004300(),
    ]);
    // What the app does at start: list the local days, and count every inquiry on its day.
    await syncReportDays(server.deps.db, server.deps.config.timeZone, server.deps.now());

    const steps = await server.deps.db.all<{ id: string; funnelStep: number | string }>(
      'SELECT "id", "funnelStep" FROM "inquiries"',
    );
    const stepOf = new Map(steps.map((row) => [String(row.id), Number(row.funnelStep)]));
    expect(rows.map((row) => stepOf.get(row.id))).toEqual(cases.map(({ step }) => step));

    // Ten days, read day by day, and the whole month, read from the month counts (migration 1795000004300).
    for (const period of ['from=2026-03-01&to=2026-03-10', 'from=2026-03-01&to=2026-03-31']) {
      const res = await call(server, `/api/admin/reports?${period}`, { headers: server.adminHeaders() });
      expect(res.status).toBe(200);
      expect(
        (res.body as Reports).funnel.map(({ status, reached }) => [status, reached]),
        period,
      ).toEqual([
        ['New', 5],
        ['In progress', 4],
        ['Quoted', 2],
        ['Won', 1],
      ]);
    }
  });
});
