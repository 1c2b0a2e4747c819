import type { Database } from '../db/database';
import type { Engine } from '../db/engine';

/**
 * How the engine would run a query, as text, for tests that prove a read uses its index. On
 * PostgreSQL sequential scans are switched off for the one statement, so a usable index is chosen
 * however small the test's tables are.
 */
export async function queryPlan(db: Database, engine: Engine, sql: string, params: readonly unknown[]): Promise<string> {
  if (engine === 'postgres') {
    return db.transaction(async (tx) => {
      await tx.run('SET LOCAL enable_seqscan = off');
      const lines = await tx.all<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, [...params]);
      return lines.map((line) => line['QUERY PLAN']).join('\n');
    });
  }
  const lines = await db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, [...params]);
  return lines.map((line) => line.detail).join('\n');
}
