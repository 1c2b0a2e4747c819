import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Newsletter double opt-in: each subscriber is pending until they open their confirmation link,
 * or unsubscribed. Addresses already on the list signed up before consent was asked: they stay
 * subscribed (confirmed).
 */
export class AddSubscriberConsent1795000000320 implements MigrationInterface {
  name = 'AddSubscriberConsent1795000000320';

  async up(queryRunner: QueryRunner): Promise<void> {
    const time = queryRunner.connection.options.type === 'postgres' ? 'timestamptz' : 'datetime';
    await queryRunner.query(`ALTER TABLE "subscribers" ADD COLUMN "status" text NOT NULL DEFAULT 'confirmed'`);
    await queryRunner.query(`ALTER TABLE "subscribers" ADD COLUMN "confirmationSentAt" ${time}`);
    // The dashboard counts confirmed subscribers.
    await queryRunner.query(`CREATE INDEX "subscribers_status" ON "subscribers" ("status")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "subscribers_status"`);
    await queryRunner.query(`ALTER TABLE "subscribers" DROP COLUMN "confirmationSentAt"`);
    await queryRunner.query(`ALTER TABLE "subscribers" DROP COLUMN "status"`);
  }
}
