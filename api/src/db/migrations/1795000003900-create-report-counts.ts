import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The buyer inquiries' funnel when this migration was written: the path a won inquiry takes, in order. */
const STEPS = ['New', 'In progress', 'Quoted', 'Won'];
/** Statuses whose reason is asked. */
const OUTCOMES = ['Won', 'Lost'];
/** First minute of each bin of the time to a first reply; the last bin holds a week and more. */
const RESPONSE_BINS = [
  0, 5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 360, 480, 720, 1080, 1440, 2160, 2880, 4320, 5760, 7200, 10080,
];

/** Columns a change to which moves an inquiry between the reports' counts. */
const COUNTED_COLUMNS = [
  'createdAt',
  'status',
  'ownerId',
  'funnelStep',
  'outcomeReason',
  'firstResponseAt',
  'firstResponderId',
  'source',
  'sourcePartner',
  'sort_addressCountry',
  'commodities',
  'destinationPort',
];

/**
 * The Reports page's figures (docs/admin.md#reports), kept by triggers like the other counts
 * (docs/operations.md#counts-kept-by-triggers) so a period's report reads a few rows per day
 * whatever the table holds:
 *
 * - `inquiries."funnelStep"`: the furthest step of New → In progress → Quoted → Won an inquiry has
 *   had (0-3), raised by a trigger when its status moves further; filled here from the timeline's
 *   status changes and the present status;
 * - `report_days`: the local day (in the server's TIME_ZONE) starting at each instant, filled by
 *   the app at start (api/src/reports/report-days.ts), so triggers find an arrival's local day;
 * - `report_counts`: inquiries per local day of arrival, measure, owner ('' for nobody, and
 *   '*' for everyone) and value
 *   (`inquiry_report_rows` lists each inquiry's contributions; the triggers add and take away the
 *   same rows). A count that falls to zero is deleted, so an erased record leaves nothing behind.
 *   The app fills it when it fills `report_days`.
 */
export class CreateReportCounts1795000003900 implements MigrationInterface {
  name = 'CreateReportCounts1795000003900';

