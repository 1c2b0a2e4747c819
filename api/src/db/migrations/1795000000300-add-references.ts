import { randomBytes } from 'node:crypto';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables with references, their prefixes, and their searched columns now ending with the reference. */
const REFERENCED = {
  inquiries: { prefix: 'INQ', searched: ['fullName', 'companyName', 'email', 'commodities', 'otherCommodity', 'reference'] },
  supplier_inquiries: {
    prefix: 'OFR',
    searched: ['fullName', 'companyName', 'email', 'productName', 'productCategory', 'reference'],
  },
  contact_messages: { prefix: 'MSG', searched: ['name', 'email', 'message', 'reference'] },
};

/** The searched columns of the tables with references, as this migration rebuilt their search indexes. */
export const SEARCHED_WITH_REFERENCE = Object.fromEntries(
  Object.entries(REFERENCED).map(([table, { searched }]) => [table, searched]),
);

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const newReference = (prefix: string) => `${prefix}-${[...randomBytes(6)].map((b) => ALPHABET[b & 31]).join('')}`;

/**
 * Short references (INQ-7K2M9Q) on buyer inquiries, supplier offers and contact messages: a
 * column, one for every existing row, a unique index, and the search indexes rebuilt so the
 * admin search finds a record by its reference.
 */
export class AddReferences1795000000300 implements MigrationInterface {
  name = 'AddReferences1795000000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    for (const [table, { prefix, searched }] of Object.entries(REFERENCED)) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN "reference" text`);
      const rows = (await queryRunner.query(`SELECT "id" FROM "${table}"`)) as { id: string }[];
      const taken = new Set<string>();
      for (const { id } of rows) {
        let reference = newReference(prefix);
        while (taken.has(reference)) reference = newReference(prefix);
        taken.add(reference);
        await queryRunner.query(
          `UPDATE "${table}" SET "reference" = ${postgres ? '$1' : '?'} WHERE "id" = ${postgres ? '$2' : '?'}`,
          [reference, id],
        );
      }
      await queryRunner.query(`CREATE UNIQUE INDEX "${table}_reference" ON "${table}" ("reference")`);
      if (postgres) await this.rebuildTrigramIndex(queryRunner, table, searched);
      else await this.rebuildSqliteSearch(queryRunner, table, searched);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    for (const [table, { searched }] of Object.entries(REFERENCED)) {
      const before = searched.slice(0, -1);
      if (postgres) await this.rebuildTrigramIndex(queryRunner, table, before);
      else await this.rebuildSqliteSearch(queryRunner, table, before);
      await queryRunner.query(`DROP INDEX "${table}_reference"`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "reference"`);
    }
  }

  /** The trigram index exists only where pg_trgm could be installed; it is rebuilt on the new text. */
  private async rebuildTrigramIndex(queryRunner: QueryRunner, table: string, columns: string[]) {
    const rows = (await queryRunner.query(
      `SELECT n.nspname AS "schema" FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
    )) as { schema: string }[];
    const schema = rows[0]?.schema;
    if (!schema) return;
    const text = `LOWER(${columns.map((c) => `"${c}"`).join(` || '\u001f' || `)})`;
    await queryRunner.query(`DROP INDEX IF EXISTS "${table}_search"`);
    await queryRunner.query(`CREATE INDEX "${table}_search" ON "${table}" USING gin ((${text}) "${schema}".gin_trgm_ops)`);
  }

  /** The FTS5 table is refilled and its insert trigger recreated on the new text. */
  private async rebuildSqliteSearch(queryRunner: QueryRunner, table: string, columns: string[]) {
    const text = (row: string) => `LOWER(${columns.map((c) => `${row}"${c}"`).join(` || char(31) || `)})`;
    const search = `${table}_search`;
    await queryRunner.query(`DROP TRIGGER "${search}_insert"`);
    await queryRunner.query(`DELETE FROM "${search}"`);
    await queryRunner.query(`INSERT INTO "${search}" ("id", "text") SELECT "id", ${text('')} FROM "${table}"`);
    await queryRunner.query(`CREATE TRIGGER "${search}_insert" AFTER INSERT ON "${table}" BEGIN
  INSERT INTO "${search}" ("id", "text") VALUES (new."id", ${text('new.')});
END`);
  }
}
