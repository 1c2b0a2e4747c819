import {
  COUNTRIES,
  dayText,
  localDate,
  shiftDay,
  OWNER_MINE,
  OWNER_UNASSIGNED,
  periodLength,
  REPORT_BREAKDOWNS,
  REPORT_DEFAULT_DAYS,
  REPORT_FUNNEL,
  REPORT_OUTCOMES,
  RESPONSE_BUCKETS,
  sortKeyOf,
  type BreakdownRow,
  type ReportBreakdown,
  type ReportName,
  type ReportParts,
  type ReportPeriod,
  type Reports,
  type ReportsQuery,
  type ResponsePerson,
} from '@sourcing/shared';
import type { AppDeps } from '../../../app-deps';
import { periodSpans } from './period-spans';

type ReportsDeps = Pick<AppDeps, 'db' | 'config' | 'now'>;

/** One measure's counts in a period: value → inquiries (report_counts, migration 1795000003900). */
type Measures = Map<string, Map<string, number>>;

/**
 * The read of a period's trigger-kept counts per measure and value: a row per value and month read,
 * and per day read (at most half a month's at either end, periodSpans), whatever the table holds,
 * found by the owner's part of the key (migrations 1795000004000, 1795000004300).
 */
export function countsQuery(
  period: ReportPeriod,
  ownerId: string | null,
  measures: readonly string[] | null = null,
): { sql: string; params: string[] } {
  const { days, months, lessDays } = periodSpans(period);
  const params: string[] = [];
  const read = (table: string, column: string, span: ReportPeriod, sign = '') => {
    // Everyone's counts are kept under the owner '*' too (migration 1795000003900).
    params.push(ownerId ?? '*', span.from, span.to);
    let where = `"ownerId" = ? AND "${column}" >= ? AND "${column}" <= ?`;
    if (measures) {
      where += ` AND "measure" IN (${measures.map(() => '?').join(', ')})`;
      params.push(...measures);
    }
    return `SELECT "measure", "value", ${sign}"count" AS "count" FROM "${table}" WHERE ${where}`;
  };
  const reads = days.map((span) => read('report_counts', 'day', span));
  if (months) reads.push(read('report_month_counts', 'month', months));
  reads.push(...lessDays.map((span) => read('report_counts', 'day', span, '-')));
  // A value counted only on the days taken away sums to 0: not in the period (no count row is 0).
  return {
    sql: `SELECT "measure", "value", SUM("count") AS "n" FROM (${reads.join(' UNION ALL ')}) AS c GROUP BY "measure", "value" HAVING SUM("count") <> 0`,
    params,
  };
}

/** Sums a period's counts per measure and value (countsQuery). */
async function countsOf(
  deps: ReportsDeps,
  period: ReportPeriod,
  ownerId: string | null,
  measures: readonly string[] | null = null,
): Promise<Measures> {
  const { sql, params } = countsQuery(period, ownerId, measures);
  const rows = await deps.db.all<{ measure: string; value: string; n: string | number }>(sql, params);
  const counted: Measures = new Map();
  for (const { measure, value, n } of rows) {
    if (!counted.has(measure)) counted.set(measure, new Map());
    counted.get(measure)!.set(value, Number(n));
  }
  return counted;
}

/** The period asked, the last 30 local days by default, and the same number of days before it. */
export function reportPeriods(
  query: ReportsQuery,
  now: Date,
  timeZone: string,
): { period: ReportPeriod; previous: ReportPeriod } {
  const to = query.to ?? (query.from ? shiftDay(query.from, REPORT_DEFAULT_DAYS - 1) : dayText(localDate(now, timeZone)));
  const from = query.from ?? shiftDay(to, -(REPORT_DEFAULT_DAYS - 1));
  const days = periodLength({ from, to });
  return { period: { from, to }, previous: { from: shiftDay(from, -days), to: shiftDay(from, -1) } };
}

/** Countries are counted by the sort key of the country their address names; their list's names. */
let countryBySortKey: Map<string, string> | undefined;

const NOT_GIVEN = 'Not given';
const SOURCE_LABELS: Record<string, string> = { form: 'Form', embed: 'Embed', desk: 'Desk' };

