import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each record table: its realtime event, record kind, and the columns shown as name and detail. */
const ANNOUNCED = [
  ['contact_messages', 'contactUpdated', 'contact', 'name', 'email'],
  ['subscribers', 'subscriberUpdated', 'subscriber', 'email', null],
  ['inquiries', 'inquiryUpdated', 'inquiry', 'fullName', 'companyName'],
  ['supplier_inquiries', 'supplierInquiryUpdated', 'supplierInquiry', 'fullName', 'productName'],
] as const;

/**
 * PostgreSQL only: every insert into a record table NOTIFYs the realtime channel of its schema
 * from inside the inserting transaction, so the event goes out exactly when the row commits and
 * never for a row that rolled back (docs/operations.md#realtime-across-replicas). The payload is the app's
 * realtime event. A statement inserting more than 100 rows (a bulk load) sends one resync
 * message instead of an event per row: the admins re-fetch.
 */
export class AnnounceRecords1795000000600 implements MigrationInterface {
  name = 'AnnounceRecords1795000000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'postgres') return;
    await queryRunner.query(`CREATE FUNCTION "announce_records"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  channel text := CASE WHEN TG_TABLE_SCHEMA = 'public' THEN 'sourcing_events'
    ELSE lower('sourcing_events_' || regexp_replace(TG_TABLE_SCHEMA, '[^a-zA-Z0-9_]', '_', 'g')) END;
BEGIN
  IF (SELECT count(*) FROM (SELECT 1 FROM inserted_rows LIMIT 101) AS bulk) > 100 THEN
    PERFORM pg_notify(channel, '{"resync":true}');
    RETURN NULL;
  END IF;
  PERFORM pg_notify(channel, json_build_object(
    'event', TG_ARGV[0],
    'summary', json_strip_nulls(json_build_object(
      'id', r.id,
      'kind', TG_ARGV[1],
      'displayName', left(r.fields ->> TG_ARGV[2], 500),
      'detail', CASE WHEN TG_NARGS > 3 THEN left(r.fields ->> TG_ARGV[3], 500) END,
      'createdAt', to_char(r."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    ))
  )::text)
  FROM (SELECT i.id, i."createdAt", to_jsonb(i) AS fields FROM inserted_rows AS i) AS r;
  RETURN NULL;
END $$`);
    for (const [table, event, kind, title, detail] of ANNOUNCED) {
      const args = [event, kind, title, detail].filter((arg) => arg !== null).map((arg) => `'${arg}'`);
      await queryRunner.query(
        `CREATE TRIGGER "${table}_announce" AFTER INSERT ON "${table}" REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_records"(${args.join(', ')})`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'postgres') return;
    for (const [table] of ANNOUNCED) await queryRunner.query(`DROP TRIGGER "${table}_announce" ON "${table}"`);
    await queryRunner.query(`DROP FUNCTION "announce_records"()`);
  }
}
