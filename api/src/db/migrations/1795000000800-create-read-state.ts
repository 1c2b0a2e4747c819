import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The record kinds when this migration was written. */
const RECORD_KINDS = ['inquiry', 'supplierInquiry', 'contact', 'subscriber'];

/**
 * What each admin has read (docs/decisions.md#read-state-per-admin): per admin and kind, a
 * watermark ("everything created up to here is read"), and the records read one by one after it.
 * An admin without a watermark of a kind reads from their account's creation.
 */
export class CreateReadState1795000000800 implements MigrationInterface {
  name = 'CreateReadState1795000000800';

  async up(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    const time = postgres ? 'timestamptz' : 'datetime';
    await queryRunner.query(`CREATE TABLE "read_watermarks" (
  "adminId" varchar(36) NOT NULL,
  "recordKind" varchar(32) NOT NULL,
  "readUpTo" ${time} NOT NULL,
  PRIMARY KEY ("adminId", "recordKind")
)`);
    // recordId has the records' own id type, so counting joins the record tables on it directly.
    await queryRunner.query(`CREATE TABLE "record_reads" (
  "adminId" varchar(36) NOT NULL,
  "recordKind" varchar(32) NOT NULL,
  "recordId" ${postgres ? 'uuid' : 'varchar(36)'} NOT NULL,
  "recordCreatedAt" ${time} NOT NULL,
  "readAt" ${time} NOT NULL,
  PRIMARY KEY ("adminId", "recordKind", "recordId")
)`);
    await queryRunner.query(`CREATE INDEX "record_reads_created" ON "record_reads" ("adminId", "recordKind", "recordCreatedAt")`);
    // Accounts that exist today start with nothing unread: their old "new" badges lived in each browser.
    const now = postgres ? 'now()' : `strftime('%Y-%m-%d %H:%M:%f', 'now')`;
    for (const kind of RECORD_KINDS) {
      await queryRunner.query(
        `INSERT INTO "read_watermarks" ("adminId", "recordKind", "readUpTo") SELECT "id", '${kind}', ${now} FROM "admins"`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "record_reads"`);
    await queryRunner.query(`DROP TABLE "read_watermarks"`);
  }
}
