import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The searched text of each list: every text and list column, as records/list/record-list.ts builds it (keep them equal). */
export const SEARCHED_EVERY_TEXT = {
  contact_messages: ['name', 'email', 'message', 'reference'],
  subscribers: ['email'],
  inquiries: [
    'fullName',
    'companyName',
    'designation',
    'gstNumber',
    'phoneNumber',
    'email',
    'address',
    'addressCountry',
    'userType',
    'commodities',
    'otherCommodity',
    'quantity',
    'unit',
    'purity',
    'technicalSpecs',
    'packagingType',
    'packagingSize',
    'specialPackaging',
    'destinationCountry',
    'destinationPort',
    'dispatchMode',
    'customDispatchMode',
    'deliveryTimeline',
    'certifications',
    'regulatoryCompliance',
    'paymentTerms',
    'comments',
    'reference',
  ],
  supplier_inquiries: [
    'fullName',
    'companyName',
    'designation',
    'gstNumber',
    'phoneNumber',
    'email',
    'address',
    'productName',
    'productCategory',
    'productDescription',
    'supplyCapacity',
    'unit',
    'minOrderQuantity',
    'pricePerUnit',
    'currency',
    'leadTime',
    'incoterm',
    'originCountry',
    'portOfLoading',
    'exportCapability',
    'exportMarkets',
    'certifications',
    'productSpecs',
    'packagingDetails',
    'privateLabeling',
    'paymentTerms',
    'additionalComments',
    'reference',
  ],
};

/** The columns searched before: what `down` restores. */
const SEARCHED_BEFORE = {
  contact_messages: ['name', 'email', 'message', 'reference'],
  subscribers: ['email'],
  inquiries: ['fullName', 'companyName', 'email', 'commodities', 'otherCommodity', 'reference'],
  supplier_inquiries: ['fullName', 'companyName', 'email', 'productName', 'productCategory', 'reference'],
};

type Searched = Record<string, string[]>;

/**
 * The admin search covers every text field of a kind (port, payment terms, specs, comments, ...),
 * not only names, e-mails and commodities: the search indexes of 1795000000020 (PostgreSQL
 * trigram GIN) and 1795000000040 (SQLite FTS5 trigram tables and their triggers) are rebuilt on
 * the longer text.
 */
export class SearchEveryTextField1795000000700 implements MigrationInterface {
  name = 'SearchEveryTextField1795000000700';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.build(queryRunner, SEARCHED_EVERY_TEXT);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await this.build(queryRunner, SEARCHED_BEFORE);
  }

  private async build(queryRunner: QueryRunner, searched: Searched): Promise<void> {
    if (queryRunner.connection.options.type === 'postgres') await this.buildTrigramIndexes(queryRunner, searched);
    else await this.buildSqliteSearch(queryRunner, searched);
  }

  /** Without pg_trgm (1795000000020 could not install it) there is no index to rebuild: the search scans. */
  private async buildTrigramIndexes(queryRunner: QueryRunner, searched: Searched): Promise<void> {
    const rows = (await queryRunner.query(
      `SELECT n.nspname AS "schema" FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
    )) as { schema: string }[];
    const schema = rows[0]?.schema;
    if (!schema) return;
    for (const [table, columns] of Object.entries(searched)) {
      const text = `LOWER(${columns.map((c) => `"${c}"`).join(` || '\u001f' || `)})`;
      await queryRunner.query(`DROP INDEX IF EXISTS "${table}_search"`);
      await queryRunner.query(`CREATE INDEX "${table}_search" ON "${table}" USING gin ((${text}) "${schema}".gin_trgm_ops)`);
    }
  }

  private async buildSqliteSearch(queryRunner: QueryRunner, searched: Searched): Promise<void> {
    for (const [table, columns] of Object.entries(searched)) {
      const text = (row: string) => `LOWER(${columns.map((c) => `${row}"${c}"`).join(` || char(31) || `)})`;
      const search = `${table}_search`;
      await queryRunner.query(`DROP TRIGGER IF EXISTS "${search}_insert"`);
      await queryRunner.query(`DROP TRIGGER IF EXISTS "${search}_delete"`);
      await queryRunner.query(`DROP TABLE IF EXISTS "${search}"`);
      await queryRunner.query(`CREATE VIRTUAL TABLE "${search}" USING fts5("id" UNINDEXED, "text", tokenize = 'trigram')`);
      await queryRunner.query(`INSERT INTO "${search}" ("id", "text") SELECT "id", ${text('')} FROM "${table}"`);
      await queryRunner.query(`CREATE TRIGGER "${search}_insert" AFTER INSERT ON "${table}" BEGIN
  INSERT INTO "${search}" ("id", "text") VALUES (new."id", ${text('new.')});
END`);
      await queryRunner.query(`CREATE TRIGGER "${search}_delete" AFTER DELETE ON "${table}" BEGIN
  DELETE FROM "${search}" WHERE "id" = old."id";
END`);
    }
  }
}
