import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The customers' answers by kind and time (docs/api.md#read-state): an owner's unread count adds their
 * records answered since their watermark, read from this index, not from every mail of the kind.
 */
export class IndexAnswersByTime1795000003600 implements MigrationInterface {
  name = 'IndexAnswersByTime1795000003600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "inbound_mails_answers_received" ON "inbound_mails" ("recordKind", "receivedAt") WHERE "kind" = 'reply'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "inbound_mails_answers_received"`);
  }
}
