import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  REPORT_BREAKDOWNS,
  reportCsvFileName,
  reportTable,
  type ReportBreakdown,
  type ReportName,
  type Reports,
  type ReportsQuery,
} from '@sourcing/shared';
import { OwnerOptions } from '../filters/OwnerOptions';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { failureOf, LoadError } from '../ui/LoadError';
import type { ReportChartProps } from './ReportChart';
import { plural } from '../ui/plural';

/** ECharts is only downloaded when the Reports page shows. */
const ReportChart = lazy(() => import('./ReportChart'));

const BREAKDOWN_TITLES: Record<ReportBreakdown, string> = {
  country: 'Submissions by country',
  commodity: 'Submissions by commodity',
  port: 'Submissions by destination port',
  source: 'Submissions by source',
};

/** Each report: its title and its chart's figures (docs/admin.md#reports). */
const REPORTS: { name: ReportName; title: string; chart: (r: Reports) => ReportChartProps }[] = [
  {
    name: 'funnel',
    title: 'Funnel',
    chart: (r) => ({
      type: 'funnel',
      labels: r.funnel.map((s) => s.status),
      series: [{ name: 'Reached', values: r.funnel.map((s) => s.reached) }],
    }),
  },
  {
    name: 'first-response',
    title: 'First-response time',
    chart: (r) => ({
      type: 'bar',
      labels: r.firstResponse.buckets.map((b) => b.label),
      series: [{ name: 'Inquiries', values: r.firstResponse.buckets.map((b) => b.count) }],
    }),
  },
  {
    name: 'response-people',
    title: 'Median first response per person',
    chart: (r) => ({
      type: 'bar',
      labels: r.firstResponse.people.map((p) => p.email ?? 'Former staff'),
      series: [{ name: 'Median minutes', values: r.firstResponse.people.map((p) => p.medianMinutes) }],
    }),
  },
  ...REPORT_BREAKDOWNS.map((name) => ({
    name,
    title: BREAKDOWN_TITLES[name],
    chart: (r: Reports): ReportChartProps => ({
      type: 'bar',
      labels: r.breakdowns[name].map((row) => row.label),
      series: [
        { name: 'This period', values: r.breakdowns[name].map((row) => row.count) },
        { name: 'Previous period', values: r.breakdowns[name].map((row) => row.previous) },
      ],
    }),
  })),
  {
    name: 'outcomes',
    title: 'Won and lost reasons',
    chart: (r) => ({
      type: 'bar',
      labels: r.outcomes.map((o) => `${o.status}: ${o.reason}`),
      series: [{ name: 'Inquiries', values: r.outcomes.map((o) => o.count) }],
    }),
  },
];

/** The query the page's URL holds (from, to, owner), what the API reads. */
function queryOf(params: URLSearchParams): ReportsQuery {
  const value = (key: string) => params.get(key) || undefined;
  return { from: value('from'), to: value('to'), owner: value('owner') };
}

export function ReportsPage() {
  const { api } = useAdminServices();
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  // Re-read when records arrive or change, as the dashboard is (docs/admin.md#live-updates).
  const reports = useQuery({
    queryKey: queryKeys.reports(query),
    queryFn: () => api.reports(query),
    placeholderData: keepPreviousData,
  });
  const failure = failureOf(reports);
  const setFilter = (key: keyof ReportsQuery, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const shown = reports.data;

  return (
    <div className="reports-page">
      <ReportFilters query={query} shown={shown} onChange={setFilter} />
      {failure && <LoadError message={`Error: ${failure.message}`} onRetry={() => void reports.refetch()} />}
      {!shown ? (
        !failure && <p className="state-text">Loading reports...</p>
      ) : (
        <>
          <p className="reports-summary" role="status">
            {plural(shown.total.count, 'inquiry', 'inquiries')} from {shown.period.from} to {shown.period.to};{' '}
            {shown.total.previous} in the previous period ({shown.previous.from} to {shown.previous.to}). Spam is not counted.
          </p>
          {REPORTS.map((report) => (
            <ReportSection key={report.name} reports={shown} query={query} {...report} />
          ))}
        </>
      )}
    </div>
  );
}

function ReportFilters({
  query,
  shown,
  onChange,
}: {
  query: ReportsQuery;
  shown: Reports | undefined;
  onChange: (key: keyof ReportsQuery, value: string) => void;
}) {
  return (
    <form className="panel reports-filters" aria-label="Report filters" onSubmit={(e) => e.preventDefault()}>
      <label className="field">
        From
        <input type="date" value={query.from ?? shown?.period.from ?? ''} onChange={(e) => onChange('from', e.target.value)} />
      </label>
      <label className="field">
        To
        <input type="date" value={query.to ?? shown?.period.to ?? ''} onChange={(e) => onChange('to', e.target.value)} />
      </label>
      <label className="field">
        Owner
        <select value={query.owner ?? ''} onChange={(e) => onChange('owner', e.target.value)}>
          <OwnerOptions unset="Everyone" value={query.owner ?? ''} />
        </select>
      </label>
    </form>
  );
}

function ReportSection({
  name,
  title,
  chart,
  reports,
  query,
}: {
  name: ReportName;
  title: string;
  chart: (r: Reports) => ReportChartProps;
  reports: Reports;
  query: ReportsQuery;
}) {
  const { api } = useAdminServices();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const table = reportTable(reports, name);
  const id = `report-${name}`;
  async function download() {
    setDownloadError(null);
    try {
      const blob = await api.reportCsv(name, query);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = reportCsvFileName(name, reports.period);
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (error) {
      setDownloadError(error instanceof Error ? error.message : String(error));
    }
  }
  return (
    <section className="panel report" aria-labelledby={id}>
      <div className="panel-heading">
        <h2 id={id}>{title}</h2>
        <button type="button" className="button" aria-label={`Download CSV: ${title}`} onClick={() => void download()}>
          Download CSV
        </button>
      </div>
      {downloadError && (
        <p className="state-error" role="alert">
          {downloadError}
        </p>
      )}
      {table.rows.length === 0 ? (
        <p className="state-text">No inquiries to show for this period.</p>
      ) : (
        <div className="report-body">
          <Suspense fallback={<p className="state-text">Loading chart...</p>}>
            <ReportChart {...chart(reports)} />
          </Suspense>
          {/* Its own box: a table wider than it (a phone's) scrolls there, not past the panel. */}
          <div className="report-table-box">
            <table className="records-table report-table">
              <caption className="report-caption">{title}</caption>
              <thead>
                <tr>
                  {table.headers.map((h) => (
                    <th key={h} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, i) => (
                  <tr key={i}>
                    {row.map((cell, j) =>
                      j === 0 ? (
                        <th key={j} scope="row">
                          {cell}
                        </th>
                      ) : (
                        <td key={j}>{cell}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}
