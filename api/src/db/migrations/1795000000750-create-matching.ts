import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each matched table: its record kind, the column its links name it by, and the columns naming what it deals in. */
const MATCHED = [
  ['inquiries', 'inquiry', 'inquiryId', ['commodities', 'otherCommodity']],
  ['supplier_inquiries', 'supplierInquiry', 'offerId', ['productName']],
] as const;

/** The matched columns holding a JSON list (the others hold one text). */
const LIST_COLUMNS = new Set(['commodities']);

const BACKFILL_BATCH = 1000;

/**
 * The terms of a record as the app computed them when this migration was written (shared/src/matching.ts
 * matchTerms; frozen here, as migrations are): whole names lower-cased, and their words of 3 letters
 * or more that are neither numbers nor stop words. 'Others' (the form's placeholder choice) is no name.
 */
function termsOf(values: unknown[]): { source: 'name' | 'word'; term: string }[] {
  const stop = new Set(['and', 'the', 'for', 'with', 'grade', 'other', 'others']);
  const texts = values
    .flatMap((v) => (Array.isArray(v) ? (v as unknown[]) : [v]))
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '' && v !== 'Others');
  const names = [...new Set(texts.map((t) => t.toLowerCase().trim().replace(/\s+/g, ' ')))];
  const words = new Set(
    names.flatMap((n) => n.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3 && /\p{L}/u.test(w) && !stop.has(w))),
  );
  return [
    ...names.map((term) => ({ source: 'name' as const, term })),
    ...[...words].map((term) => ({ source: 'word' as const, term })),
  ];
}

/**
 * Matching buyers with suppliers (docs/admin.md#matching): record_terms holds the names and words
 * each buyer inquiry and supplier offer deals in, indexed by term, so a record's matches are found
 * by index lookups of its few terms, never by scanning the other table; record_links holds the
 * links staff make. Both forget a record when it is deleted (an erasure), by trigger. Existing
 * records get their terms here; new ones get them when they are stored.
 */
export class CreateMatching1795000000750 implements MigrationInterface {
  name = 'CreateMatching1795000000750';

  async up(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    const id = postgres ? 'uuid' : 'varchar';
    await queryRunner.query(`CREATE TABLE "record_terms" (
  "recordKind" varchar(32) NOT NULL,
  "recordId" ${id} NOT NULL,
  "source" varchar(8) NOT NULL,
  "term" text NOT NULL,
  PRIMARY KEY ("recordKind", "recordId", "source", "term")
)`);
    await queryRunner.query(`CREATE INDEX "record_terms_term" ON "record_terms" ("term", "source", "recordKind", "recordId")`);
    await queryRunner.query(`CREATE TABLE "record_links" (
  "inquiryId" ${id} NOT NULL,
  "offerId" ${id} NOT NULL,
  "actorId" varchar(36),
  "createdAt" ${postgres ? 'timestamptz' : 'datetime'} NOT NULL,
  PRIMARY KEY ("inquiryId", "offerId")
)`);
    await queryRunner.query(`CREATE INDEX "record_links_offer" ON "record_links" ("offerId", "inquiryId")`);

    if (postgres) {
      await queryRunner.query(`CREATE FUNCTION "matching_forget_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "record_terms" WHERE "recordKind" = TG_ARGV[0] AND "recordId" = OLD."id";
  IF TG_ARGV[1] = 'inquiryId' THEN
    DELETE FROM "record_links" WHERE "inquiryId" = OLD."id";
  ELSE
    DELETE FROM "record_links" WHERE "offerId" = OLD."id";
  END IF;
  RETURN NULL;
END $$`);
    }
    for (const [table, kind, linkColumn] of MATCHED) {
      await queryRunner.query(
        postgres
          ? `CREATE TRIGGER "${table}_matching_delete" AFTER DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION "matching_forget_record"('${kind}', '${linkColumn}')`
          : `CREATE TRIGGER "${table}_matching_delete" AFTER DELETE ON "${table}" BEGIN
  DELETE FROM "record_terms" WHERE "recordKind" = '${kind}' AND "recordId" = old."id";
  DELETE FROM "record_links" WHERE "${linkColumn}" = old."id";
END`,
      );
    }

    for (const [table, kind, , columns] of MATCHED) await backfill(queryRunner, postgres, table, kind, columns);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    for (const [table] of MATCHED) {
      await queryRunner.query(
        postgres ? `DROP TRIGGER "${table}_matching_delete" ON "${table}"` : `DROP TRIGGER "${table}_matching_delete"`,
      );
    }
    if (postgres) await queryRunner.query(`DROP FUNCTION "matching_forget_record"()`);
    await queryRunner.query(`DROP TABLE "record_links"`);
    await queryRunner.query(`DROP TABLE "record_terms"`);
  }
}

/** The terms of a table's existing rows, a batch at a time in id order (lists are JSON text on both engines: simple-json). */
async function backfill(queryRunner: QueryRunner, postgres: boolean, table: string, kind: string, columns: readonly string[]) {
  const select = columns.map((c) => `"${c}"`).join(', ');
  const placeholder = (n: number) => (postgres ? `$${n}` : '?');
  let after: string | null = null;
  for (;;) {
    const rows = (await queryRunner.query(
      `SELECT "id", ${select} FROM "${table}"${after === null ? '' : ` WHERE "id" > ${placeholder(1)}`} ORDER BY "id" LIMIT ${BACKFILL_BATCH}`,
      after === null ? [] : [after],
    )) as Record<string, unknown>[];
    if (rows.length === 0) return;
    const values: unknown[] = [];
    for (const row of rows) {
      const fields = columns.map((c): unknown => (LIST_COLUMNS.has(c) ? (JSON.parse(String(row[c])) as unknown) : row[c]));
      for (const { source, term } of termsOf(fields)) values.push(kind, String(row.id), source, term);
    }
    for (let i = 0; i < values.length; i += 4 * BACKFILL_BATCH) {
      const chunk = values.slice(i, i + 4 * BACKFILL_BATCH);
      const tuples = Array.from(
        { length: chunk.length / 4 },
        (_, t) => `(${[1, 2, 3, 4].map((k) => placeholder(t * 4 + k)).join(', ')})`,
      );
      await queryRunner.query(
        `INSERT INTO "record_terms" ("recordKind", "recordId", "source", "term") VALUES ${tuples.join(', ')}`,
        chunk,
      );
    }
    after = String(rows[rows.length - 1].id);
  }
}
