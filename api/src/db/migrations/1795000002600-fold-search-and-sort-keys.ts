import { foldText, sortKeyOf, splitAddress } from '@sourcing/shared';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { refillColumns } from '../refill-columns';
import { addSortKeyColumn, dropSortKeyColumn, indexSortKeyColumn, sortKeyColumn } from '../sort-key-columns';
import { SEARCHED_EVERY_TEXT } from './1795000000700-search-every-text-field';

type Table = keyof typeof SEARCHED_EVERY_TEXT;

/** The JSON list columns among them, and the JSON column of each table's files, when this migration was written. */
const LIST_COLUMNS: Partial<Record<Table, string[]>> = { inquiries: ['commodities'], supplier_inquiries: ['certifications'] };
const FILES_COLUMN = 'attachments';

/** The text columns each list showed (its searched ones and its files' field), and how a column showed its text. */
const SORTED: Record<Table, string[]> = {
  inquiries: [...SEARCHED_EVERY_TEXT.inquiries, 'attachment'],
  supplier_inquiries: [...SEARCHED_EVERY_TEXT.supplier_inquiries, 'attachments'],
  contact_messages: SEARCHED_EVERY_TEXT.contact_messages,
  subscribers: SEARCHED_EVERY_TEXT.subscribers,
};
const FILE_FIELDS = new Set(['attachment', 'attachments']);
const SHOWN: Partial<Record<Table, Record<string, (text: string) => string>>> = {
  inquiries: { address: (text) => splitAddress(text).address, addressCountry: (text) => splitAddress(text).country },
};

/** The tables whose records have an Updated At, and the one whose status is a fixed set sorted as stored. */
const UPDATED_TABLES = ['inquiries', 'supplier_inquiries'];

const SEPARATOR = '\u001f';

/**
 * Search and sort alike on both engines, in every script (docs/operations.md#search-indexes): each
 * record keeps its searched text folded in JavaScript (`searchText`, accents dropped and lower case
 * in every script with case) and a folded sort key of each text column its list shows
 * (`sort_<key>`). Both are filled here for the rows already stored, as `foldText` and `sortKeyOf`
 * make them (the app stores them the same way with each new record); the search indexes are
 * rebuilt on `searchText` (SQLite's LOWER and LIKE folded ASCII letters only), and each sort key,
 * Updated At and a subscriber's status get the index their sorted pages are read from.
 */
export class FoldSearchAndSortKeys1795000002600 implements MigrationInterface {
  name = 'FoldSearchAndSortKeys1795000002600';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of Object.keys(SEARCHED_EVERY_TEXT) as Table[]) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN "searchText" text NOT NULL DEFAULT ''`);
      for (const key of SORTED[table]) await addSortKeyColumn(queryRunner, table, key);
      const read = [
        ...new Set([...SEARCHED_EVERY_TEXT[table], ...SORTED[table].map((k) => (FILE_FIELDS.has(k) ? FILES_COLUMN : k))]),
      ];
      await refillColumns(queryRunner, table, read, (row) => {
        const text = (key: string) => textOf(table, key, row);
        const columns: Record<string, string> = { searchText: foldText(SEARCHED_EVERY_TEXT[table].map(text).join(SEPARATOR)) };
        for (const key of SORTED[table]) {
          const shown = SHOWN[table]?.[key];
          columns[sortKeyColumn(key)] = sortKeyOf(shown ? shown(text(key)) : text(key));
        }
        return columns;
      });
      for (const key of SORTED[table]) await indexSortKeyColumn(queryRunner, table, key);
      await this.indexSearchText(queryRunner, table);
    }
    for (const table of UPDATED_TABLES) {
      await queryRunner.query(`CREATE INDEX "${table}_updated_created" ON "${table}" ("updatedAt", "createdAt", "id")`);
    }
    await queryRunner.query(`CREATE INDEX "subscribers_status_created" ON "subscribers" ("status", "createdAt", "id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "subscribers_status_created"`);
    for (const table of UPDATED_TABLES) await queryRunner.query(`DROP INDEX "${table}_updated_created"`);
    for (const table of Object.keys(SEARCHED_EVERY_TEXT) as Table[]) {
      await this.indexLowerCased(queryRunner, table);
      for (const key of SORTED[table]) await dropSortKeyColumn(queryRunner, table, key);
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "searchText"`);
    }
  }

  /** The search index on the folded text: pg_trgm GIN (when installed), or SQLite's FTS5 trigram table and its triggers. */
  private async indexSearchText(queryRunner: QueryRunner, table: Table): Promise<void> {
    await this.rebuild(queryRunner, table, '"searchText"', (row) => `${row}"searchText"`);
  }

  /** What 1795000000700 built: the index on the searched columns lower-cased by the database. */
  private async indexLowerCased(queryRunner: QueryRunner, table: Table): Promise<void> {
    const columns = SEARCHED_EVERY_TEXT[table];
    const postgres = queryRunner.connection.options.type === 'postgres';
    const joint = postgres ? ` || '\u001f' || ` : ' || char(31) || ';
    await this.rebuild(
      queryRunner,
      table,
      `LOWER(${columns.map((c) => `"${c}"`).join(joint)})`,
      (row) => `LOWER(${columns.map((c) => `${row}"${c}"`).join(joint)})`,
    );
  }

  private async rebuild(queryRunner: QueryRunner, table: Table, indexed: string, text: (row: string) => string): Promise<void> {
    if (queryRunner.connection.options.type === 'postgres') {
      const rows = (await queryRunner.query(
        `SELECT n.nspname AS "schema" FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
      )) as { schema: string }[];
      // Without pg_trgm (1795000000020 could not install it) there is no index: the search scans.
      const schema = rows[0]?.schema;
      if (!schema) return;
      await queryRunner.query(`DROP INDEX IF EXISTS "${table}_search"`);
      await queryRunner.query(`CREATE INDEX "${table}_search" ON "${table}" USING gin ((${indexed}) "${schema}".gin_trgm_ops)`);
      return;
    }
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

/** A stored column as the list shows it: lists comma-joined, files by their original names. */
function textOf(table: Table, key: string, row: Record<string, unknown>): string {
  if (FILE_FIELDS.has(key)) {
    return parseList(row[FILES_COLUMN])
      .map((file) => (file as { originalName?: unknown }).originalName)
      .filter((name): name is string => typeof name === 'string')
      .join(', ');
  }
  if (LIST_COLUMNS[table]?.includes(key)) return parseList(row[key]).map(String).join(', ');
  return typeof row[key] === 'string' ? row[key] : '';
}

function parseList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  try {
    const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : [];
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}
