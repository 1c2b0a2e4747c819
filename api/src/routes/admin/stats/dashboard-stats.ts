import {
  RECENT_ACTIVITY_LIMIT,
  type ActivityKind,
  type DashboardStats,
  type RecentActivity,
  type StatsPeriod,
} from '@sourcing/shared';
import type { AppDeps } from '../../../app-deps';
import { timeFromDb } from '../../../db/engine';
import { INQUIRY, type InquiryRow } from '../../../db/entities/inquiry';
import { trendBuckets } from './trend-buckets';

type StatsDeps = Pick<AppDeps, 'dataSource' | 'config' | 'now'>;

async function totals(deps: StatsDeps): Promise<DashboardStats['totals']> {
  const [row] = await deps.dataSource.query(`SELECT
  (SELECT COUNT(*) FROM "subscribers") AS "subscribers",
  (SELECT COUNT(*) FROM "inquiries") AS "inquiries",
  (SELECT COUNT(*) FROM "supplier_inquiries") AS "supplierInquiries",
  (SELECT COUNT(*) FROM "contact_messages") AS "contacts"`);
  return {
    subscribers: Number(row.subscribers),
    inquiries: Number(row.inquiries),
    supplierInquiries: Number(row.supplierInquiries),
    contacts: Number(row.contacts),
  };
}

/** Inquiries per bucket, counted by the database in one pass over the period's index range. */
async function trend(deps: StatsDeps, period: StatsPeriod): Promise<DashboardStats['trend']> {
  const { labels, bounds } = trendBuckets(period, deps.now(), deps.config.timeZone);
  const qb = deps.dataSource.getRepository<InquiryRow>(INQUIRY).createQueryBuilder('r');
  const params: Record<string, Date> = {};
  bounds.forEach((bound, i) => (params[`b${i}`] = bound));
  labels.forEach((_, i) => {
    const select = `SUM(CASE WHEN r.createdAt >= :b${i} AND r.createdAt < :b${i + 1} THEN 1 ELSE 0 END)`;
    if (i === 0) qb.select(select, `c${i}`);
    else qb.addSelect(select, `c${i}`);
  });
  qb.where(`r.createdAt >= :b0 AND r.createdAt < :b${labels.length}`).setParameters(params);
  const raw = (await qb.getRawOne<Record<string, string | number | null>>()) ?? {};
  return { period, labels, counts: labels.map((_, i) => Number(raw[`c${i}`] ?? 0)) };
}

/** The newest inquiries, contacts and subscribers merged, newest first. */
async function recent(deps: StatsDeps): Promise<RecentActivity[]> {
  const n = RECENT_ACTIVITY_LIMIT;
  const newest = (kind: ActivityKind, table: string, nameColumn: string) =>
    `SELECT * FROM (SELECT '${kind}' AS "kind", "id", "${nameColumn}" AS "name", "createdAt" FROM "${table}"
  ORDER BY "createdAt" DESC, "id" DESC LIMIT ${n}) AS "${kind}"`;
  const rows: { kind: ActivityKind; id: string; name: string; createdAt: Date | string }[] = await deps.dataSource.query(
    `SELECT * FROM (
${newest('inquiry', 'inquiries', 'fullName')}
UNION ALL
${newest('contact', 'contact_messages', 'name')}
UNION ALL
${newest('subscriber', 'subscribers', 'email')}
) AS "recent" ORDER BY "createdAt" DESC, "id" DESC LIMIT ${n}`,
  );
  return rows.map((r) => ({ id: String(r.id), kind: r.kind, name: r.name, createdAt: timeFromDb(r.createdAt).toISOString() }));
}

export async function dashboardStats(deps: StatsDeps, period: StatsPeriod): Promise<DashboardStats> {
  const [t, tr, re] = await Promise.all([totals(deps), trend(deps, period), recent(deps)]);
  return { totals: t, trend: tr, recent: re };
}
