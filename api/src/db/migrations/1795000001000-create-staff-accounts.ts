import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A table in the data source's schema when one is configured (else the search path's). */
const tableIn = (queryRunner: QueryRunner) => (name: string) => {
  const { schema } = queryRunner.connection.options as { schema?: string };
  return schema ? `"${schema}"."${name}"` : `"${name}"`;
};

/**
 * Staff accounts people expect (docs/sessions.md): display names and reply signatures, two-factor
 * sign-in (an encrypted TOTP secret, the last time step used, hashed single-use recovery codes),
 * invitations (only a hash of their token), passkeys with their one-time challenges, and what each
 * session is (app, device, last address); sessions started before it have none and show as unknown.
 */
export class CreateStaffAccounts1795000001000 implements MigrationInterface {
  name = 'CreateStaffAccounts1795000001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const q = (sql: string) => queryRunner.query(sql);
    const t = tableIn(queryRunner);
    await q(`ALTER TABLE ${t('admins')} ADD COLUMN "display_name" varchar(80) NOT NULL DEFAULT ''`);
    await q(`ALTER TABLE ${t('admins')} ADD COLUMN "signature" text NOT NULL DEFAULT ''`);
    await q(`ALTER TABLE ${t('admins')} ADD COLUMN "totp_secret" text NULL`);
    await q(`ALTER TABLE ${t('admins')} ADD COLUMN "totp_pending_secret" text NULL`);
    await q(`ALTER TABLE ${t('admins')} ADD COLUMN "totp_last_step" bigint NULL`);
    const admin = `"admin_id" varchar(36) NOT NULL REFERENCES ${t('admins')} ("id") ON DELETE CASCADE`;
    await q(`CREATE TABLE ${t('admin_recovery_codes')} (
  "id" varchar(36) PRIMARY KEY,
  ${admin},
  "code_hash" varchar(64) NOT NULL,
  "used_at" bigint NULL,
  "created_at" bigint NOT NULL
)`);
    await q(`CREATE INDEX "idx_admin_recovery_codes_admin" ON ${t('admin_recovery_codes')} ("admin_id")`);
    await q(`CREATE TABLE ${t('admin_invitations')} (
  "id" varchar(36) PRIMARY KEY,
  "email" varchar(254) NOT NULL UNIQUE,
  "role" varchar(16) NOT NULL,
  "token_hash" varchar(64) NOT NULL UNIQUE,
  "invited_by" varchar(36) NULL,
  "sent_at" bigint NOT NULL,
  "expires_at" bigint NOT NULL
)`);
    await q(`CREATE TABLE ${t('admin_passkeys')} (
  "id" varchar(36) PRIMARY KEY,
  ${admin},
  "credential_id" varchar(1024) NOT NULL UNIQUE,
  "public_key" text NOT NULL,
  "counter" bigint NOT NULL,
  "transports" text NOT NULL DEFAULT '[]',
  "rp_id" varchar(253) NOT NULL,
  "name" varchar(60) NOT NULL,
  "created_at" bigint NOT NULL,
  "last_used_at" bigint NULL
)`);
    await q(`CREATE INDEX "idx_admin_passkeys_admin" ON ${t('admin_passkeys')} ("admin_id")`);
    await q(`CREATE TABLE ${t('admin_webauthn_challenges')} (
  "challenge" varchar(128) PRIMARY KEY,
  "admin_id" varchar(36) NULL,
  "purpose" varchar(16) NOT NULL,
  "expires_at" bigint NOT NULL
)`);
    // Keyed by the refresh-token family; when it started and was last renewed are its tokens' times.
    await q(`CREATE TABLE ${t('admin_sessions')} (
  "id" varchar(36) PRIMARY KEY,
  ${admin},
  "client" varchar(16) NOT NULL,
  "device" varchar(120) NOT NULL DEFAULT '',
  "address" varchar(64) NOT NULL DEFAULT ''
)`);
    await q(`CREATE INDEX "idx_admin_refresh_tokens_admin" ON ${t('admin_refresh_tokens')} ("admin_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const t = tableIn(queryRunner);
    await queryRunner.dropIndex('admin_refresh_tokens', 'idx_admin_refresh_tokens_admin');
    const tables = ['admin_sessions', 'admin_webauthn_challenges', 'admin_passkeys', 'admin_invitations', 'admin_recovery_codes'];
    for (const table of tables) await queryRunner.query(`DROP TABLE ${t(table)}`);
    for (const column of ['totp_last_step', 'totp_pending_secret', 'totp_secret', 'signature', 'display_name']) {
      await queryRunner.query(`ALTER TABLE ${t('admins')} DROP COLUMN "${column}"`);
    }
  }
}
