import { SPAM_STATUS } from '@sourcing/shared';
import type { Database } from '../../db/database';
import type { RecordTable } from '../record-kind';

export type StatusCounts = Record<string, number>;

/**
 * Rows per status of every worked table, kept by triggers (migration 1795000000100): one small
 * indexed read, however many rows the tables hold.
 */
export async function statusCounts(db: Pick<Database, 'all'>): Promise<Partial<Record<RecordTable, StatusCounts>>> {
  const rows = await db.all<{ table_name: RecordTable; status: string; total: string | number }>(
    'SELECT "table_name", "status", "total" FROM "record_status_counts"',
  );
  const counts: Partial<Record<RecordTable, StatusCounts>> = {};
  for (const row of rows) (counts[row.table_name] ??= {})[row.status] = Number(row.total);
  return counts;
}

/** A kind's counts in its statuses' order (a status without a row counts 0). */
export const countsInOrder = (statuses: readonly string[], counts: StatusCounts = {}): StatusCounts =>
  Object.fromEntries(statuses.map((status) => [status, counts[status] ?? 0]));

/** What the default list view and the dashboard count: every status but Spam. */
export const withoutSpam = (counts: StatusCounts): number =>
  Object.entries(counts).reduce((sum, [status, n]) => (status === SPAM_STATUS ? sum : sum + n), 0);
