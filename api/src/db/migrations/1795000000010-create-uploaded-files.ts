import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Accepted uploads by stored name (the records keep the same details in their JSON column). */
export class CreateUploadedFiles1795000000010 implements MigrationInterface {
  name = 'CreateUploadedFiles1795000000010';

  async up(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    await queryRunner.query(`CREATE TABLE "uploaded_files" (
  "storedName" text PRIMARY KEY NOT NULL,
  "originalName" text NOT NULL,
  "mimeType" text NOT NULL,
  "size" integer NOT NULL,
  "recordKind" text NOT NULL,
  "recordId" ${postgres ? 'uuid' : 'varchar(36)'} NOT NULL,
  "createdAt" ${postgres ? 'timestamptz' : 'datetime'} NOT NULL
)`);
    await queryRunner.query(`CREATE INDEX "uploaded_files_record" ON "uploaded_files" ("recordId")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "uploaded_files"`);
  }
}
