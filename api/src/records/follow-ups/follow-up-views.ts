import type { FollowUpFilter, ListFilters, SnoozedFilter } from '@sourcing/shared';
import type { Queries } from '../../db/database';
import { dbTime, type Engine } from '../../db/engine';
import type { StatusCounts } from '../desk/status-counts';
import type { RecordTable } from '../record-kind';
import { localDayOf } from './local-day';

/** A worked list's parameters of follow-ups and snoozes, among its filters (list-query.ts). */
export const FOLLOW_UP_PARAMS = ['snoozed', 'followUp'];

/** What a worked list's query says of follow-ups and snoozes: its `snoozed` and `followUp` parameters. */
interface FollowUpParams {
  snoozed?: SnoozedFilter;
  followUp?: FollowUpFilter;
}

/** Where a worked list is read at: the clock's time, and the zone its days are in. */
export interface ListClock {
  now: Date;
  timeZone: string;
  engine: Engine;
}

/**
 * The conditions a worked list's `snoozed` and `followUp` add (docs/api.md#follow-ups-and-snooze):
 * without `snoozed` the records snoozed until after now are left out (`include`: kept; `only`: the
 * only ones); `followUp=today` keeps the follow-ups due today in TIME_ZONE, `overdue` those due
 * before now. Each range is read from a partial index of migration 1795000003200.
 */
export function followUpConditions(filters: ListFilters, clock: ListClock): { where: string[]; params: unknown[] } {
  const { snoozed, followUp } = filters as FollowUpParams;
  const now = dbTime(clock.engine, clock.now);
  const where: string[] = [];
  const params: unknown[] = [];
  if (snoozed === undefined) {
    where.push('(r."snoozedUntil" IS NULL OR r."snoozedUntil" <= ?)');
    params.push(now);
  } else if (snoozed === 'only') {
    where.push('r."snoozedUntil" > ?');
    params.push(now);
  }
  if (followUp === 'today') {
    const { start, end } = localDayOf(clock.now, clock.timeZone);
    where.push('r."followUpAt" >= ? AND r."followUpAt" < ?');
    params.push(dbTime(clock.engine, start), dbTime(clock.engine, end));
  } else if (followUp === 'overdue') {
    where.push('r."followUpAt" < ?');
    params.push(now);
  }
  return { where, params };
}

/**
 * Whether the parameters narrow the list beyond what its trigger-kept counts count: any follow-up
 * view or `snoozed=only`. Without `snoozed` the list leaves out the snoozed records, which
 * `unsnoozedCounts` takes off those counts instead.
 */
export function followUpsNarrow(filters: ListFilters): boolean {
  const { snoozed, followUp } = filters as FollowUpParams;
  return followUp !== undefined || snoozed === 'only';
}

/**
 * A worked table's trigger-kept counts per status less its records snoozed until after now (unless
 * `snoozed=include` keeps them): one range of the `_snoozed` index, as long as the snoozed records are few.
 */
export async function unsnoozedCounts(
  db: Pick<Queries, 'all'> & { engine: Engine },
  table: RecordTable,
  counts: StatusCounts,
  filters: ListFilters,
  now: Date,
): Promise<StatusCounts> {
  if ((filters as FollowUpParams).snoozed !== undefined) return counts;
  const snoozed = await db.all<{ status: string; total: string | number }>(
    `SELECT "status", COUNT(*) AS "total" FROM "${table}" WHERE "snoozedUntil" > ? GROUP BY "status"`,
    [dbTime(db.engine, now)],
  );
  const left = { ...counts };
  for (const { status, total } of snoozed) left[status] = (left[status] ?? 0) - Number(total);
  return left;
}
