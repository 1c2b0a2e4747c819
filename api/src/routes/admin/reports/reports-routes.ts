import type Router from '@koa/router';
import { API_PATHS, REPORT_NAMES, reportCsvFileName, reportPartTable, reportsQuery, type ReportName } from '@sourcing/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../../app-deps';
import { requireRole, type AdminState } from '../../../auth/require-admin';
import { validate, type InputState } from '../../../http/validate';
import { CSV_BOM, csvLine } from '../../../records/list/csv';
import { readReport, readReports } from './reports';

type ReportsState = AdminState & InputState<never, z.output<typeof reportsQuery>>;

/**
 * GET /api/admin/reports: every report of the Reports page for `from`, `to` and `owner`;
 * GET /api/admin/reports/<report>.csv: one report's table as CSV (docs/api.md#reports). Owners and
 * agents (the figures name who works what); viewers get 403.
 */
export function registerReportsRoutes(router: Router, deps: AppDeps) {
  const query = validate({ query: reportsQuery, message: 'Invalid report period or owner' });
  router.get<ReportsState>(API_PATHS.adminReports, requireRole(deps.tokens, 'agent'), query, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readReports(deps, ctx.state.input.query, ctx.state.admin.id);
  });
  router.get<ReportsState & { params: { report: string } }>(
    `${API_PATHS.adminReports}/:report.csv`,
    requireRole(deps.tokens, 'agent'),
    query,
    async (ctx) => {
      const report = ctx.params.report as ReportName;
      if (!REPORT_NAMES.includes(report)) {
        ctx.status = 404;
        ctx.body = { error: `No report named ${ctx.params.report}` };
        return;
      }
      const { period, part } = await readReport(deps, ctx.state.input.query, ctx.state.admin.id, report);
      const { headers, rows } = reportPartTable(report, part);
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'text/csv; charset=utf-8';
      ctx.attachment(reportCsvFileName(report, period));
      ctx.body = CSV_BOM + csvLine(headers) + rows.map(csvLine).join('');
    },
  );
}
