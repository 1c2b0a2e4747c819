import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The worked record tables and their statuses when this migration was written (the first is a new record's). */
const DESK_STATUSES = {
  inquiries: ['New', 'In progress', 'Quoted', 'Won', 'Lost', 'Spam'],
  supplier_inquiries: ['New', 'Reviewing', 'Approved', 'Rejected', 'Spam'],
  contact_messages: ['Open', 'Answered', 'Spam'],
} as const;

/**
 * The sales desk: status, owner and version on the worked records; their rows per status kept by
 * triggers in the writing transaction (like record_counts), so status tabs and the dashboard
 * never count rows; and one table of timeline events (status and owner changes, notes, ...).
 */
export class CreateSalesDesk1795000000100 implements MigrationInterface {
  name = 'CreateSalesDesk1795000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    for (const [table, statuses] of Object.entries(DESK_STATUSES)) {
      // A constant default: PostgreSQL adds these without rewriting the table.
      await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN "status" varchar(20) NOT NULL DEFAULT '${statuses[0]}'`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN "ownerId" varchar(36)`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN "version" integer NOT NULL DEFAULT 1`);
      await queryRunner.query(`CREATE INDEX "${table}_status_created" ON "${table}" ("status", "createdAt", "id")`);
    }
    await queryRunner.query(`CREATE TABLE "record_status_counts" (
  "table_name" varchar(64) NOT NULL,
  "status" varchar(20) NOT NULL,
  "total" bigint NOT NULL DEFAULT 0,
  PRIMARY KEY ("table_name", "status")
)`);
    for (const [table, statuses] of Object.entries(DESK_STATUSES)) {
      for (const status of statuses) {
        await queryRunner.query(
          `INSERT INTO "record_status_counts" ("table_name", "status", "total") VALUES ('${table}', '${status}', 0)`,
        );
      }
    }

    if (postgres) {
      // Per statement, from the transition tables: a bulk change moves its rows with one update
      // per status, and a change that keeps the status writes nothing.
      const bodies = {
        record_status_counts_add: `SELECT "status", COUNT(*) AS n FROM new_rows GROUP BY "status"`,
        record_status_counts_subtract: `SELECT "status", -COUNT(*) AS n FROM old_rows GROUP BY "status"`,
        record_status_counts_move: `SELECT "status", SUM(n) AS n FROM (
    SELECT "status", 1 AS n FROM new_rows UNION ALL SELECT "status", -1 AS n FROM old_rows
  ) AS moved GROUP BY "status" HAVING SUM(n) <> 0`,
      };
      for (const [name, changes] of Object.entries(bodies)) {
        await queryRunner.query(`CREATE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "record_status_counts" AS c SET "total" = c."total" + d.n
  FROM (${changes}) AS d
  WHERE c."table_name" = TG_TABLE_NAME AND c."status" = d."status";
  RETURN NULL;
END $$`);
      }
      for (const table of Object.keys(DESK_STATUSES)) {
        await queryRunner.query(
          `CREATE TRIGGER "${table}_status_insert" AFTER INSERT ON "${table}" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_status_counts_add"()`,
        );
        await queryRunner.query(
          `CREATE TRIGGER "${table}_status_delete" AFTER DELETE ON "${table}" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_status_counts_subtract"()`,
        );
        await queryRunner.query(
          `CREATE TRIGGER "${table}_status_update" AFTER UPDATE ON "${table}" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_status_counts_move"()`,
        );
      }
    } else {
      const add = (table: string, row: string, sign: string) =>
        `UPDATE "record_status_counts" SET "total" = "total" ${sign} 1 WHERE "table_name" = '${table}' AND "status" = ${row}."status";`;
      for (const table of Object.keys(DESK_STATUSES)) {
        await queryRunner.query(`CREATE TRIGGER "${table}_status_insert" AFTER INSERT ON "${table}" BEGIN
  ${add(table, 'new', '+')}
END`);
        await queryRunner.query(`CREATE TRIGGER "${table}_status_delete" AFTER DELETE ON "${table}" BEGIN
  ${add(table, 'old', '-')}
END`);
        await queryRunner.query(`CREATE TRIGGER "${table}_status_update" AFTER UPDATE OF "status" ON "${table}"
WHEN old."status" IS NOT new."status" BEGIN
  ${add(table, 'old', '-')}
  ${add(table, 'new', '+')}
END`);
      }
    }
    // Counted after the triggers exist (see 1795000000030): every row already there has its first status.
    for (const [table, statuses] of Object.entries(DESK_STATUSES)) {
      await queryRunner.query(
        `UPDATE "record_status_counts" SET "total" = (SELECT COUNT(*) FROM "${table}") WHERE "table_name" = '${table}' AND "status" = '${statuses[0]}'`,
      );
    }

    await queryRunner.query(`CREATE TABLE "record_events" (
  "id" ${postgres ? 'bigserial PRIMARY KEY' : 'integer PRIMARY KEY AUTOINCREMENT'},
  "recordKind" varchar(32) NOT NULL,
  "recordId" varchar(36) NOT NULL,
  "type" varchar(32) NOT NULL,
  "actorId" varchar(36),
  "actorEmail" varchar(254),
  "details" text NOT NULL DEFAULT '{}',
  "createdAt" ${postgres ? 'timestamptz' : 'datetime'} NOT NULL
)`);
    await queryRunner.query(`CREATE INDEX "record_events_record" ON "record_events" ("recordId", "id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    await queryRunner.query(`DROP TABLE "record_events"`);
    for (const table of Object.keys(DESK_STATUSES)) {
      for (const event of ['insert', 'delete', 'update']) {
        await queryRunner.query(
          postgres ? `DROP TRIGGER "${table}_status_${event}" ON "${table}"` : `DROP TRIGGER "${table}_status_${event}"`,
        );
      }
      await queryRunner.query(`DROP INDEX "${table}_status_created"`);
      for (const column of ['version', 'ownerId', 'status']) {
        await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "${column}"`);
      }
    }
    if (postgres) {
      for (const name of ['record_status_counts_add', 'record_status_counts_subtract', 'record_status_counts_move']) {
        await queryRunner.query(`DROP FUNCTION "${name}"()`);
      }
    }
    await queryRunner.query(`DROP TABLE "record_status_counts"`);
  }
}
