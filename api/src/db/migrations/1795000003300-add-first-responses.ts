import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The worked record tables when this migration was written. */
const WORKED_TABLES = ['inquiries', 'supplier_inquiries', 'contact_messages'];

/**
 * The first response to each worked record (docs/admin.md#first-response): when staff first replied
 * to the sender by e-mail (`firstResponseAt`) and who (`firstResponderId`, an admin's id). Response
 * targets and the reports read them. Records answered before this migration get theirs from the
 * outbox (the first reply's time) and the timeline (who sent it).
 */
export class AddFirstResponses1795000003300 implements MigrationInterface {
  name = 'AddFirstResponses1795000003300';

  async up(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    const time = postgres ? 'timestamptz' : 'datetime';
    // record_events."recordId" is text on both engines; the record ids are uuid on PostgreSQL.
    const idText = postgres ? 't."id"::text' : 't."id"';
    for (const table of WORKED_TABLES) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN "firstResponseAt" ${time} NULL`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN "firstResponderId" varchar(36) NULL`);
      await queryRunner.query(
        `UPDATE "${table}" AS t SET "firstResponseAt" = (
  SELECT MIN(m."createdAt") FROM "mail_outbox" m WHERE m."purpose" = 'reply' AND m."recordId" = t."id")`,
      );
      await queryRunner.query(
        `UPDATE "${table}" AS t SET "firstResponderId" = (
  SELECT e."actorId" FROM "record_events" e
  WHERE e."recordId" = ${idText} AND e."type" = 'mail' AND e."actorId" IS NOT NULL
    AND e."details" LIKE '%"purpose":"reply"%'
  ORDER BY e."id" LIMIT 1)
WHERE t."firstResponseAt" IS NOT NULL`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of WORKED_TABLES) {
      for (const column of ['firstResponseAt', 'firstResponderId']) {
        await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "${column}"`);
      }
    }
  }
}
