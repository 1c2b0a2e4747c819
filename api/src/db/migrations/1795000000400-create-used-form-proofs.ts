import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The proof-of-work solutions the public forms have accepted, until their challenge expires: one
 * row per solution, so a replayed one is refused by every replica (docs/forms.md#spam-protection).
 */
export class CreateUsedFormProofs1795000000400 implements MigrationInterface {
  name = 'CreateUsedFormProofs1795000000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "used_form_proofs" ("key" varchar(64) PRIMARY KEY NOT NULL, "expiresAt" bigint NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "used_form_proofs_expires" ON "used_form_proofs" ("expiresAt")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "used_form_proofs"`);
  }
}