const LABELS: Record<ReportBreakdown, (value: string) => string> = {
  country: (key) => {
    countryBySortKey ??= new Map(COUNTRIES.map((c) => [sortKeyOf(c.name), c.name]));
    return key === '' ? NOT_GIVEN : (countryBySortKey.get(key) ?? key);
  },
  commodity: (value) => value,
  port: (value) => value || NOT_GIVEN,
  source: (value) => {
    const [source, partner] = value.split('|');
    const label = SOURCE_LABELS[source] ?? source;
    return partner ? `${label}: ${partner}` : label;
  },
};

/** Each value of both periods, by count (then label), with its change. */
function breakdown(measure: ReportBreakdown, now: Measures, before: Measures): BreakdownRow[] {
  const rows = new Map<string, BreakdownRow>();
  const row = (value: string) => {
    const label = LABELS[measure](value);
    if (!rows.has(label)) rows.set(label, { label, count: 0, previous: 0, change: null });
    return rows.get(label)!;
  };
  for (const [value, n] of now.get(measure) ?? []) row(value).count += n;
  for (const [value, n] of before.get(measure) ?? []) row(value).previous += n;
  return [...rows.values()]
    .map((r) => ({ ...r, change: r.previous === 0 ? null : (r.count - r.previous) / r.previous }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'en'));
}

/** Reached: the inquiries whose furthest step is this one or later; drop-off: those that went no further. */
function funnel(measures: Measures): Reports['funnel'] {
  const steps = measures.get('step') ?? new Map<string, number>();
  const reached = REPORT_FUNNEL.map((_, i) =>
    REPORT_FUNNEL.slice(i).reduce((sum, __, j) => sum + (steps.get(String(i + j)) ?? 0), 0),
  );
  return REPORT_FUNNEL.map((status, i) => {
    const last = i === REPORT_FUNNEL.length - 1;
    const dropOff = last ? null : reached[i] - reached[i + 1];
    return {
      status,
      reached: reached[i],
      dropOff,
      dropOffRate: dropOff === null || reached[i] === 0 ? null : dropOff / reached[i],
    };
  });
}

/** The median of counted values (value → how many), the mean of the middle two for an even count. */
function median(counted: [number, number][]): number {
  const sorted = counted.sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((sum, [, n]) => sum + n, 0);
  const nth = (k: number) => {
    let seen = 0;
    for (const [value, n] of sorted) {
      seen += n;
      if (seen >= k) return value;
    }
    return 0;
  };
  return total % 2 === 1 ? nth((total + 1) / 2) : (nth(total / 2) + nth(total / 2 + 1)) / 2;
}

/** The histogram and each first responder's count and median, from the binned minutes (docs/admin.md#first-response-time). */
async function firstResponse(deps: ReportsDeps, measures: Measures): Promise<Reports['firstResponse']> {
  const buckets = RESPONSE_BUCKETS.map(({ label }) => ({ label, count: 0 }));
  const byPerson = new Map<string, [number, number][]>();
  for (const [value, n] of measures.get('response') ?? []) {
    const [id, minutesText] = value.split('|');
    const minutes = Number(minutesText);
    buckets[RESPONSE_BUCKETS.findIndex((b) => minutes < b.below)].count += n;
    if (!byPerson.has(id)) byPerson.set(id, []);
    byPerson.get(id)!.push([minutes, n]);
  }
  const ids = [...byPerson.keys()];
  const emails = new Map(
    ids.length === 0
      ? []
      : (
          await deps.db.all<{ id: string; email: string }>(
            `SELECT "id", "email" FROM "admins" WHERE "id" IN (${ids.map(() => '?').join(', ')})`,
            ids,
          )
        ).map((a) => [a.id, a.email]),
  );
  const people: ResponsePerson[] = ids.map((id) => {
    const counted = byPerson.get(id)!;
    return {
      id,
      email: emails.get(id) ?? null,
      responded: counted.reduce((sum, [, n]) => sum + n, 0),
      medianMinutes: median(counted),
    };
  });
  people.sort((a, b) => b.responded - a.responded || (a.email ?? '').localeCompare(b.email ?? '', 'en'));
  return { buckets, people };
}

