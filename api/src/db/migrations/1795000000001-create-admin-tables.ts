import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Admin accounts and their refresh tokens (docs/sessions.md). */
export class CreateAdminTables1795000000001 implements MigrationInterface {
  name = 'CreateAdminTables1795000000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'admins',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'email', type: 'varchar', length: '254', isUnique: true },
          { name: 'password_hash', type: 'varchar', length: '255' },
          { name: 'created_at', type: 'bigint' },
          { name: 'updated_at', type: 'bigint' },
        ],
      }),
      true,
    );
    await queryRunner.createTable(
      new Table({
        name: 'admin_refresh_tokens',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'family_id', type: 'varchar', length: '36' },
          { name: 'admin_id', type: 'varchar', length: '36' },
          { name: 'token_hash', type: 'varchar', length: '64', isUnique: true },
          { name: 'expires_at', type: 'bigint' },
          { name: 'used_at', type: 'bigint', isNullable: true },
          { name: 'revoked_at', type: 'bigint', isNullable: true },
          { name: 'created_at', type: 'bigint' },
        ],
        foreignKeys: [
          { columnNames: ['admin_id'], referencedTableName: 'admins', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
      }),
      true,
    );
    await queryRunner.createIndex(
      'admin_refresh_tokens',
      new TableIndex({ name: 'idx_admin_refresh_tokens_family', columnNames: ['family_id'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('admin_refresh_tokens', true);
    await queryRunner.dropTable('admins', true);
  }
}
