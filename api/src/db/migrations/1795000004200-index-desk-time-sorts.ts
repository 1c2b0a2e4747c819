import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The worked record tables when this migration was written. */
const WORKED_TABLES = ['inquiries', 'supplier_inquiries', 'contact_messages'];

/**
 * A worked list sorted by when to follow a record up or by when its first response is due
 * (docs/api.md#sorting) reads its records with that time in the order of an index, then those
 * without it by arrival (the `(createdAt, id)` index). Each index holds only the rows with the time,
 * ordered as a page's keyset is: the time, then `createdAt` and `id`.
 */
export class IndexDeskTimeSorts1795000004200 implements MigrationInterface {
  name = 'IndexDeskTimeSorts1795000004200';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of WORKED_TABLES) {
      await queryRunner.query(
        `CREATE INDEX "${table}_sort_follow_up" ON "${table}" ("followUpAt", "createdAt", "id") WHERE "followUpAt" IS NOT NULL`,
      );
      await queryRunner.query(
        `CREATE INDEX "${table}_sort_response_due" ON "${table}" ("responseDueAt", "createdAt", "id") WHERE "responseDueAt" IS NOT NULL`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of WORKED_TABLES) {
      await queryRunner.query(`DROP INDEX "${table}_sort_follow_up"`);
      await queryRunner.query(`DROP INDEX "${table}_sort_response_due"`);
    }
  }
}
