import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The worked record tables when this migration was written. */
const WORKED_TABLES = ['inquiries', 'supplier_inquiries', 'contact_messages'];

/**
 * Follow-ups and snoozing (docs/api.md#follow-ups-and-snooze) on each worked record table: when to
 * follow it up and why (`followUpAt`, `followUpNote`), when its reminder went out
 * (`followUpNotifiedAt`), and until when it is snoozed (`snoozedUntil`). Few records have either,
 * so each index holds only the rows that do:
 * - `_follow_up_due`: the follow-ups whose reminder has not gone out (the job's minute check);
 * - `_owner_follow_up` and `_follow_up`: "my follow-ups today", "overdue" and the daily digest;
 * - `_snoozed`: the job ending snoozes, `snoozed=only`, and the snoozed records a list's counts leave out.
 */
export class AddFollowUps1795000003200 implements MigrationInterface {
  name = 'AddFollowUps1795000003200';

  async up(queryRunner: QueryRunner): Promise<void> {
    const time = queryRunner.connection.options.type === 'postgres' ? 'timestamptz' : 'datetime';
    for (const table of WORKED_TABLES) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN "followUpAt" ${time} NULL`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN "followUpNote" text NULL`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN "followUpNotifiedAt" ${time} NULL`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN "snoozedUntil" ${time} NULL`);
      await queryRunner.query(
        `CREATE INDEX "${table}_follow_up_due" ON "${table}" ("followUpNotifiedAt", "followUpAt") WHERE "followUpNotifiedAt" IS NULL AND "followUpAt" IS NOT NULL`,
      );
      await queryRunner.query(
        `CREATE INDEX "${table}_owner_follow_up" ON "${table}" ("ownerId", "followUpAt") WHERE "followUpAt" IS NOT NULL`,
      );
      await queryRunner.query(`CREATE INDEX "${table}_follow_up" ON "${table}" ("followUpAt") WHERE "followUpAt" IS NOT NULL`);
      await queryRunner.query(`CREATE INDEX "${table}_snoozed" ON "${table}" ("snoozedUntil") WHERE "snoozedUntil" IS NOT NULL`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of WORKED_TABLES) {
      for (const index of ['follow_up_due', 'owner_follow_up', 'follow_up', 'snoozed']) {
        await queryRunner.query(`DROP INDEX "${table}_${index}"`);
      }
      for (const column of ['followUpAt', 'followUpNote', 'followUpNotifiedAt', 'snoozedUntil']) {
        await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "${column}"`);
      }
    }
  }
}