function outcomes(measures: Measures): Reports['outcomes'] {
  return [...(measures.get('outcome') ?? [])]
    .map(([value, count]) => {
      const [status, reason] = value.split('|') as [(typeof REPORT_OUTCOMES)[number], string];
      return { status, reason: reason || 'No reason given', count };
    })
    .sort(
      (a, b) =>
        REPORT_OUTCOMES.indexOf(a.status) - REPORT_OUTCOMES.indexOf(b.status) ||
        b.count - a.count ||
        a.reason.localeCompare(b.reason, 'en'),
    );
}

/** Each report alone: the measures it counts, whether the previous period's are read too, and its figures from their counts. */
interface Report<Part> {
  measures: string[];
  compared?: true;
  figure: (deps: ReportsDeps, now: Measures, before: Measures) => Part | Promise<Part>;
}

const firstResponseReport: Report<Reports['firstResponse']> = {
  measures: ['response'],
  figure: (deps, now) => firstResponse(deps, now),
};
const breakdownReport = (measure: ReportBreakdown): Report<BreakdownRow[]> => ({
  measures: [measure],
  compared: true,
  figure: (_, now, before) => breakdown(measure, now, before),
});

const REPORTS: { [R in ReportName]: Report<ReportParts[R]> } = {
  funnel: { measures: ['step'], figure: (_, now) => funnel(now) },
  'first-response': firstResponseReport,
  'response-people': firstResponseReport,
  country: breakdownReport('country'),
  commodity: breakdownReport('commodity'),
  port: breakdownReport('port'),
  source: breakdownReport('source'),
  outcomes: { measures: ['outcome'], figure: (_, now) => outcomes(now) },
};

/** The period asked, the one before it, and whose counts are read ('*' for everyone's). */
function scopeOf(deps: ReportsDeps, query: ReportsQuery, adminId: string) {
  const ownerId =
    query.owner === undefined ? null : query.owner === OWNER_MINE ? adminId : query.owner === OWNER_UNASSIGNED ? '' : query.owner;
  return { ...reportPeriods(query, deps.now(), deps.config.timeZone), ownerId };
}

/** One report for a period and owner, from its own measures' counts alone: what its CSV holds (docs/api.md#reports). */
export async function readReport<R extends ReportName>(
  deps: ReportsDeps,
  query: ReportsQuery,
  adminId: string,
  report: R,
): Promise<{ period: ReportPeriod; part: ReportParts[R] }> {
  const { period, previous, ownerId } = scopeOf(deps, query, adminId);
  const { measures, compared, figure } = REPORTS[report];
  const [now, before] = await Promise.all([
    countsOf(deps, period, ownerId, measures),
    compared ? countsOf(deps, previous, ownerId, measures) : new Map<string, Map<string, number>>(),
  ]);
  return { period, part: await figure(deps, now, before) };
}

/**
 * Every report of the Reports page for a period and owner (docs/admin.md#reports): the counts of
 * every measure read at once, then each report figured from them.
 */
export async function readReports(deps: ReportsDeps, query: ReportsQuery, adminId: string): Promise<Reports> {
  const { period, previous, ownerId } = scopeOf(deps, query, adminId);
  const [now, before] = await Promise.all([
    countsOf(deps, period, ownerId),
    countsOf(deps, previous, ownerId, ['total', ...REPORT_BREAKDOWNS]),
  ]);
  const total = (m: Measures) => m.get('total')?.get('') ?? 0;
  const figure = <R extends ReportName>(report: R) => REPORTS[report].figure(deps, now, before);
  return {
    period,
    previous,
    total: { count: total(now), previous: total(before) },
    funnel: await figure('funnel'),
    firstResponse: await figure('first-response'),
    breakdowns: Object.fromEntries(
      await Promise.all(REPORT_BREAKDOWNS.map(async (m) => [m, await figure(m)])),
    ) as Reports['breakdowns'],
    outcomes: await figure('outcomes'),
  };
}
