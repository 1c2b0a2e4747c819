import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The record tables whose row counts the admin lists and the dashboard show. */
const COUNTED_TABLES = ['contact_messages', 'subscribers', 'inquiries', 'supplier_inquiries'] as const;

/**
 * Row counts kept current by triggers in the inserting transaction, so an unfiltered list total
 * and the dashboard totals cost one indexed read at any size (COUNT(*) reads every row: about
 * 1 s at 1M rows on PostgreSQL). PostgreSQL counts per statement from the transition table, so a
 * bulk INSERT ... SELECT adds its rows with one update.
 */
export class CreateRecordCounts1795000000030 implements MigrationInterface {
  name = 'CreateRecordCounts1795000000030';

  async up(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    await queryRunner.query(
      `CREATE TABLE "record_counts" ("table_name" varchar(64) PRIMARY KEY NOT NULL, "total" bigint NOT NULL)`,
    );
    if (postgres) {
      for (const [name, sign, rows] of [
        ['record_counts_add', '+', 'NEW'],
        ['record_counts_subtract', '-', 'OLD'],
      ] as const) {
        await queryRunner.query(`CREATE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "record_counts" SET "total" = "total" ${sign} (SELECT COUNT(*) FROM changed_rows) WHERE "table_name" = TG_TABLE_NAME;
  RETURN NULL;
END $$`);
        for (const table of COUNTED_TABLES) {
          const event = rows === 'NEW' ? 'INSERT' : 'DELETE';
          await queryRunner.query(
            `CREATE TRIGGER "${table}_count_${event.toLowerCase()}" AFTER ${event} ON "${table}" REFERENCING ${rows} TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "${name}"()`,
          );
        }
      }
    } else {
      for (const table of COUNTED_TABLES) {
        for (const [event, sign] of [
          ['INSERT', '+'],
          ['DELETE', '-'],
        ] as const) {
          await queryRunner.query(`CREATE TRIGGER "${table}_count_${event.toLowerCase()}" AFTER ${event} ON "${table}" BEGIN
  UPDATE "record_counts" SET "total" = "total" ${sign} 1 WHERE "table_name" = '${table}';
END`);
        }
      }
    }
    // Counted after the triggers exist: on PostgreSQL creating them waited for and then holds off
    // concurrent inserts until this migration commits, so no row is counted twice or missed.
    for (const table of COUNTED_TABLES) {
      await queryRunner.query(`INSERT INTO "record_counts" ("table_name", "total") SELECT '${table}', COUNT(*) FROM "${table}"`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of COUNTED_TABLES) {
      for (const event of ['insert', 'delete']) {
        await queryRunner.query(
          queryRunner.connection.options.type === 'postgres'
            ? `DROP TRIGGER "${table}_count_${event}" ON "${table}"`
            : `DROP TRIGGER "${table}_count_${event}"`,
        );
      }
    }
    if (queryRunner.connection.options.type === 'postgres') {
      await queryRunner.query(`DROP FUNCTION "record_counts_add"()`);
      await queryRunner.query(`DROP FUNCTION "record_counts_subtract"()`);
    }
    await queryRunner.query(`DROP TABLE "record_counts"`);
  }
}
