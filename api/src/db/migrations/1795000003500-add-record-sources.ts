import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The worked record tables when this migration was written. */
const WORKED_TABLES = ['inquiries', 'supplier_inquiries', 'contact_messages'];

/**
 * Where a worked record came from (docs/admin.md#record-sources): `source` is 'form' (the site's
 * own form), 'embed' (a partner's page framing the form; `sourcePartner` holds its origin) or
 * 'desk' (entered by staff). Records stored before this migration came through the site's forms.
 */
export class AddRecordSources1795000003500 implements MigrationInterface {
  name = 'AddRecordSources1795000003500';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of WORKED_TABLES) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN "source" varchar(8) NOT NULL DEFAULT 'form'`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN "sourcePartner" text NULL`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of WORKED_TABLES) {
      for (const column of ['source', 'sourcePartner']) {
        await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "${column}"`);
      }
    }
  }
}
