import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The worked record tables when this migration was written. */
const WORKED_TABLES = ['inquiries', 'supplier_inquiries', 'contact_messages'];

/** Why a worked record was won or lost (docs/admin.md#outcome-reasons): `outcomeReason`, empty for the rest. */
export class AddOutcomeReasons1795000003400 implements MigrationInterface {
  name = 'AddOutcomeReasons1795000003400';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of WORKED_TABLES) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN "outcomeReason" text NULL`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of WORKED_TABLES) {
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "outcomeReason"`);
    }
  }
}
