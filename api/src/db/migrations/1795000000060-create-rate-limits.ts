import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The counters of rate-limiter-flexible's PostgreSQL store (its own table layout), shared by every
 * replica. On SQLite the one process counts in memory, so there is nothing to create.
 */
export class CreateRateLimits1795000000060 implements MigrationInterface {
  name = 'CreateRateLimits1795000000060';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'postgres') return;
    await queryRunner.query(`CREATE TABLE "rate_limits" (
  "key" varchar(255) PRIMARY KEY,
  "points" integer NOT NULL DEFAULT 0,
  "expire" bigint
)`);
    // The store deletes expired counters every few minutes by this column.
    await queryRunner.query(`CREATE INDEX "rate_limits_expire" ON "rate_limits" ("expire")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'postgres') return;
    await queryRunner.query(`DROP TABLE "rate_limits"`);
  }
}
