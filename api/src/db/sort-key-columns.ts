import type { QueryRunner } from 'typeorm';

/**
 * The column holding a field's sort key (docs/operations.md#sort-keys): the text the list shows
 * for the field, folded by `sortKeyOf` when the record is stored.
 */
export const sortKeyColumn = (key: string) => `sort_${key}`;

/**
 * For migrations: adds a field's sort-key column to a record table, empty for the rows already
 * there. On PostgreSQL it compares by code point (`COLLATE "C"`), as SQLite compares text, so both
 * order alike whatever the database's collation. A migration adding a text field the list shows
 * calls this and `indexSortKeyColumn` beside its own `ADD COLUMN` (CONTRIBUTING.md); a field whose
 * rows already hold values refills the keys in between (`refillColumns`), before the index exists.
 */
export async function addSortKeyColumn(queryRunner: QueryRunner, table: string, key: string): Promise<void> {
  const collate = queryRunner.connection.options.type === 'postgres' ? ' COLLATE "C"' : '';
  await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN "${sortKeyColumn(key)}" text${collate} NOT NULL DEFAULT ''`);
}

/** The index a list page sorted by the field reads in order: (key, createdAt, id), ties by arrival. */
export async function indexSortKeyColumn(queryRunner: QueryRunner, table: string, key: string): Promise<void> {
  const column = sortKeyColumn(key);
  await queryRunner.query(`CREATE INDEX "${table}_${column}" ON "${table}" ("${column}", "createdAt", "id")`);
}

export async function dropSortKeyColumn(queryRunner: QueryRunner, table: string, key: string): Promise<void> {
  const column = sortKeyColumn(key);
  await queryRunner.query(`DROP INDEX IF EXISTS "${table}_${column}"`);
  await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "${column}"`);
}
