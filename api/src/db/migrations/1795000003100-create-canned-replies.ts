import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Canned replies (docs/admin.md#canned-replies): texts owners keep for staff replies, with
 * `{{name}}`, `{{reference}}` and `{{commodity}}` filled in from the record when one is used.
 * They name no person: nothing here is erased with a record.
 */
export class CreateCannedReplies1795000003100 implements MigrationInterface {
  name = 'CreateCannedReplies1795000003100';

  async up(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    const time = postgres ? 'timestamptz' : 'datetime';
    const id = postgres ? 'uuid' : 'varchar(36)';
    await queryRunner.query(`CREATE TABLE "canned_replies" (
  "id" ${id} PRIMARY KEY NOT NULL,
  "title" varchar(100) NOT NULL,
  "body" text NOT NULL,
  "createdAt" ${time} NOT NULL,
  "updatedAt" ${time} NOT NULL
)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "canned_replies"`);
  }
}
