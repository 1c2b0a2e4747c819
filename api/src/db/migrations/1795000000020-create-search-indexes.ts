import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The searched text of each list, as records/list/record-list.ts builds it (keep them equal). */
export const SEARCHED = {
  contact_messages: ['name', 'email', 'message'],
  subscribers: ['email'],
  inquiries: ['fullName', 'companyName', 'email', 'commodities', 'otherCommodity'],
  supplier_inquiries: ['fullName', 'companyName', 'email', 'productName', 'productCategory'],
};

/**
 * On PostgreSQL, trigram GIN indexes on each list's searched text make `q` (LIKE '%text%') an
 * index lookup. pg_trgm ships with PostgreSQL and is a trusted extension; where it cannot be
 * installed the search still works, by scanning. SQLite has no such index: nothing to do.
 */
export class CreateSearchIndexes1795000000020 implements MigrationInterface {
  name = 'CreateSearchIndexes1795000000020';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'postgres') return;
    const schema = await this.trigramSchema(queryRunner);
    if (!schema) return;
    for (const [table, columns] of Object.entries(SEARCHED)) {
      const text = `LOWER(${columns.map((c) => `"${c}"`).join(` || '\u001f' || `)})`;
      await queryRunner.query(`CREATE INDEX "${table}_search" ON "${table}" USING gin ((${text}) "${schema}".gin_trgm_ops)`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'postgres') return;
    for (const table of Object.keys(SEARCHED)) await queryRunner.query(`DROP INDEX IF EXISTS "${table}_search"`);
  }

  /** The schema holding pg_trgm (installing it in public when missing), or null when unavailable. */
  private async trigramSchema(queryRunner: QueryRunner): Promise<string | null> {
    const find = async () => {
      const rows = (await queryRunner.query(
        `SELECT n.nspname AS "schema" FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
      )) as { schema: string }[];
      return rows[0]?.schema ?? null;
    };
    const existing = await find();
    if (existing) return existing;
    await queryRunner.query('SAVEPOINT "install_pg_trgm"');
    try {
      await queryRunner.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
      await queryRunner.query('RELEASE SAVEPOINT "install_pg_trgm"');
    } catch {
      await queryRunner.query('ROLLBACK TO SAVEPOINT "install_pg_trgm"');
      return null;
    }
    return find();
  }
}
