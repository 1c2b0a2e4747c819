import type { MigrationInterface, QueryRunner } from 'typeorm';
import { SEARCHED } from './1795000000020-create-search-indexes';

/**
 * SQLite's counterpart of the PostgreSQL trigram indexes: an FTS5 trigram table per list holding
 * (id, searched text), kept in step by triggers, so `q` (LIKE '%text%') is an index lookup.
 */
export class CreateSqliteSearch1795000000040 implements MigrationInterface {
  name = 'CreateSqliteSearch1795000000040';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'postgres') return;
    for (const [table, columns] of Object.entries(SEARCHED)) {
      const text = (row: string) => `LOWER(${columns.map((c) => `${row}"${c}"`).join(` || char(31) || `)})`;
      const search = `${table}_search`;
      await queryRunner.query(`CREATE VIRTUAL TABLE "${search}" USING fts5("id" UNINDEXED, "text", tokenize = 'trigram')`);
      await queryRunner.query(`INSERT INTO "${search}" ("id", "text") SELECT "id", ${text('')} FROM "${table}"`);
      await queryRunner.query(`CREATE TRIGGER "${search}_insert" AFTER INSERT ON "${table}" BEGIN
  INSERT INTO "${search}" ("id", "text") VALUES (new."id", ${text('new.')});
END`);
      await queryRunner.query(`CREATE TRIGGER "${search}_delete" AFTER DELETE ON "${table}" BEGIN
  DELETE FROM "${search}" WHERE "id" = old."id";
END`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'postgres') return;
    for (const table of Object.keys(SEARCHED)) {
      await queryRunner.query(`DROP TRIGGER IF EXISTS "${table}_search_insert"`);
      await queryRunner.query(`DROP TRIGGER IF EXISTS "${table}_search_delete"`);
      await queryRunner.query(`DROP TABLE IF EXISTS "${table}_search"`);
    }
  }
}
