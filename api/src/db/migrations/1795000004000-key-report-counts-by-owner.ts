import type { MigrationInterface, QueryRunner } from 'typeorm';

/** `report_counts`' key before this migration (1795000003900), and after it. */
const DAY_FIRST = ['day', 'measure', 'ownerId', 'value'];
const OWNER_FIRST = ['ownerId', 'day', 'measure', 'value'];

/**
 * `report_counts` keyed by owner first (docs/admin.md#reports): one owner's report reads that
 * owner's days, not every owner's rows of the period. The triggers' upserts name the same columns,
 * which match the key in any order on both engines, so they are left as they are.
 */
export class KeyReportCountsByOwner1795000004000 implements MigrationInterface {
  name = 'KeyReportCountsByOwner1795000004000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await keyReportCounts(queryRunner, OWNER_FIRST);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await keyReportCounts(queryRunner, DAY_FIRST);
  }
}

/**
 * Makes `columns` the key. SQLite cannot change a key in place: the table is copied aside and made
 * again under its own name, so the triggers and the view of 1795000003900, which name it, go on
 * reading and writing it.
 */
async function keyReportCounts(queryRunner: QueryRunner, columns: string[]): Promise<void> {
  const key = columns.map((c) => `"${c}"`).join(', ');
  if (queryRunner.connection.options.type === 'postgres') {
    await queryRunner.query(
      `ALTER TABLE "report_counts" DROP CONSTRAINT "report_counts_pkey", ADD CONSTRAINT "report_counts_pkey" PRIMARY KEY (${key})`,
    );
    return;
  }
  const all = '"day", "measure", "ownerId", "value", "count"';
  await queryRunner.query(`CREATE TEMP TABLE "report_counts_aside" AS SELECT ${all} FROM "report_counts"`);
  await queryRunner.query(`DROP TABLE "report_counts"`);
  await queryRunner.query(`CREATE TABLE "report_counts" (
  "day" varchar(10) NOT NULL,
  "measure" varchar(16) NOT NULL,
  "ownerId" varchar(36) NOT NULL,
  "value" text NOT NULL,
  "count" integer NOT NULL,
  PRIMARY KEY (${key})
) WITHOUT ROWID`);
  await queryRunner.query(`INSERT INTO "report_counts" (${all}) SELECT ${all} FROM "report_counts_aside"`);
  await queryRunner.query(`DROP TABLE "report_counts_aside"`);
  // Dropped with the table: the triggers find the counts that fell to zero by it.
  await queryRunner.query(`CREATE INDEX "report_counts_empty" ON "report_counts" ("count") WHERE "count" = 0`);
}
