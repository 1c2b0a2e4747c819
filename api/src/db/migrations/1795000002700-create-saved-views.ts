import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a staff member keeps of the admin lists on the server (docs/api.md#saved-views): their
 * saved views (a list's parameters and hidden columns under a name, shared with the team or not)
 * and their column choice per list. Both go with the staff account (ON DELETE CASCADE).
 */
export class CreateSavedViews1795000002700 implements MigrationInterface {
  name = 'CreateSavedViews1795000002700';

  async up(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    const time = postgres ? 'timestamptz' : 'datetime';
    await queryRunner.query(`CREATE TABLE "saved_views" (
  "id" varchar(36) PRIMARY KEY,
  "adminId" varchar(36) NOT NULL REFERENCES "admins" ("id") ON DELETE CASCADE,
  "list" varchar(32) NOT NULL,
  "name" varchar(60) NOT NULL,
  "params" text NOT NULL,
  "hiddenColumns" text NOT NULL,
  "shared" boolean NOT NULL,
  "createdAt" ${time} NOT NULL,
  "updatedAt" ${time} NOT NULL
)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "saved_views_name" ON "saved_views" ("adminId", "list", "name")`);
    await queryRunner.query(`CREATE INDEX "saved_views_shared" ON "saved_views" ("list", "shared")`);
    await queryRunner.query(`CREATE TABLE "column_choices" (
  "adminId" varchar(36) NOT NULL REFERENCES "admins" ("id") ON DELETE CASCADE,
  "list" varchar(32) NOT NULL,
  "hiddenColumns" text NOT NULL,
  PRIMARY KEY ("adminId", "list")
)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "column_choices"`);
    await queryRunner.query(`DROP TABLE "saved_views"`);
  }
}
