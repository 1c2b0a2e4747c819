import type { Database } from '../db/database';
import type { RecordTable } from './record-kind';

/** Rows in each record table, kept by triggers (see the create-record-counts migration): no table scan. */
export async function recordCounts(db: Pick<Database, 'all'>): Promise<Record<RecordTable, number>> {
  const rows = await db.all<{ table_name: RecordTable; total: string | number }>(
    'SELECT "table_name", "total" FROM "record_counts"',
  );
  const counts: Record<RecordTable, number> = { contact_messages: 0, subscribers: 0, inquiries: 0, supplier_inquiries: 0 };
  for (const row of rows) counts[row.table_name] = Number(row.total);
  return counts;
}
