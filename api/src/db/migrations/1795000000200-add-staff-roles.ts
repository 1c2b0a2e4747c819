import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** The admins table, in the data source's schema when one is configured (else the search path's). */
function adminsTable(queryRunner: QueryRunner): string {
  const { schema } = queryRunner.connection.options as { schema?: string };
  return schema ? `"${schema}"."admins"` : '"admins"';
}

/**
 * Staff roles and disabled accounts (docs/admin.md): the admins there are already become owners.
 * Refresh tokens get an index on revoked_at, read every few seconds by each replica to refuse the
 * access tokens of revoked sessions (docs/sessions.md).
 */
export class AddStaffRoles1795000000200 implements MigrationInterface {
  name = 'AddStaffRoles1795000000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Plain ALTER TABLE: TypeORM would rebuild the SQLite table (and its foreign keys) to add a column.
    const admins = adminsTable(queryRunner);
    await queryRunner.query(`ALTER TABLE ${admins} ADD COLUMN "role" varchar(16) NOT NULL DEFAULT 'owner'`);
    await queryRunner.query(`ALTER TABLE ${admins} ADD COLUMN "disabled_at" bigint NULL`);
    await queryRunner.createIndex(
      'admin_refresh_tokens',
      new TableIndex({ name: 'idx_admin_refresh_tokens_revoked', columnNames: ['revoked_at'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('admin_refresh_tokens', 'idx_admin_refresh_tokens_revoked');
    await queryRunner.query(`ALTER TABLE ${adminsTable(queryRunner)} DROP COLUMN "disabled_at"`);
    await queryRunner.query(`ALTER TABLE ${adminsTable(queryRunner)} DROP COLUMN "role"`);
  }
}
