import type { MigrationInterface, QueryRunner } from 'typeorm';

const postgres = (queryRunner: QueryRunner) => queryRunner.connection.options.type === 'postgres';

/** The Message-ID header of a finished message, read from its head. */
const MESSAGE_ID_FIELD = /^Message-ID:[ \t]*(<[^>\r\n]+>)/im;

/**
 * Mails are written when they are sent (docs/mail.md#outbox):
 *
 * - `mail_outbox."content"` replaces `"message"`: what to say (the words and header fields) as
 *   JSON, instead of the finished MIME. A mail queued before keeps its MIME as `{"raw": ...}`, sent
 *   as it is;
 * - `mail_outbox."messageId"`: every mail's Message-ID, drawn when queued (read from the MIME of
 *   the mails already queued), unique: replies point at it (`In-Reply-To`, `References`);
 * - `reply_tokens`: the unguessable token of each record staff replied to, plus-addressed into the
 *   replies' Reply-To (`desk+<token>@example.com`), one per record; erased with the record.
 */
export class WriteMailAtSend1795000002800 implements MigrationInterface {
  name = 'WriteMailAtSend1795000002800';

  async up(queryRunner: QueryRunner): Promise<void> {
    const [$1, $2, $3] = postgres(queryRunner) ? ['$1', '$2', '$3'] : ['?', '?', '?'];
    const time = postgres(queryRunner) ? 'timestamptz' : 'datetime';
    await queryRunner.query(`ALTER TABLE "mail_outbox" ADD COLUMN "content" text NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`ALTER TABLE "mail_outbox" ADD COLUMN "messageId" text`);
    const queued = (await queryRunner.query(`SELECT "id", "message" FROM "mail_outbox"`)) as { id: string; message: string }[];
    for (const { id, message } of queued) {
      const head = message.split(/\r?\n\r?\n/, 1)[0];
      const messageId = MESSAGE_ID_FIELD.exec(head)?.[1] ?? null;
      await queryRunner.query(`UPDATE "mail_outbox" SET "content" = ${$1}, "messageId" = ${$2} WHERE "id" = ${$3}`, [
        JSON.stringify({ raw: message }),
        messageId,
        id,
      ]);
    }
    await queryRunner.query(`ALTER TABLE "mail_outbox" DROP COLUMN "message"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "mail_outbox_message_id" ON "mail_outbox" ("messageId")`);
    await queryRunner.query(`CREATE TABLE "reply_tokens" (
  "recordKind" varchar(32) NOT NULL,
  "recordId" varchar(36) NOT NULL,
  "token" varchar(32) NOT NULL UNIQUE,
  "createdAt" ${time} NOT NULL,
  PRIMARY KEY ("recordKind", "recordId")
)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const [$1, $2] = postgres(queryRunner) ? ['$1', '$2'] : ['?', '?'];
    await queryRunner.query(`DROP TABLE "reply_tokens"`);
    await queryRunner.query(`DROP INDEX "mail_outbox_message_id"`);
    // A mail queued since keeps only its words: it is dropped rather than sent without its MIME.
    await queryRunner.query(`DELETE FROM "mail_outbox" WHERE "content" NOT LIKE '{"raw":%'`);
    await queryRunner.query(`ALTER TABLE "mail_outbox" ADD COLUMN "message" text NOT NULL DEFAULT ''`);
    const queued = (await queryRunner.query(`SELECT "id", "content" FROM "mail_outbox"`)) as { id: string; content: string }[];
    for (const { id, content } of queued) {
      const { raw } = JSON.parse(content) as { raw: string };
      await queryRunner.query(`UPDATE "mail_outbox" SET "message" = ${$1} WHERE "id" = ${$2}`, [raw, id]);
    }
    await queryRunner.query(`ALTER TABLE "mail_outbox" DROP COLUMN "messageId"`);
    await queryRunner.query(`ALTER TABLE "mail_outbox" DROP COLUMN "content"`);
  }
}
