import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The worked record tables when this migration was written. */
const WORKED_TABLES = ['inquiries', 'supplier_inquiries', 'contact_messages'];

/** "Owner: mine" and "Owner: <someone>" (docs/admin.md#filters) read one owner's rows newest first from an index. */
export class IndexRecordOwners1795000000710 implements MigrationInterface {
  name = 'IndexRecordOwners1795000000710';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of WORKED_TABLES) {
      await queryRunner.query(`CREATE INDEX "${table}_owner_created" ON "${table}" ("ownerId", "createdAt", "id")`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of WORKED_TABLES) await queryRunner.query(`DROP INDEX "${table}_owner_created"`);
  }
}
