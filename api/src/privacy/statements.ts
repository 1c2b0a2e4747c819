import type { DataSource, EntityManager, QueryResult } from 'typeorm';
import { engineOf } from '../db/engine';
import { numberedPlaceholders, rawSql } from '../db/raw-sql';

/**
 * The one way the privacy features (block list, digest, erasure, a person's data, retention) run
 * their SQL: `?` placeholders on both engines, reads on the shared connections, writes on the
 * transaction's own connection. Kept in this one file so they move to another query layer at once.
 */

/** Rows of a read (outside any transaction: the committed state). */
export function read<Row>(dataSource: DataSource, sql: string, params: readonly unknown[] = []): Promise<Row[]> {
  return rawSql(dataSource).all<Row>(sql, params);
}

/** A statement inside the manager's transaction: the rows it answers (a SELECT, or RETURNING) and how many it changed. */
export async function run<Row>(
  manager: EntityManager,
  sql: string,
  params: readonly unknown[] = [],
): Promise<{ rows: Row[]; affected: number }> {
  const text = engineOf(manager.connection) === 'postgres' ? numberedPlaceholders(sql) : sql;
  const result: QueryResult = await manager.queryRunner!.query(text, [...params], true);
  const rows = (result.records ?? []) as Row[];
  return { rows, affected: result.affected ?? rows.length };
}

/** `?, ?, ?` for a list of parameters. */
export const placeholderList = (values: readonly unknown[]) => values.map(() => '?').join(', ');
