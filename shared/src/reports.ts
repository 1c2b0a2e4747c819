/**
 * The Reports page (docs/admin.md#reports): buyer inquiries over a period of local days, for
 * everyone or one owner. The query both the API and the admin read, and the figures the API answers.
 */
import { z } from 'zod';
import { OWNER_MINE, OWNER_UNASSIGNED } from './records/record-filters';
import type { BUYER_INQUIRY } from './records/buyer-inquiry';
import { addDays, dayText, parseDay } from './time-zones';

type InquiryStatus = (typeof BUYER_INQUIRY.statuses)[number];

/** The path a won inquiry takes, in order: the funnel's steps. */
export const REPORT_FUNNEL = ['New', 'In progress', 'Quoted', 'Won'] as const satisfies readonly InquiryStatus[];

/** The statuses whose reason the won/lost report breaks down. */
export const REPORT_OUTCOMES = ['Won', 'Lost'] as const satisfies readonly InquiryStatus[];

/** The first-response histogram's buckets: minutes from arrival up to (not including) `below`. */
export const RESPONSE_BUCKETS = [
  { label: 'Under 1 hour', below: 60 },
  { label: '1-4 hours', below: 240 },
  { label: '4-24 hours', below: 1440 },
  { label: '1-3 days', below: 4320 },
  { label: 'Over 3 days', below: Infinity },
] as const;

/** What submissions are broken down by. */
export const REPORT_BREAKDOWNS = ['country', 'commodity', 'port', 'source'] as const;
export type ReportBreakdown = (typeof REPORT_BREAKDOWNS)[number];

