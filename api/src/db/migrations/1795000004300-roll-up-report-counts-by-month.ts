import type { MigrationInterface, QueryRunner } from 'typeorm';

/** `report_month_counts`' key: as `report_counts`' (migration 1795000004000), with the month for the day. */
const KEY = ['ownerId', 'month', 'measure', 'value'];
const KEY_LIST = KEY.map((c) => `"${c}"`).join(', ');
const EVENTS = ['insert', 'update', 'delete'] as const;

/** A day count's row as its month's difference: `row` is a table alias, or SQLite's `new` or `old`. */
const asMonth = (row: string, sign: '' | '-') =>
  `SELECT ${row}."ownerId" AS "ownerId", substr(${row}."day", 1, 7) AS "month", ${row}."measure" AS "measure", ${row}."value" AS "value", ${sign}${row}."count" AS "n"`;

/** The differences of `rows` (asMonth rows) summed per month count. */
const summed = (rows: string) => `SELECT ${KEY_LIST}, SUM("n") AS "n" FROM (${rows}) AS c GROUP BY ${KEY_LIST}`;

/** Adds each difference of `deltas` to its month's count, in key order (concurrent writers lock rows in one order). */
const addToMonths = (deltas: string) =>
  `INSERT INTO "report_month_counts" (${KEY_LIST}, "count")
SELECT ${KEY_LIST}, "n" FROM (${deltas}) AS d WHERE "n" <> 0 ORDER BY ${KEY_LIST}
ON CONFLICT (${KEY_LIST}) DO UPDATE SET "count" = "report_month_counts"."count" + excluded."count"`;

/**
 * `report_month_counts`: `report_counts` summed per calendar month of its days (docs/admin.md#reports),
 * so a report of a long period reads its whole months there and only the days around them in
 * `report_counts`: the last 366 days read about 40 rows per value instead of 366.
 *
 * The month counts are kept by triggers on `report_counts` itself, so whatever writes the day
 * counts (the inquiries' triggers, the recount on a change of time zone) keeps the months: each
 * change of a day count adds its difference to its month, and a month count that falls to zero is
 * deleted. The triggers are created before the months are filled, in the same transaction: the
 * triggers' lock holds back other writers of the day counts until it commits.
 */
export class RollUpReportCountsByMonth1795000004300 implements MigrationInterface {
  name = 'RollUpReportCountsByMonth1795000004300';

  async up(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    await queryRunner.query(`CREATE TABLE "report_month_counts" (
  "ownerId" varchar(36) NOT NULL,
  "month" varchar(7) NOT NULL,
  "measure" varchar(16) NOT NULL,
  "value" text NOT NULL,
  "count" ${postgres ? 'bigint' : 'integer'} NOT NULL,
  PRIMARY KEY (${KEY_LIST})
)${postgres ? '' : ' WITHOUT ROWID'}`);
    if (postgres) await createPostgresTriggers(queryRunner);
    else await createSqliteTriggers(queryRunner);
    await queryRunner.query(addToMonths(summed(`${asMonth('r', '')} FROM "report_counts" AS r`)));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    for (const event of EVENTS) {
      const name = `report_counts_month_${event}`;
      await queryRunner.query(postgres ? `DROP TRIGGER "${name}" ON "report_counts"` : `DROP TRIGGER "${name}"`);
      if (postgres) await queryRunner.query(`DROP FUNCTION "${name}"()`);
    }
    await queryRunner.query(`DROP TABLE "report_month_counts"`);
  }
}

/** Per statement, from its transition tables: one grouped write per change of the day counts. */
async function createPostgresTriggers(queryRunner: QueryRunner): Promise<void> {
  const changes = {
    insert: `${asMonth('n', '')} FROM new_rows AS n`,
    update: `${asMonth('n', '')} FROM new_rows AS n UNION ALL ${asMonth('o', '-')} FROM old_rows AS o`,
    delete: `${asMonth('o', '-')} FROM old_rows AS o`,
  };
  const transitions = {
    insert: 'NEW TABLE AS new_rows',
    update: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
    delete: 'OLD TABLE AS old_rows',
  };
  for (const event of EVENTS) {
    const name = `report_counts_month_${event}`;
    await queryRunner.query(`CREATE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${addToMonths(summed(changes[event]))};
  DELETE FROM "report_month_counts" AS m USING (SELECT DISTINCT ${KEY_LIST} FROM (${changes[event]}) AS c) AS k
  WHERE m."count" = 0 AND ${KEY.map((c) => `m."${c}" = k."${c}"`).join(' AND ')};
  RETURN NULL;
END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "${name}" AFTER ${event.toUpperCase()} ON "report_counts" REFERENCING ${transitions[event]} FOR EACH STATEMENT EXECUTE FUNCTION "${name}"()`,
    );
  }
}

/** Per row (SQLite has no statement triggers): a new count adds to its month, an old one takes away. */
async function createSqliteTriggers(queryRunner: QueryRunner): Promise<void> {
  const dropEmpty = `DELETE FROM "report_month_counts" WHERE "count" = 0 AND "ownerId" = old."ownerId" AND "month" = substr(old."day", 1, 7) AND "measure" = old."measure" AND "value" = old."value"`;
  const triggers = {
    insert: `WHEN new."count" <> 0 BEGIN\n  ${addToMonths(asMonth('new', ''))};`,
    update: `BEGIN\n  ${addToMonths(summed(`${asMonth('new', '')} UNION ALL ${asMonth('old', '-')}`))};\n  ${dropEmpty};`,
    delete: `WHEN old."count" <> 0 BEGIN\n  ${addToMonths(asMonth('old', '-'))};\n  ${dropEmpty};`,
  };
  for (const event of EVENTS) {
    await queryRunner.query(
      `CREATE TRIGGER "report_counts_month_${event}" AFTER ${event.toUpperCase()} ON "report_counts" ${triggers[event]}\nEND`,
    );
  }
}