  async up(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    const time = postgres ? 'timestamptz' : 'datetime';
    await queryRunner.query(`ALTER TABLE "inquiries" ADD COLUMN "funnelStep" integer NOT NULL DEFAULT 0`);
    const idText = postgres ? 'i."id"::text' : 'i."id"';
    for (const [step, status] of STEPS.entries()) {
      if (step === 0) continue;
      await queryRunner.query(
        `UPDATE "inquiries" AS i SET "funnelStep" = ${step} WHERE i."status" = '${status}' OR EXISTS (
  SELECT 1 FROM "record_events" e WHERE e."recordId" = ${idText} AND e."type" = 'status' AND e."details" LIKE '%"to":"${status}"%')`,
      );
    }
    await queryRunner.query(`CREATE TABLE "report_days" (
  "startsAt" ${time} PRIMARY KEY NOT NULL,
  "day" varchar(10) NOT NULL,
  "timeZone" varchar(64) NOT NULL
)`);
    await queryRunner.query(`CREATE TABLE "report_counts" (
  "day" varchar(10) NOT NULL,
  "measure" varchar(16) NOT NULL,
  "ownerId" varchar(36) NOT NULL,
  "value" text NOT NULL,
  "count" ${postgres ? 'bigint' : 'integer'} NOT NULL,
  PRIMARY KEY ("day", "measure", "ownerId", "value")
)${postgres ? '' : ' WITHOUT ROWID'}`);
    // The triggers delete the counts that fell to zero after each change: found by this index, not a scan.
    await queryRunner.query(`CREATE INDEX "report_counts_empty" ON "report_counts" ("count") WHERE "count" = 0`);
    const rows = contributions(postgres, '"inquiries" AS r');
    await queryRunner.query(`CREATE VIEW "inquiry_report_rows" AS
SELECT "day", "measure", "ownerId", "value" FROM (${rows}) AS c
UNION ALL SELECT "day", "measure", '${EVERYONE}', "value" FROM (${rows}) AS e`);
    if (postgres) await createPostgresTriggers(queryRunner);
    else await createSqliteTriggers(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    for (const name of [
      'inquiries_report_insert',
      'inquiries_report_delete',
      'inquiries_report_update',
      'inquiries_funnel_step',
    ]) {
      await queryRunner.query(postgres ? `DROP TRIGGER "${name}" ON "inquiries"` : `DROP TRIGGER "${name}"`);
      if (postgres) await queryRunner.query(`DROP FUNCTION "${name}"()`);
    }
    if (!postgres) await queryRunner.query(`DROP TRIGGER "inquiries_funnel_step_insert"`);
    await queryRunner.query(`DROP VIEW "inquiry_report_rows"`);
    await queryRunner.query(`DROP TABLE "report_counts"`);
    await queryRunner.query(`DROP TABLE "report_days"`);
    await queryRunner.query(`ALTER TABLE "inquiries" DROP COLUMN "funnelStep"`);
  }
}

/** The funnel step a status is, -1 for the statuses off the path (Lost, Spam). */
const stepOf = (status: string) => `CASE ${status} ${STEPS.map((s, i) => `WHEN '${s}' THEN ${i}`).join(' ')} ELSE -1 END`;

/**
 * An inquiry's contributions to the counts, as `"day", "measure", "ownerId", "value"` rows: from
 * `source` (a table or a transition table, aliased `r`), or, with `source` null, from SQLite's
 * `new`/`old` row. A Spam inquiry counts nowhere.
 */
function contributions(postgres: boolean, source: string | null, row = 'r'): string {
  const col = (column: string) => `${row}."${column}"`;
  const utcDay = postgres
    ? `to_char(${col('createdAt')} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`
    : `substr(${col('createdAt')}, 1, 10)`;
  // The local day whose first instant is the last at or before the arrival; the UTC day outside the days filled.
  const day = `COALESCE((SELECT d."day" FROM "report_days" d WHERE d."startsAt" <= ${col('createdAt')} ORDER BY d."startsAt" DESC LIMIT 1), ${utcDay})`;
  const head = `SELECT ${day} AS "day", COALESCE(${col('ownerId')}, '') AS "ownerId"`;
  const from = source ? ` FROM ${source}` : '';
  const counted = `${col('status')} <> 'Spam'`;
  const select = (measure: string, value: string, condition = '1 = 1') =>
    `${head}, '${measure}' AS "measure", ${value} AS "value"${from} WHERE ${counted} AND ${condition}`;
  const minutes = postgres
    ? `CAST(FLOOR(EXTRACT(EPOCH FROM (${col('firstResponseAt')} - ${col('createdAt')})) / 60) AS integer)`
    : // Whole seconds first: a day fraction times 1440 lands a hair under a whole minute.
      `(CAST(ROUND((julianday(${col('firstResponseAt')}) - julianday(${col('createdAt')})) * 86400) AS INTEGER) / 60)`;
  // The bin's first minute (RESPONSE_BINS): few values a day per responder and owner, so a period reads few rows.
  const bin = `CASE ${RESPONSE_BINS.slice(1)
    .map((upper, i) => `WHEN ${minutes} < ${upper} THEN ${RESPONSE_BINS[i]}`)
    .join(' ')} ELSE ${RESPONSE_BINS[RESPONSE_BINS.length - 1]} END`;
  const items = postgres
    ? `${source ? `${source} CROSS JOIN LATERAL ` : ''}jsonb_array_elements_text(${col('commodities')}::jsonb) AS item("value")`
    : `${source ? `${source} CROSS JOIN ` : ''}json_each(${col('commodities')}) AS item`;
  return [
    select('total', `''`),
    select('step', `CAST(${col('funnelStep')} AS text)`),
    select('source', `${col('source')} || '|' || COALESCE(${col('sourcePartner')}, '')`),
    select('country', `COALESCE(${col('sort_addressCountry')}, '')`),
    select('port', `COALESCE(${col('destinationPort')}, '')`),
    `${head}, 'commodity' AS "measure", item."value" AS "value" FROM ${items} WHERE ${counted}`,
    select(
      'outcome',
      `${col('status')} || '|' || COALESCE(${col('outcomeReason')}, '')`,
      `${col('status')} IN (${OUTCOMES.map((s) => `'${s}'`).join(', ')})`,
    ),
    select(
      'response',
      `${col('firstResponderId')} || '|' || CAST(${bin} AS text)`,
      `${col('firstResponseAt')} IS NOT NULL AND ${col('firstResponderId')} IS NOT NULL AND ${col('firstResponseAt')} >= ${col('createdAt')}`,
    ),
  ].join('\nUNION ALL ');
}

/** The owner a count is also kept under for everyone's reports, so those read one row per value and day. */
const EVERYONE = '*';

const upsert = (rows: string) => `INSERT INTO "report_counts" ("day", "measure", "ownerId", "value", "count")
SELECT "day", "measure", "owner", "value", "n" FROM (
SELECT "day", "measure", "owner", "value", SUM("n") AS "n" FROM (
SELECT "day", "measure", CASE WHEN o."k" = 0 THEN "ownerId" ELSE '${EVERYONE}' END AS "owner", "value", "n"
FROM (${rows}) AS a CROSS JOIN (SELECT 0 AS "k" UNION ALL SELECT 1) AS o
) AS d GROUP BY "day", "measure", "owner", "value"
) AS counted WHERE "n" <> 0 ORDER BY "day", "measure", "owner", "value"
ON CONFLICT ("day", "measure", "ownerId", "value") DO UPDATE SET "count" = "report_counts"."count" + excluded."count";
DELETE FROM "report_counts" WHERE "count" = 0;`;

/** The funnel step raised before each write; the counts per statement, from its transition tables. */
async function createPostgresTriggers(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`CREATE FUNCTION "inquiries_funnel_step"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."funnelStep" := GREATEST(COALESCE(NEW."funnelStep", 0), ${stepOf('NEW."status"')});
  RETURN NEW;
END $$`);
  await queryRunner.query(
    `CREATE TRIGGER "inquiries_funnel_step" BEFORE INSERT OR UPDATE OF "status" ON "inquiries" FOR EACH ROW EXECUTE FUNCTION "inquiries_funnel_step"()`,
  );
  const added = (rows: string, sign: number) =>
    `SELECT "day", "measure", "ownerId", "value", ${sign} AS "n" FROM (${contributions(true, `${rows} AS r`)}) AS c`;
  const bodies = {
    insert: added('new_rows', 1),
    delete: added('old_rows', -1),
    update: `${added('new_rows', 1)} UNION ALL ${added('old_rows', -1)}`,
  };
  const transitions = {
    insert: 'NEW TABLE AS new_rows',
    delete: 'OLD TABLE AS old_rows',
    update: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
  };
  for (const event of ['insert', 'delete', 'update'] as const) {
    const name = `inquiries_report_${event}`;
    await queryRunner.query(`CREATE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${upsert(bodies[event])}
  RETURN NULL;
END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "${name}" AFTER ${event.toUpperCase()} ON "inquiries" REFERENCING ${transitions[event]} FOR EACH STATEMENT EXECUTE FUNCTION "${name}"()`,
    );
  }
}