/** Each report's name, as its CSV's path and file name say it. */
export const REPORT_NAMES = ['funnel', 'first-response', 'response-people', ...REPORT_BREAKDOWNS, 'outcomes'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

/** The longest period a report covers, in days. */
export const REPORT_MAX_DAYS = 366;
/** The period when none is asked: the last 30 days, today included. */
export const REPORT_DEFAULT_DAYS = 30;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const STAFF_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const blankAsMissing = (v: unknown) => (v === '' ? undefined : v);
const day = z.preprocess(
  blankAsMissing,
  z
    .string()
    .regex(DAY, 'must be a day (YYYY-MM-DD)')
    .refine((d) => new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'must be a calendar day')
    .optional(),
);

/** Days between two YYYY-MM-DD days (to - from). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The days a period holds, both ends included. */
export const periodLength = ({ from, to }: ReportPeriod) => daysBetween(from, to) + 1;

/** The YYYY-MM-DD day `n` days after a YYYY-MM-DD day (before, when negative). */
export const shiftDay = (day: string, n: number) => dayText(addDays(parseDay(day)!, n));

/** The reports' query: `from`/`to` local days (both included; the last 30 days unless given) and `owner`. */
export const reportsQuery = z
  .object({
    from: day,
    to: day,
    owner: z.preprocess(
      blankAsMissing,
      z
        .string()
        .refine((v) => v === OWNER_MINE || v === OWNER_UNASSIGNED || STAFF_ID.test(v), {
          message: `owner must be ${OWNER_MINE}, ${OWNER_UNASSIGNED} or a staff id`,
        })
        .optional(),
    ),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
  .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to) < REPORT_MAX_DAYS, {
    message: `a period holds at most ${REPORT_MAX_DAYS} days`,
    path: ['to'],
  });
export type ReportsQuery = z.output<typeof reportsQuery>;

export interface ReportPeriod {
  /** First and last local day, both included. */
  from: string;
  to: string;
}

export interface FunnelStep {
  status: (typeof REPORT_FUNNEL)[number];
  /** Inquiries of the period that have reached this step or a later one. */
  reached: number;
  /** Of those, how many did not reach the next step (null on the last step). */
  dropOff: number | null;
  /** dropOff / reached, 0..1 (null on the last step or when none reached this one). */
  dropOffRate: number | null;
}

export interface ResponsePerson {
  /** The staff member who sent the first reply, null when their account is gone. */
  id: string;
  email: string | null;
  responded: number;
  /** Median minutes from arrival to the first reply (see docs/admin.md#first-response-time). */
  medianMinutes: number;
}

export interface BreakdownRow {
  /** What the row counts: a country, a commodity, a port or a source ("Embed: partner"). */
  label: string;
  count: number;
  previous: number;
  /** (count - previous) / previous, null when the previous period had none. */
  change: number | null;
}

export interface OutcomeRow {
  status: (typeof REPORT_OUTCOMES)[number];
  reason: string;
  count: number;
}

export interface Reports {
  period: ReportPeriod;
  /** The same number of days just before. */
  previous: ReportPeriod;
  /** Inquiries that arrived in the period (Spam aside), and in the previous one. */
  total: { count: number; previous: number };
  funnel: FunnelStep[];
  firstResponse: {
    buckets: { label: string; count: number }[];
    people: ResponsePerson[];
  };
  breakdowns: Record<ReportBreakdown, BreakdownRow[]>;
  outcomes: OutcomeRow[];
}

/** `report-funnel-2026-11-01-2026-11-30.csv` */
export const reportCsvFileName = (report: ReportName, period: ReportPeriod) => `report-${report}-${period.from}-${period.to}.csv`;

/** A report's figures as a table: what the page shows beside its chart and what its CSV holds. */
export interface ReportTable {
  headers: string[];
  rows: (string | number)[][];
}

/** A fraction as a percentage with one decimal, '' for none. */
const percent = (fraction: number | null) => (fraction === null ? '' : Math.round(fraction * 1000) / 10);

const BREAKDOWN_HEADERS: Record<ReportBreakdown, string> = {
  country: 'Country',
  commodity: 'Commodity',
  port: 'Destination port',
  source: 'Source',
};

/** What each report's table is made from: its part of the page's figures. */
export type ReportParts = Record<ReportBreakdown, BreakdownRow[]> & {
  funnel: FunnelStep[];
  'first-response': Reports['firstResponse'];
  'response-people': Reports['firstResponse'];
  outcomes: OutcomeRow[];
};

const breakdownTable =
  (report: ReportBreakdown) =>
  (rows: BreakdownRow[]): ReportTable => ({
    headers: [BREAKDOWN_HEADERS[report], 'This period', 'Previous period', 'Change %'],
    rows: rows.map((r) => [r.label, r.count, r.previous, percent(r.change)]),
  });

const TABLES: { [R in ReportName]: (part: ReportParts[R]) => ReportTable } = {
  funnel: (steps) => ({
    headers: ['Step', 'Reached', 'Drop-off', 'Drop-off %'],
    rows: steps.map((s) => [s.status, s.reached, s.dropOff ?? '', percent(s.dropOffRate)]),
  }),
  'first-response': ({ buckets }) => ({
    headers: ['Time to first reply', 'Inquiries'],
    rows: buckets.map((b) => [b.label, b.count]),
  }),
  'response-people': ({ people }) => ({
    headers: ['Staff', 'Replied first', 'Median minutes'],
    rows: people.map((p) => [p.email ?? 'Former staff', p.responded, p.medianMinutes]),
  }),
  country: breakdownTable('country'),
  commodity: breakdownTable('commodity'),
  port: breakdownTable('port'),
  source: breakdownTable('source'),
  outcomes: (rows) => ({
    headers: ['Outcome', 'Reason', 'Inquiries'],
    rows: rows.map((o) => [o.status, o.reason, o.count]),
  }),
};

/** A report's table from its part of the figures: what its CSV holds (the API figures that part alone). */
export function reportPartTable<R extends ReportName>(report: R, part: ReportParts[R]): ReportTable {
  return TABLES[report](part);
}

/** A report's table from the page's figures: what the page shows beside its chart. */
export function reportTable(reports: Reports, report: ReportName): ReportTable {
  const parts: ReportParts = {
    ...reports.breakdowns,
    funnel: reports.funnel,
    'first-response': reports.firstResponse,
    'response-people': reports.firstResponse,
    outcomes: reports.outcomes,
  };
  return reportPartTable(report, parts[report]);
}
