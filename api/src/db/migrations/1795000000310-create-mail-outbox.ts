import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The mail outbox: every mail, written in the transaction of what caused it, then delivered by
 * the worker (api/src/mail). A pending row is due at nextAttemptAt; a claimed one belongs to a
 * replica until leaseUntil.
 */
export class CreateMailOutbox1795000000310 implements MigrationInterface {
  name = 'CreateMailOutbox1795000000310';

  async up(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    const time = postgres ? 'timestamptz' : 'datetime';
    await queryRunner.query(`CREATE TABLE "mail_outbox" (
  "id" ${postgres ? 'uuid' : 'varchar'} PRIMARY KEY NOT NULL,
  "purpose" text NOT NULL,
  "recordKind" text,
  "recordId" ${postgres ? 'uuid' : 'varchar'},
  "sender" text NOT NULL,
  "recipients" text NOT NULL,
  "subject" text NOT NULL,
  "message" text NOT NULL,
  "state" text NOT NULL,
  "attempts" integer NOT NULL,
  "nextAttemptAt" ${time} NOT NULL,
  "leaseUntil" ${time},
  "lastError" text,
  "createdAt" ${time} NOT NULL,
  "deliveredAt" ${time}
)`);
    await queryRunner.query(`CREATE INDEX "mail_outbox_due" ON "mail_outbox" ("state", "nextAttemptAt")`);
    await queryRunner.query(`CREATE INDEX "mail_outbox_record" ON "mail_outbox" ("recordId")`);
    await queryRunner.query(`CREATE INDEX "mail_outbox_created" ON "mail_outbox" ("createdAt", "id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "mail_outbox"`);
  }
}
