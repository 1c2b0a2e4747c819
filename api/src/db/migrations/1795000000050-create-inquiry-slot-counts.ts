import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Length of a counting slot: every time zone's midnight (and DST change) falls on a 15-minute boundary. */
const SLOT_SECONDS = 900;

/**
 * Inquiries per 15-minute UTC slot, kept by triggers in the inserting transaction, so the
 * dashboard trend sums at most a period's slots (2,976 for a month) instead of counting every
 * inquiry of the period, whatever the volume.
 */
export class CreateInquirySlotCounts1795000000050 implements MigrationInterface {
  name = 'CreateInquirySlotCounts1795000000050';

  async up(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    await queryRunner.query(`CREATE TABLE "inquiry_slot_counts" ("slot" bigint PRIMARY KEY NOT NULL, "total" bigint NOT NULL)`);
    const slotOf = (row: string) =>
      postgres
        ? `floor(extract(epoch from ${row}"createdAt") / ${SLOT_SECONDS})::bigint`
        : `CAST(strftime('%s', ${row}"createdAt") AS INTEGER) / ${SLOT_SECONDS}`;
    if (postgres) {
      await queryRunner.query(`CREATE FUNCTION "inquiry_slot_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "inquiry_slot_counts" ("slot", "total")
    SELECT ${slotOf('')}, COUNT(*) FROM changed_rows GROUP BY 1
  ON CONFLICT ("slot") DO UPDATE SET "total" = "inquiry_slot_counts"."total" + EXCLUDED."total";
  RETURN NULL;
END $$`);
      await queryRunner.query(`CREATE FUNCTION "inquiry_slot_counts_subtract"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "inquiry_slot_counts" AS c SET "total" = c."total" - d."n"
    FROM (SELECT ${slotOf('')} AS "slot", COUNT(*) AS "n" FROM changed_rows GROUP BY 1) AS d
    WHERE c."slot" = d."slot";
  RETURN NULL;
END $$`);
      await queryRunner.query(
        `CREATE TRIGGER "inquiries_slot_insert" AFTER INSERT ON "inquiries" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "inquiry_slot_counts_add"()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "inquiries_slot_delete" AFTER DELETE ON "inquiries" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "inquiry_slot_counts_subtract"()`,
      );
    } else {
      await queryRunner.query(`CREATE TRIGGER "inquiries_slot_insert" AFTER INSERT ON "inquiries" BEGIN
  INSERT INTO "inquiry_slot_counts" ("slot", "total") VALUES (${slotOf('new.')}, 1)
  ON CONFLICT ("slot") DO UPDATE SET "total" = "total" + 1;
END`);
      await queryRunner.query(`CREATE TRIGGER "inquiries_slot_delete" AFTER DELETE ON "inquiries" BEGIN
  UPDATE "inquiry_slot_counts" SET "total" = "total" - 1 WHERE "slot" = ${slotOf('old.')};
END`);
    }
    // After the triggers, as in the record counts migration: nothing is missed or counted twice.
    await queryRunner.query(
      `INSERT INTO "inquiry_slot_counts" ("slot", "total") SELECT ${slotOf('')}, COUNT(*) FROM "inquiries" GROUP BY 1`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    for (const trigger of ['inquiries_slot_insert', 'inquiries_slot_delete']) {
      await queryRunner.query(postgres ? `DROP TRIGGER "${trigger}" ON "inquiries"` : `DROP TRIGGER "${trigger}"`);
    }
    if (postgres) {
      await queryRunner.query(`DROP FUNCTION "inquiry_slot_counts_add"()`);
      await queryRunner.query(`DROP FUNCTION "inquiry_slot_counts_subtract"()`);
    }
    await queryRunner.query(`DROP TABLE "inquiry_slot_counts"`);
  }
}
