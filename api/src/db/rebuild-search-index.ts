import type { QueryRunner } from 'typeorm';

/**
 * For migrations: rebuilds one table's search index on the given columns, in the given order
 * (docs/operations.md#search-indexes), as 1795000000700 built them. The migration passes the
 * whole column list as it stands after the migration (a frozen snapshot: it repeats the names,
 * never reads them from the definitions); `down` passes the list before it.
 *
 * - PostgreSQL: the pg_trgm GIN index `<table>_search` on the lower-cased columns joined by a unit
 *   separator, the very expression `searchedText` (records/list/record-list.ts) queries. Without
 *   pg_trgm (1795000000020 could not install it) there is no index: the search scans.
 * - SQLite: the FTS5 trigram table `<table>_search` of (id, that text), refilled, and its insert
 *   and delete triggers.
 *
 * Migrations that ran it must build the same again on a fresh database: never change what it
 * builds; another kind of index is another helper.
 */
export async function rebuildSearchIndex(queryRunner: QueryRunner, table: string, columns: readonly string[]): Promise<void> {
  if (queryRunner.connection.options.type === 'postgres') await rebuildTrigramIndex(queryRunner, table, columns);
  else await rebuildSqliteSearch(queryRunner, table, columns);
}

async function rebuildTrigramIndex(queryRunner: QueryRunner, table: string, columns: readonly string[]): Promise<void> {
  const rows = (await queryRunner.query(
    `SELECT n.nspname AS "schema" FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
  )) as { schema: string }[];
  const schema = rows[0]?.schema;
  if (!schema) return;
  const text = `LOWER(${columns.map((c) => `"${c}"`).join(` || '\u001f' || `)})`;
  await queryRunner.query(`DROP INDEX IF EXISTS "${table}_search"`);
  await queryRunner.query(`CREATE INDEX "${table}_search" ON "${table}" USING gin ((${text}) "${schema}".gin_trgm_ops)`);
}

async function rebuildSqliteSearch(queryRunner: QueryRunner, table: string, columns: readonly string[]): Promise<void> {
  const text = (row: string) => `LOWER(${columns.map((c) => `${row}"${c}"`).join(` || char(31) || `)})`;
  const search = `${table}_search`;
  await queryRunner.query(`DROP TRIGGER IF EXISTS "${search}_insert"`);
  await queryRunner.query(`DROP TRIGGER IF EXISTS "${search}_delete"`);
  await queryRunner.query(`DROP TABLE IF EXISTS "${search}"`);
  await queryRunner.query(`CREATE VIRTUAL TABLE "${search}" USING fts5("id" UNINDEXED, "text", tokenize = 'trigram')`);
  await queryRunner.query(`INSERT INTO "${search}" ("id", "text") SELECT "id", ${text('')} FROM "${table}"`);
  await queryRunner.query(`CREATE TRIGGER "${search}_insert" AFTER INSERT ON "${table}" BEGIN
  INSERT INTO "${search}" ("id", "text") VALUES (new."id", ${text('new.')});
END`);
  await queryRunner.query(`CREATE TRIGGER "${search}_delete" AFTER DELETE ON "${table}" BEGIN
  DELETE FROM "${search}" WHERE "id" = old."id";
END`);
}
