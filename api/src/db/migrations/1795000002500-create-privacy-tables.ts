import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whose records carry a sender's e-mail address when this migration was written. */
const ADDRESSED_TABLES = ['inquiries', 'supplier_inquiries', 'contact_messages'];

/**
 * What keeps the forms from being turned against a third party, and a person's rights
 * (docs/hardening.md#mail-to-visitors, docs/admin.md#a-persons-data):
 *
 * - `blocked_senders`: addresses and domains that get no mail and whose submissions are stored as
 *   spam, by their lower-case key;
 * - `staff_digest_items`: submissions whose staff alert went (or waits to go) into a digest, as
 *   more than 10 arrived in a minute, by reference only; and an index on the outbox's purpose and
 *   time, which counts the staff alerts of the last minute;
 * - `settings`: owners' settings as JSON values (the statuses retention keeps);
 * - `job_runs`: when a scheduled job last ran, claimed by one conditional UPDATE so that of several
 *   replicas one runs it;
 * - an index on each addressed table's lower-cased `email`, for the person look-up and erasure
 *   (`subscribers` has its unique one).
 */
export class CreatePrivacyTables1795000002500 implements MigrationInterface {
  name = 'CreatePrivacyTables1795000002500';

  async up(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    const time = postgres ? 'timestamptz' : 'datetime';
    await queryRunner.query(`CREATE TABLE "blocked_senders" (
  "value" varchar(254) PRIMARY KEY,
  "kind" varchar(16) NOT NULL,
  "createdAt" ${time} NOT NULL,
  "createdBy" varchar(254) NOT NULL
)`);
    await queryRunner.query(`CREATE TABLE "staff_digest_items" (
  "recordKind" varchar(32) NOT NULL,
  "recordId" varchar(36) NOT NULL,
  "reference" varchar(16) NOT NULL,
  "heldAt" ${time} NOT NULL,
  "digestedAt" ${time},
  PRIMARY KEY ("recordKind", "recordId")
)`);
    await queryRunner.query(`CREATE INDEX "staff_digest_items_held" ON "staff_digest_items" ("heldAt")`);
    await queryRunner.query(`CREATE INDEX "mail_outbox_purpose_created" ON "mail_outbox" ("purpose", "createdAt")`);
    await queryRunner.query(`CREATE TABLE "settings" ("key" varchar(64) PRIMARY KEY, "value" text NOT NULL)`);
    await queryRunner.query(`CREATE TABLE "job_runs" ("name" varchar(64) PRIMARY KEY, "lastRunAt" ${time} NOT NULL)`);
    for (const table of ADDRESSED_TABLES) {
      await queryRunner.query(`CREATE INDEX "${table}_email" ON "${table}" (LOWER("email"))`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ADDRESSED_TABLES) await queryRunner.query(`DROP INDEX "${table}_email"`);
    await queryRunner.query(`DROP INDEX "mail_outbox_purpose_created"`);
    for (const table of ['job_runs', 'settings', 'staff_digest_items', 'blocked_senders']) {
      await queryRunner.query(`DROP TABLE "${table}"`);
    }
  }
}
