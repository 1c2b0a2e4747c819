import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Answers coming back into the records (docs/mail.md#answers):
 *
 * - `inbound_mails`: every mail received, once: its `Message-ID` is unique (a mail without one is
 *   keyed by a hash of its bytes), so the same mail through IMAP and SMTP, twice, or on two replicas
 *   makes one row. It belongs to a record (`state` attached) or waits for staff (unmatched, then
 *   attached or discarded); its words as read (text, sanitised HTML), the reply part without the
 *   quoted history, what it is (a reply, an auto-reply or a bounce), and the raw message for the
 *   `.eml` download. `seenAt` is when staff read it ("Customer replied" until then).
 * - `mail_outbox."bouncedAt"`/`"bounceReason"`: a delivery report that came back for the mail.
 * - `imap_progress`: per mailbox, the last UID read under its UIDVALIDITY, so a restart of the
 *   poller neither loses nor repeats a message.
 */
export class CreateInboundMail1795000003000 implements MigrationInterface {
  name = 'CreateInboundMail1795000003000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    const time = postgres ? 'timestamptz' : 'datetime';
    const id = postgres ? 'uuid' : 'varchar(36)';
    const bytes = postgres ? 'bytea' : 'blob';
    await queryRunner.query(`CREATE TABLE "inbound_mails" (
  "id" ${id} PRIMARY KEY NOT NULL,
  "messageId" text NOT NULL,
  "state" varchar(16) NOT NULL,
  "recordKind" varchar(32),
  "recordId" ${id},
  "matchedBy" varchar(16),
  "kind" varchar(16) NOT NULL,
  "fromAddress" text NOT NULL,
  "fromName" text,
  "fromOtherAddress" boolean NOT NULL DEFAULT false,
  "toAddresses" text NOT NULL,
  "ccAddresses" text NOT NULL,
  "subject" text NOT NULL,
  "text" text NOT NULL,
  "replyText" text NOT NULL,
  "html" text,
  "inReplyTo" text,
  "references" text NOT NULL,
  "attachments" text NOT NULL,
  "raw" ${bytes} NOT NULL,
  "via" varchar(8) NOT NULL,
  "sentAt" ${time},
  "receivedAt" ${time} NOT NULL,
  "seenAt" ${time}
)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "inbound_mails_message_id" ON "inbound_mails" ("messageId")`);
    await queryRunner.query(`CREATE INDEX "inbound_mails_record" ON "inbound_mails" ("recordKind", "recordId", "receivedAt")`);
    await queryRunner.query(`CREATE INDEX "inbound_mails_state" ON "inbound_mails" ("state", "receivedAt")`);
    await queryRunner.query(`ALTER TABLE "mail_outbox" ADD COLUMN "bouncedAt" ${time}`);
    await queryRunner.query(`ALTER TABLE "mail_outbox" ADD COLUMN "bounceReason" text`);
    await queryRunner.query(`CREATE TABLE "imap_progress" (
  "mailbox" text PRIMARY KEY NOT NULL,
  "uidValidity" text NOT NULL,
  "lastUid" bigint NOT NULL,
  "updatedAt" ${time} NOT NULL
)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "imap_progress"`);
    await queryRunner.query(`ALTER TABLE "mail_outbox" DROP COLUMN "bounceReason"`);
    await queryRunner.query(`ALTER TABLE "mail_outbox" DROP COLUMN "bouncedAt"`);
    await queryRunner.query(`DROP TABLE "inbound_mails"`);
  }
}
