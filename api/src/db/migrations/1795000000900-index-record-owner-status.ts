import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The worked record tables when this migration was written. */
const WORKED_TABLES = ['inquiries', 'supplier_inquiries', 'contact_messages'];

/**
 * "Owner: mine" on a status tab (docs/admin.md#filters) reads that owner's rows of that status
 * newest first from one index. With only the owner index and the status index, SQLite (which keeps
 * no statistics) took the status index and walked every row of the status to find the owner's:
 * 660 ms at a million New rows (bench/README.md, growth).
 */
export class IndexRecordOwnerStatus1795000000900 implements MigrationInterface {
  name = 'IndexRecordOwnerStatus1795000000900';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of WORKED_TABLES) {
      await queryRunner.query(
        `CREATE INDEX "${table}_owner_status_created" ON "${table}" ("ownerId", "status", "createdAt", "id")`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of WORKED_TABLES) await queryRunner.query(`DROP INDEX "${table}_owner_status_created"`);
  }
}