/**
 * Per row (SQLite has no statement triggers): the row's own counts, and on a change the old row's
 * out and the new row's in. The funnel step is raised after the write (SQLite cannot change the
 * row being written), which moves the counts again through the update trigger.
 */
async function createSqliteTriggers(queryRunner: QueryRunner): Promise<void> {
  const of = (row: 'new' | 'old', sign: number) =>
    `SELECT "day", "measure", "ownerId", "value", ${sign} AS "n" FROM (${contributions(false, null, row)})`;
  await queryRunner.query(`CREATE TRIGGER "inquiries_report_insert" AFTER INSERT ON "inquiries" BEGIN
  ${upsert(of('new', 1))}
END`);
  await queryRunner.query(`CREATE TRIGGER "inquiries_report_delete" AFTER DELETE ON "inquiries" BEGIN
  ${upsert(of('old', -1))}
END`);
  const columns = COUNTED_COLUMNS.map((c) => `"${c}"`).join(', ');
  await queryRunner.query(`CREATE TRIGGER "inquiries_report_update" AFTER UPDATE OF ${columns} ON "inquiries" BEGIN
  ${upsert(`${of('new', 1)} UNION ALL ${of('old', -1)}`)}
END`);
  const raise = `UPDATE "inquiries" SET "funnelStep" = ${stepOf('new."status"')} WHERE "id" = new."id"`;
  await queryRunner.query(`CREATE TRIGGER "inquiries_funnel_step_insert" AFTER INSERT ON "inquiries"
WHEN ${stepOf('new."status"')} > new."funnelStep" BEGIN
  ${raise};
END`);
  await queryRunner.query(`CREATE TRIGGER "inquiries_funnel_step" AFTER UPDATE OF "status" ON "inquiries"
WHEN ${stepOf('new."status"')} > new."funnelStep" BEGIN
  ${raise};
END`);
}
