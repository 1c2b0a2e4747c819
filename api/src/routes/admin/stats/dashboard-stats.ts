import {
  RECENT_ACTIVITY_LIMIT,
  SPAM_STATUS,
  type ActivityKind,
  type DashboardStats,
  type RecentActivity,
  type StatsPeriod,
} from '@sourcing/shared';
import type { AppDeps } from '../../../app-deps';
import { timeFromDb } from '../../../db/engine';
import { statusCounts, withoutSpam } from '../../../records/desk/status-counts';
import type { RecordKind } from '../../../records/record-kind';
import { RECORD_KINDS } from '../../../records/record-kinds';
import { trendBuckets } from './trend-buckets';

type StatsDeps = Pick<AppDeps, 'db' | 'config' | 'now'>;

/** Seconds of one slot of inquiry_slot_counts (as its migration, 1795000000050, counts them). */
const SLOT_SECONDS = 900;

/** The four totals; the worked kinds count every status but Spam. */
async function totals(deps: StatsDeps): Promise<DashboardStats['totals']> {
  const [byStatus, [confirmed]] = await Promise.all([
    statusCounts(deps.db),
    // Only confirmed subscribers count (docs/mail.md#newsletter): an index range, not the trigger-kept total.
    deps.db.all<{ n: string | number }>(`SELECT COUNT(*) AS "n" FROM "subscribers" WHERE "status" = 'confirmed'`, []),
  ]);
  const worked = (table: keyof typeof byStatus) => withoutSpam(byStatus[table] ?? {});
  return {
    subscribers: Number(confirmed.n),
    inquiries: worked('inquiries'),
    supplierInquiries: worked('supplier_inquiries'),
    contacts: worked('contact_messages'),
  };
}

/**
 * Inquiries per bucket, summed from the trigger-kept 15-minute slot counts: at most a period's
 * slots are read, however many inquiries it holds (bucket bounds are local midnights, which fall
 * on slot boundaries in every time zone).
 */
/** One sum of slot counts per bucket (the statement depends only on the number of buckets, so it stays prepared). */
function trendSql(buckets: number): string {
  const sums = Array.from(
    { length: buckets },
    (_, i) => `(SELECT COALESCE(SUM("total"), 0) FROM "inquiry_slot_counts" WHERE "slot" >= ? AND "slot" < ?) AS "c${i}"`,
  );
  return `SELECT ${sums.join(',\n  ')}`;
}

async function trend(deps: StatsDeps, period: StatsPeriod): Promise<DashboardStats['trend']> {
  const { labels, bounds } = trendBuckets(period, deps.now(), deps.config.timeZone);
  const slot = (bound: Date) => Math.ceil(bound.getTime() / (SLOT_SECONDS * 1000));
  const params = labels.flatMap((_, i) => [slot(bounds[i]), slot(bounds[i + 1])]);
  const [raw] = await deps.db.all<Record<string, string | number>>(trendSql(labels.length), params);
  return { period, labels, counts: labels.map((_, i) => Number(raw[`c${i}`] ?? 0)) };
}

/** The newest inquiries, contacts and subscribers merged, newest first (no spam). */
async function recent(deps: StatsDeps): Promise<RecentActivity[]> {
  const n = RECENT_ACTIVITY_LIMIT;
  // Each named by its title field: fullName, name, email.
  const newest = (activity: ActivityKind, { table, definition }: RecordKind) =>
    `SELECT * FROM (SELECT '${activity}' AS "kind", "id", "${definition.title}" AS "name", "createdAt" FROM "${table}"
  ${definition.statuses ? `WHERE "status" <> '${SPAM_STATUS}'` : ''} ORDER BY "createdAt" DESC, "id" DESC LIMIT ${n}) AS "${activity}"`;
  const rows = await deps.db.all<{ kind: ActivityKind; id: string; name: string; createdAt: Date | string }>(
    `SELECT * FROM (
${newest('inquiry', RECORD_KINDS.inquiries)}
UNION ALL
${newest('contact', RECORD_KINDS.contacts)}
UNION ALL
${newest('subscriber', RECORD_KINDS.subscribers)}
) AS "recent" ORDER BY "createdAt" DESC, "id" DESC LIMIT ${n}`,
  );
  return rows.map((r) => ({ id: String(r.id), kind: r.kind, name: r.name, createdAt: timeFromDb(r.createdAt).toISOString() }));
}

export async function dashboardStats(deps: StatsDeps, period: StatsPeriod): Promise<DashboardStats> {
  const [t, tr, re] = await Promise.all([totals(deps), trend(deps, period), recent(deps)]);
  return { totals: t, trend: tr, recent: re };
}
