import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Automatic assignment (docs/admin.md#automatic-assignment): `admins.available` (who takes new
 * records), and one row per worked kind in `assignment_rules`: whether its new records are given
 * out, the cap of open records per person, and who got the last one (the round robin's place; its
 * row is what concurrent transactions queue on), and since when it is on: records that arrived
 * since and found nobody with room wait for one, older ones are left to staff. The waiting queue and a person's open records are
 * read through each record table's ("ownerId", "status", "createdAt", "id") index (migration 1795000000900).
 */
export class CreateAssignmentRules1795000002900 implements MigrationInterface {
  name = 'CreateAssignmentRules1795000002900';

  async up(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    const time = postgres ? 'timestamptz' : 'datetime';
    await queryRunner.query(`ALTER TABLE "admins" ADD COLUMN "available" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`CREATE TABLE "assignment_rules" (
  "recordKind" varchar(32) PRIMARY KEY NOT NULL,
  "automatic" boolean NOT NULL DEFAULT false,
  "openCap" integer,
  "lastAssigneeId" varchar(36),
  "automaticSince" ${time}
)`);
    for (const kind of ['inquiry', 'supplierInquiry', 'contact']) {
      await queryRunner.query(`INSERT INTO "assignment_rules" ("recordKind") VALUES ('${kind}')`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "assignment_rules"`);
    await queryRunner.query(`ALTER TABLE "admins" DROP COLUMN "available"`);
  }
}
