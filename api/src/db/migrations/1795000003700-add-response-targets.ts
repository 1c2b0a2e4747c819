import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The worked record tables when this migration was written. */
const WORKED_TABLES = ['inquiries', 'supplier_inquiries', 'contact_messages'];

/**
 * Response targets (docs/admin.md#response-targets): `response_target_settings` holds the owners'
 * settings (the business-hours calendar, the warning's lead time and each list's target) as one
 * JSON row, absent until first saved. Each worked record keeps by when its first response is due
 * (`responseDueAt`, null: no target) and from when it is at risk (`responseWarnAt`: the due time
 * less the warning's lead time), and when its due-soon warning and its missed notice went out
 * (`responseWarnedAt`, `responseMissedAt`: each claimed once, whichever replica checks). The
 * indexes hold only unanswered records with a due time:
 * - `_response_warn` and `_response_missed`: those whose warning, or notice, has not gone out (the job's check);
 * - `_response_open`: all of them, by the time they are at risk from (the `At risk` view, and the
 *   new due times when the settings change).
 */
export class AddResponseTargets1795000003700 implements MigrationInterface {
  name = 'AddResponseTargets1795000003700';

  async up(queryRunner: QueryRunner): Promise<void> {
    const time = queryRunner.connection.options.type === 'postgres' ? 'timestamptz' : 'datetime';
    await queryRunner.query(`CREATE TABLE "response_target_settings" (
  "id" varchar(16) PRIMARY KEY NOT NULL,
  "settings" text NOT NULL
)`);
    const unanswered = `"firstResponseAt" IS NULL AND "responseDueAt" IS NOT NULL`;
    for (const table of WORKED_TABLES) {
      for (const column of ['responseDueAt', 'responseWarnAt', 'responseWarnedAt', 'responseMissedAt']) {
        await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN "${column}" ${time} NULL`);
      }
      await queryRunner.query(
        `CREATE INDEX "${table}_response_warn" ON "${table}" ("responseWarnAt") WHERE "responseWarnedAt" IS NULL AND ${unanswered}`,
      );
      await queryRunner.query(
        `CREATE INDEX "${table}_response_missed" ON "${table}" ("responseDueAt") WHERE "responseMissedAt" IS NULL AND ${unanswered}`,
      );
      await queryRunner.query(`CREATE INDEX "${table}_response_open" ON "${table}" ("responseWarnAt") WHERE ${unanswered}`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of WORKED_TABLES) {
      for (const index of ['response_warn', 'response_missed', 'response_open']) {
        await queryRunner.query(`DROP INDEX "${table}_${index}"`);
      }
      for (const column of ['responseDueAt', 'responseWarnAt', 'responseWarnedAt', 'responseMissedAt']) {
        await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "${column}"`);
      }
    }
    await queryRunner.query(`DROP TABLE "response_target_settings"`);
  }
}
